// Joins: combine of two sources, a diamond, combine with a transform at fixed arity and as a parameter pack,
// and combine over a runtime list.

import Benchmark
import BenchmarkSupport
import Rill

/// combine2: combine(a, b) with one subscriber; sends alternate between a and b (both hold a value already).
func combine2() {
  workload("combine2", .rill) { benchmark in
    var sink = 0
    let a = Rill.Subject<Int>()
    let b = Rill.Subject<Int>()
    let subscription = combine(a, b).subscribe { sink &+= $0.0 &+ $0.1 }
    a.send(0)
    b.send(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if value.isMultiple(of: 2) { a.send(value) } else { b.send(value) }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscription)
  }

  // The join keeps the latest value of each source; the subscriber is an opaque closure, stored once.
  workload("combine2", .baseline) { benchmark in
    var sink = 0
    var latest = (a: 0, b: 0)
    let effect: ((Int, Int)) -> Void = identity { sink &+= $0.0 &+ $0.1 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if value.isMultiple(of: 2) { latest.a = value } else { latest.b = value }
      effect((latest.a, latest.b))
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload("combine2", .straightLine) { benchmark in
    var sink = 0
    var latest = (a: 0, b: 0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if value.isMultiple(of: 2) { latest.a = value } else { latest.b = value }
      sink &+= latest.a &+ latest.b
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}

/// diamond: s → map(+1) and s → map(×2), combined, one subscriber; one tuple per send (glitch-free).
func diamond() {
  workload("diamond", .rill) { benchmark in
    var sink = 0
    let source = Rill.Subject<Int>()
    let incremented = source.map { $0 &+ 1 }
    let doubled = source.map { $0 &* 2 }
    let subscription = combine(incremented, doubled).subscribe { sink &+= $0.0 &+ $0.1 }
    source.send(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      source.send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscription)
  }

  // Both maps and the subscriber opaque closures, stored once, called in the graph's order.
  workload("diamond", .baseline) { benchmark in
    var sink = 0
    let increment: (Int) -> Int = identity { $0 &+ 1 }
    let double: (Int) -> Int = identity { $0 &* 2 }
    let effect: ((Int, Int)) -> Void = identity { sink &+= $0.0 &+ $0.1 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      effect((increment(value), double(value)))
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload("diamond", .straightLine) { benchmark in
    var sink = 0
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      sink &+= (value &+ 1) &+ (value &* 2)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}

// MARK: - combine with a transform, fixed arity and parameter pack

/// combine<n>_transform: `combine(s0, …) { $0 &+ $1 &+ … }` over `n` subjects (each holding a value already), one
/// subscriber; each send goes to the next source in turn and yields one sum. Five sources take a fixed-arity form,
/// seven the parameter-pack form (not specialized for the caller's types: about three times the instructions).
func combineTransform(sources count: Int) {
  let name = "combine\(count)_transform"

  workload(name, .rill) { benchmark in
    var sink = 0
    let s = (0..<count).map { _ in Rill.Subject<Int>() }
    let sum: Signal<Int>
    if count == 5 {
      sum = combine(s[0], s[1], s[2], s[3], s[4]) { $0 &+ $1 &+ $2 &+ $3 &+ $4 }
    } else {
      // The pack form checks a closure before it knows its types: spelled out, the `&+` chain checks at once.
      sum = combine(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
        (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) in a &+ b &+ c &+ d &+ e &+ f &+ g
      }
    }
    let subscription = sum.subscribe { sink &+= $0 }
    for source in s { source.send(0) }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      s[value % count].send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscription)
  }

  // The join keeps the latest value of each source (in a buffer borrowed once); its transform and the subscriber
  // are opaque closures, stored once.
  workload(name, .baseline) { benchmark in
    var sink = 0
    var latest = ContiguousArray(repeating: 0, count: count)
    let effect: (Int) -> Void = identity { sink &+= $0 }
    latest.withUnsafeMutableBufferPointer { latest in
      if count == 5 {
        let transform: (Int, Int, Int, Int, Int) -> Int = identity { $0 &+ $1 &+ $2 &+ $3 &+ $4 }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations {
          latest[value % count] = value
          effect(transform(latest[0], latest[1], latest[2], latest[3], latest[4]))
        }
        benchmark.stopMeasurement()
      } else {
        let transform: (Int, Int, Int, Int, Int, Int, Int) -> Int = identity {
          $0 &+ $1 &+ $2 &+ $3 &+ $4 &+ $5 &+ $6
        }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations {
          latest[value % count] = value
          effect(transform(latest[0], latest[1], latest[2], latest[3], latest[4], latest[5], latest[6]))
        }
        benchmark.stopMeasurement()
      }
    }
    blackHole(sink)
  }

  workload(name, .straightLine) { benchmark in
    var sink = 0
    var latest = ContiguousArray(repeating: 0, count: count)
    latest.withUnsafeMutableBufferPointer { latest in
      benchmark.startMeasurement()
      for value in benchmark.scaledIterations {
        latest[value % count] = value
        var sum = 0
        for element in latest { sum &+= element }
        sink &+= sum
      }
      benchmark.stopMeasurement()
    }
    blackHole(sink)
  }
}

// MARK: - combine over a runtime list

/// combine_list_<n>: `combine(sources)` over `n` subjects (each holding a value already), one subscriber that
/// reads two elements of the array; each send goes to the next source in turn. A send must cost the same at
/// 10 and 1,000 sources: recording one value and checking that every source has one are O(1).
func combineList(sources count: Int) {
  let name = "combine_list_\(count)"

  workload(name, .rill) { benchmark in
    var sink = 0
    let sources = (0..<count).map { _ in Rill.Subject<Int>() }
    let subscription = combine(sources).subscribe { sink &+= $0[0] &+ $0[count - 1] }
    for (index, source) in sources.enumerated() { source.send(index) }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      sources[value % count].send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscription)
  }

  // The join keeps the latest values in an array it hands to the subscriber, an opaque closure stored once.
  workload(name, .baseline) { benchmark in
    var sink = 0
    var latest = [Int](repeating: 0, count: count)
    let effect: ([Int]) -> Void = identity { sink &+= $0[0] &+ $0[count - 1] }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      latest[value % count] = value
      effect(latest)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload(name, .straightLine) { benchmark in
    var sink = 0
    var latest = [Int](repeating: 0, count: count)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      latest[value % count] = value
      sink &+= latest[0] &+ latest[count - 1]
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}
