// Fan-out: one send settles n joins.

import Benchmark
import BenchmarkSupport
import Rill

/// fanout_combine_<n>: one send to `s` feeding `n` joins `combine(s.map(+i), other)`, each with a subscriber: n
/// joins settle per send. One iteration is one send; compare.sh also shows the time per join, which should not
/// grow with `n` (the settle order is kept in rank order without scanning every pending join).
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

  // Each join's map and subscriber opaque closures, stored once in immutable arrays and called by index (borrowed,
  // no retain per call); each join keeps its latest values in a buffer borrowed once. A join needs no settle here
  // (its other source never changes), so each is called as its map's value arrives.
  workload(name, .baseline, operations: .one) { benchmark in
    var sink = 0
    let latestOther = 1
    var latest = ContiguousArray(repeating: 0, count: joins)
    let maps = identity(ContiguousArray<(Int) -> Int>((0..<joins).map { offset in { $0 &+ offset } }))
    let effects = identity(
      ContiguousArray<((Int, Int)) -> Void>((0..<joins).map { _ in { sink &+= $0.0 &+ $0.1 } }))
    latest.withUnsafeMutableBufferPointer { latest in
      benchmark.startMeasurement()
      for value in benchmark.scaledIterations {
        for join in 0..<joins {
          latest[join] = maps[join](value)
          effects[join]((latest[join], latestOther))
        }
      }
      benchmark.stopMeasurement()
    }
    blackHole(sink)
    blackHole(latest)
  }

  workload(name, .straightLine, operations: .one) { benchmark in
    var sink = 0
    let latestOther = identity(1)
    var latest = ContiguousArray(repeating: 0, count: joins)
    latest.withUnsafeMutableBufferPointer { latest in
      benchmark.startMeasurement()
      for value in benchmark.scaledIterations {
        for join in 0..<joins {
          latest[join] = value &+ join
          sink &+= latest[join] &+ latestOther
        }
      }
      benchmark.stopMeasurement()
    }
    blackHole(sink)
    blackHole(latest)
  }
}
