// Delivery cost: sending values through subjects, operator chains and joins.
//
// Each workload runs for Rill, the hand-written limit (closures in a ContiguousArray called in a loop) and
// OpenCombine where it has the operation (0.14.0 has no combineLatest, so combine2 and diamond have no
// OpenCombine column). Every subscriber adds what it receives into one `sink`; one iteration sends 1,000 values.

import Benchmark
import BenchmarkSupport
import OpenCombine
import Rill

/// The suite, as the benchmark plugin's generated entry point expects it.
let benchmarks: @Sendable () -> Void = {
  for subscribers in [1, 10, 100] {
    send(subscribers: subscribers)
  }
  chain3()
  combine2()
  combineTransform(sources: 5)
  combineTransform(sources: 7)
  diamond()
  takeUntil()
  for sources in [10, 1000] {
    combineList(sources: sources)
  }
  for (name, joins) in [("fanout_combine_10", 10), ("fanout_combine_1000", 1_000), ("fanout_combine_10k", 10_000)] {
    fanoutCombine(name, joins: joins)
  }
}

/// send_<n>sub: one subject, `n` subscribers, send 0..<1000.
func send(subscribers: Int) {
  let name = "send_\(subscribers)sub"

  workload(name, .rill) { benchmark in
    var sink = 0
    let subject = Rill.Subject<Int>()
    let subscriptions = (0..<subscribers).map { _ in subject.subscribe { sink &+= $0 } }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      subject.send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscriptions)
  }

  workload(name, .baseline) { benchmark in
    var sink = 0
    var observers = ContiguousArray<(Int) -> Void>()
    for _ in 0..<subscribers {
      observers.append { sink &+= $0 }
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for observer in observers {
        observer(value)
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload(name, .openCombine) { benchmark in
    var sink = 0
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<subscribers).map { _ in subject.sink { sink &+= $0 } }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      subject.send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(cancellables)
  }
}

/// chain3: subject → map(+1) → filter(even) → map(×2) → one subscriber. The limit is one fused closure.
func chain3() {
  workload("chain3", .rill) { benchmark in
    var sink = 0
    let subject = Rill.Subject<Int>()
    let subscription =
      subject
      .map { $0 &+ 1 }
      .filter { $0.isMultiple(of: 2) }
      .map { $0 &* 2 }
      .subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      subject.send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscription)
  }

  workload("chain3", .baseline) { benchmark in
    var sink = 0
    let observers: ContiguousArray<(Int) -> Void> = [
      { value in
        let incremented = value &+ 1
        if incremented.isMultiple(of: 2) { sink &+= incremented &* 2 }
      }
    ]
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for observer in observers {
        observer(value)
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload("chain3", .openCombine) { benchmark in
    var sink = 0
    let subject = PassthroughSubject<Int, Never>()
    let cancellable =
      subject
      .map { $0 &+ 1 }
      .filter { $0.isMultiple(of: 2) }
      .map { $0 &* 2 }
      .sink { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      subject.send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(cancellable)
  }
}

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

  // The limit: each source's observer records the latest value and calls the join's observers.
  workload("combine2", .baseline) { benchmark in
    var sink = 0
    var latestA = 0
    var latestB = 0
    let joined: ContiguousArray<((Int, Int)) -> Void> = [{ sink &+= $0.0 &+ $0.1 }]
    let observersOfA: ContiguousArray<(Int) -> Void> = [
      { value in
        latestA = value
        for observer in joined { observer((latestA, latestB)) }
      }
    ]
    let observersOfB: ContiguousArray<(Int) -> Void> = [
      { value in
        latestB = value
        for observer in joined { observer((latestA, latestB)) }
      }
    ]
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for observer in value.isMultiple(of: 2) ? observersOfA : observersOfB {
        observer(value)
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}

/// diamond: s → map(+1) and s → map(×2), combined, one subscriber; one tuple per send (glitch-free). The limit
/// is one fused closure.
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

  workload("diamond", .baseline) { benchmark in
    var sink = 0
    let observers: ContiguousArray<(Int) -> Void> = [{ sink &+= ($0 &+ 1) &+ ($0 &* 2) }]
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for observer in observers {
        observer(value)
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}

/// take_until: subject → take(until: stop) → one subscriber; `stop` never emits, so every value passes, each
/// held until its propagation's pass is over (rule 6). The limit is one closure that checks a flag.
func takeUntil() {
  workload("take_until", .rill) { benchmark in
    var sink = 0
    let source = Rill.Subject<Int>()
    let stop = Rill.Subject<Void>()
    let subscription = source.take(until: stop).subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      source.send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscription)
  }

  workload("take_until", .baseline) { benchmark in
    var sink = 0
    var stopped = false
    let observers: ContiguousArray<(Int) -> Void> = [{ if !stopped { sink &+= $0 } }]
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for observer in observers {
        observer(value)
      }
    }
    benchmark.stopMeasurement()
    stopped = true
    blackHole(sink)
    blackHole(stopped)
  }

  workload("take_until", .openCombine) { benchmark in
    var sink = 0
    let source = PassthroughSubject<Int, Never>()
    let stop = PassthroughSubject<Void, Never>()
    let cancellable = source.prefix(untilOutputFrom: stop).sink { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      source.send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(cancellable)
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

  // The limit: each source's observer records its value and calls the join's observers with the sum.
  workload(name, .baseline) { benchmark in
    var sink = 0
    var latest = [Int](repeating: 0, count: count)
    let joined: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    let observersOfSource: [ContiguousArray<(Int) -> Void>] = (0..<count).map { index in
      [
        { value in
          latest[index] = value
          let sum = latest.reduce(0, &+)
          for observer in joined { observer(sum) }
        }
      ]
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for observer in observersOfSource[value % count] {
        observer(value)
      }
    }
    benchmark.stopMeasurement()
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

  // The limit: each source's observer records its value in the array and calls the join's observers with it.
  workload(name, .baseline) { benchmark in
    var sink = 0
    var latest = [Int](repeating: 0, count: count)
    let joined: ContiguousArray<([Int]) -> Void> = [{ sink &+= $0[0] &+ $0[count - 1] }]
    let observersOfSource: [ContiguousArray<(Int) -> Void>] = (0..<count).map { index in
      [
        { value in
          latest[index] = value
          for observer in joined { observer(latest) }
        }
      ]
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for observer in observersOfSource[value % count] {
        observer(value)
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}

/// fanout_combine_<n>: one send to `s` feeding `n` joins `combine(s.map(+i), other)`, each with a subscriber: n
/// joins settle per send. One iteration is one send; compare.sh also shows the time per join, which should not
/// grow with `n` (the settle order is kept in rank order without scanning every pending join). The limit is each
/// source observer recording its value and calling the join's observer at once (it needs no settle).
func fanoutCombine(_ name: String, joins: Int) {
  workload(name, .rill, operations: .one) { benchmark in
    var sink = 0
    let source = Rill.Subject<Int>()
    let other = Rill.CurrentValueSubject(1)
    let subscriptions = (0..<joins).map { offset in
      combine(source.map { $0 &+ offset }, other).subscribe { sink &+= $0.0 &+ $0.1 }
    }
    source.send(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      source.send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscriptions)
  }

  workload(name, .baseline, operations: .one) { benchmark in
    var sink = 0
    var latestOther = 1
    var latest = [Int](repeating: 0, count: joins)
    var observers = ContiguousArray<(Int) -> Void>()
    for offset in 0..<joins {
      let joined: ContiguousArray<((Int, Int)) -> Void> = [{ sink &+= $0.0 &+ $0.1 }]
      observers.append { value in
        latest[offset] = value &+ offset
        for observer in joined { observer((latest[offset], latestOther)) }
      }
    }
    latestOther = 1
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for observer in observers {
        observer(value)
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(latest)
  }
}
