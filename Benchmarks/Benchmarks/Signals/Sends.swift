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

  // Each subscriber an opaque closure, stored once in an immutable array and called by index: the compiler then
  // borrows each closure (`for observer in observers`, or an element read from `withUnsafeBufferPointer`, copies
  // it: a retain and a release per call).
  workload(name, .baseline) { benchmark in
    var sink = 0
    let observers = identity(ContiguousArray<(Int) -> Void>((0..<subscribers).map { _ in { sink &+= $0 } }))
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for index in observers.indices {
        observers[index](value)
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload(name, .straightLine) { benchmark in
    var sink = 0
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      for _ in 0..<subscribers {
        sink &+= value
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
