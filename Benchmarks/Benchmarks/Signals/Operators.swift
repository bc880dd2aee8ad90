// Operator chains: a chain of maps and a filter, and take(until:).

import Benchmark
import BenchmarkSupport
import OpenCombine
import Rill

/// chain3: subject → map(+1) → filter(even) → map(×2) → one subscriber.
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

  // Each closure Rill is given an opaque closure, stored once, called in the chain's order.
  workload("chain3", .baseline) { benchmark in
    var sink = 0
    let increment: (Int) -> Int = identity { $0 &+ 1 }
    let isEven: (Int) -> Bool = identity { $0.isMultiple(of: 2) }
    let double: (Int) -> Int = identity { $0 &* 2 }
    let effect: (Int) -> Void = identity { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      let incremented = increment(value)
      if isEven(incremented) { effect(double(incremented)) }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload("chain3", .straightLine) { benchmark in
    var sink = 0
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      let incremented = value &+ 1
      if incremented.isMultiple(of: 2) { sink &+= incremented &* 2 }
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

/// take_until: subject → take(until: stop) → one subscriber; `stop` never emits, so every value passes, each
/// held until its propagation's pass is over (rule 6). The baseline checks a flag before it calls the subscriber.
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
    let effect: (Int) -> Void = identity { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if !stopped { effect(value) }
    }
    benchmark.stopMeasurement()
    stopped = true
    blackHole(sink)
    blackHole(stopped)
  }

  workload("take_until", .straightLine) { benchmark in
    var sink = 0
    var stopped = false
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if !stopped { sink &+= value }
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

/// merge5: five subjects → merge → one subscriber; each send goes to the next subject in turn, so every port of the
/// merge delivers. The baseline keeps a closure per source, stored once, each calling the subscriber's.
func mergeFive() {
  workload("merge5", .rill) { benchmark in
    var sink = 0
    let sources = (0..<5).map { _ in Rill.Subject<Int>() }
    let subscription = merge(sources).subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      sources[value % 5].send(value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscription)
  }

  workload("merge5", .baseline) { benchmark in
    var sink = 0
    let effect: (Int) -> Void = identity { sink &+= $0 }
    let ports = identity(ContiguousArray<(Int) -> Void>((0..<5).map { _ in { effect($0) } }))
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      ports[value % 5](value)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload("merge5", .straightLine) { benchmark in
    var sink = 0
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      sink &+= value
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}
