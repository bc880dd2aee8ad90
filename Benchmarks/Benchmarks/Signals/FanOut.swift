// Fan-out: one send settles n joins.

import Benchmark
import BenchmarkSupport
import Rill

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
