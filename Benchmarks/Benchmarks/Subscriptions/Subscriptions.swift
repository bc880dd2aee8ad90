// Subscription bookkeeping: subscribing and cancelling, one at a time among long-lived subscribers, and
// 10,000 at once in three orders; and tearing down a deep chain.
//
// The limit keeps optional closures in a ContiguousArray and uses the index as the token: cancel clears the
// slot and trims cleared slots off the end.

import Benchmark
import BenchmarkSupport
import OpenCombine
import Rill

/// The suite, as the benchmark plugin's generated entry point expects it.
let benchmarks: @Sendable () -> Void = {
  churn()
  for order in CancelOrder.allCases {
    cancel10k(order)
  }
  for depth in [1_000, 10_000] {
    teardownChain(depth: depth)
  }
}

/// How many subscribers stay subscribed during churn.
let longLivedSubscribers = 100

/// churn: 100 long-lived subscribers; one operation subscribes one more and cancels it.
func churn() {
  workload("churn", .rill) { benchmark in
    var sink = 0
    let subject = Rill.Subject<Int>()
    let longLived = (0..<longLivedSubscribers).map { _ in subject.subscribe { sink &+= $0 } }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let subscription = subject.subscribe { sink &+= $0 }
      subscription.cancel()
    }
    benchmark.stopMeasurement()
    subject.send(1)
    blackHole(sink)
    blackHole(longLived)
  }

  workload("churn", .baseline) { benchmark in
    var sink = 0
    var observers = ContiguousArray<((Int) -> Void)?>()
    for _ in 0..<longLivedSubscribers {
      observers.append { sink &+= $0 }
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      observers.append { sink &+= $0 }
      let token = observers.count - 1
      observers[token] = nil
      trimCancelled(&observers)
    }
    benchmark.stopMeasurement()
    for case let observer? in observers { observer(1) }
    blackHole(sink)
  }

  workload("churn", .openCombine) { benchmark in
    var sink = 0
    let subject = PassthroughSubject<Int, Never>()
    let longLived = (0..<longLivedSubscribers).map { _ in subject.sink { sink &+= $0 } }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let cancellable = subject.sink { sink &+= $0 }
      cancellable.cancel()
    }
    benchmark.stopMeasurement()
    subject.send(1)
    blackHole(sink)
    blackHole(longLived)
  }
}

/// The baseline's cancel: drops the cancelled (nil) slots off the end of `observers`, reading each slot in place
/// (`observers.last` copies the closure it reads: a retain and a release).
func trimCancelled(_ observers: inout ContiguousArray<((Int) -> Void)?>) {
  while let last = observers.indices.last, observers[last] == nil {
    observers.removeLast()
  }
}

/// The order in which cancel_10k cancels its subscriptions.
enum CancelOrder: String, CaseIterable {
  case forward = "fwd"
  case reverse = "rev"
  case random = "random"

  /// The indices 0..<count in this order; the random one is the same in every run and for every library.
  func indices(count: Int) -> [Int] {
    switch self {
    case .forward:
      return Array(0..<count)
    case .reverse:
      return Array((0..<count).reversed())
    case .random:
      var generator = SeededGenerator(seed: 0x5EED)
      return (0..<count).shuffled(using: &generator)
    }
  }
}

/// How many subscriptions one cancel_10k round cancels.
let cancelCount = 10_000

/// cancel_10k_<order>: 10,000 subscribers of one subject (set up unmeasured); one operation cancels them all.
func cancel10k(_ order: CancelOrder) {
  let name = "cancel_10k_\(order.rawValue)"
  let indices = order.indices(count: cancelCount)

  workload(name, .rill, operations: .one, maxIterations: 200) { benchmark in
    var sink = 0
    let subject = Rill.Subject<Int>()
    let subscriptions = (0..<cancelCount).map { _ in subject.subscribe { sink &+= $0 } }
    benchmark.startMeasurement()
    for index in indices {
      subscriptions[index].cancel()
    }
    benchmark.stopMeasurement()
    subject.send(1)
    blackHole(sink)
  }

  workload(name, .baseline, operations: .one, maxIterations: 200) { benchmark in
    var sink = 0
    var observers = ContiguousArray<((Int) -> Void)?>()
    for _ in 0..<cancelCount {
      observers.append { sink &+= $0 }
    }
    benchmark.startMeasurement()
    for token in indices {
      observers[token] = nil
      trimCancelled(&observers)
    }
    benchmark.stopMeasurement()
    for case let observer? in observers { observer(1) }
    blackHole(sink)
  }

  workload(name, .openCombine, operations: .one, maxIterations: 200) { benchmark in
    var sink = 0
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<cancelCount).map { _ in subject.sink { sink &+= $0 } }
    benchmark.startMeasurement()
    for index in indices {
      cancellables[index].cancel()
    }
    benchmark.stopMeasurement()
    subject.send(1)
    blackHole(sink)
  }
}

/// teardown_chain_<depth>: a chain of `depth` maps with one subscriber (set up unmeasured); one operation cancels
/// the subscription and frees the chain. The baseline frees the same shape written by hand: `depth` closures,
/// each calling the next, which its context holds (so freeing the first frees them one inside another).
func teardownChain(depth: Int) {
  let name = "teardown_chain_\(depth / 1_000)k"

  workload(name, .rill, operations: .one, maxIterations: 500) { benchmark in
    var sink = 0
    let subject = Rill.Subject<Int>()
    var end: Rill.Signal<Int>? = subject
    for _ in 0..<depth { end = end?.map { $0 &+ 1 } }
    var subscription = end?.subscribe { sink &+= $0 }
    subject.send(1)
    benchmark.startMeasurement()
    subscription?.cancel()
    subscription = nil
    end = nil
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload(name, .baseline, operations: .one, maxIterations: 500) { benchmark in
    var sink = 0
    var chain: ((Int) -> Void)? = { sink &+= $0 }
    for _ in 0..<depth {
      let next = chain!
      chain = { next($0 &+ 1) }
    }
    chain?(1)
    benchmark.startMeasurement()
    chain = nil
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}
