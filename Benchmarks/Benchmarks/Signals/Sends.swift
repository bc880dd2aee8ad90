// Sending values through one subject to 1, 10 and 100 subscribers.

import Benchmark
import BenchmarkSupport
import OpenCombine
import Rill

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
