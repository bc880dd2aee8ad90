import TestSupport
import Testing

@testable import Rill

/// Rule 9: steady-state `send` allocates nothing; cancelling many subscribers is linear in total.
@Suite(.freesEverything) struct CostTests {
  /// A chain deep enough that its deliveries are handed back to a loop (see `ChainWalks`): each node keeps the
  /// box of its handed-back delivery, so once every node has had one, a send allocates nothing.
  @Test(.allocationsCounted)
  func sendThroughADeepChainAllocatesNothing() {
    let source = Subject<Int>()
    var total = 0
    let subscription = chain(source, depth: 1_000).subscribe { total &+= $0 }
    source.send(0)
    let count = allocations {
      for value in 1...100 { source.send(value) }
    }
    #expect(count == 0)
    #expect(total == (0...100).reduce(0) { $0 + $1 + 1_000 })
    withExtendedLifetime(subscription) {}
  }

  @Test(.allocationsCounted, arguments: [1, 10])
  func sendToSubscribersAllocatesNothing(subscribers: Int) {
    let subject = Subject<Int>()
    var total = 0
    let subscriptions = (0..<subscribers).map { _ in subject.subscribe { total &+= $0 } }
    for value in 0..<100 { subject.send(value) }
    let count = allocations {
      for value in 0..<1_000 { subject.send(value) }
    }
    #expect(count == 0)
    #expect(total > 0)
    withExtendedLifetime(subscriptions) {}
  }

  @Test(.allocationsCounted)
  func currentValueSendAllocatesNothing() {
    let subject = CurrentValueSubject(0)
    var total = 0
    let subscription = subject.subscribe { total &+= $0 }
    for value in 0..<100 { subject.value = value }
    let count = allocations {
      for value in 0..<1_000 { subject.value = value }
    }
    #expect(count == 0)
    #expect(total > 0)
    withExtendedLifetime(subscription) {}
  }

  @Test(.allocationsCounted)
  func sendThroughAMapFilterMapChainAllocatesNothing() {
    let subject = CurrentValueSubject(0)
    var total = 0
    let subscription = subject.map { $0 &* 3 }.filter { $0 % 2 == 0 }.map { $0 &+ 1 }.subscribe { total &+= $0 }
    for value in 0..<100 { subject.value = value }
    let count = allocations {
      for value in 0..<1_000 { subject.value = value }
    }
    #expect(count == 0)
    #expect(total > 0)
    withExtendedLifetime(subscription) {}
  }

  /// A batch reuses its thread's scope and the array of graphs it holds: after the first, nothing to allocate.
  @Test(.allocationsCounted)
  func aSteadyStateBatchAllocatesNothing() {
    let a = CurrentValueSubject(0)
    let b = CurrentValueSubject(0)
    let c = CurrentValueSubject(0)  // a graph of its own: the batch holds two
    var total = 0
    let joined = combine(a, b) { $0 &+ $1 }.subscribe { total &+= $0 }
    let alone = c.map { $0 &* 2 }.subscribe { total &+= $0 }
    for value in 0..<10 {
      batch {
        a.value = value
        b.value = value
        c.value = value
      }
    }
    let count = allocations {
      for value in 0..<1_000 {
        batch {
          a.value = value
          b.value = value
          c.value = value
        }
      }
    }
    #expect(count == 0)
    #expect(total > 0)
    withExtendedLifetime((joined, alone)) {}
  }

  @Test(.allocationsCounted)
  func sendThroughACombineAllocatesNothing() {
    let subject = Subject<Int>()
    var total = 0
    let subscription = combine(subject.map { $0 &+ 1 }, subject).subscribe { total &+= $0.0 &+ $0.1 }
    for value in 0..<100 { subject.send(value) }
    let count = allocations {
      for value in 0..<1_000 { subject.send(value) }
    }
    #expect(count == 0)
    #expect(total > 0)
    withExtendedLifetime(subscription) {}
  }

  enum Order: String, CaseIterable { case forward, reverse, random, interleaved }

  @Test(arguments: Order.allCases)
  func cancellingManySubscribersIsLinearInTotal(order: Order) {
    let count = 10_000
    let subject = Subject<Int>()
    var subscriptions = (0..<count).map { _ in subject.subscribe { _ in } }
    switch order {
    case .forward:
      break
    case .reverse:
      subscriptions.reverse()
    case .random:
      var generator = SplitMix64(seed: 42)
      subscriptions.shuffle(using: &generator)
    case .interleaved:
      subscriptions =
        stride(from: 0, to: count, by: 2).map { subscriptions[$0] }
        + stride(from: 1, to: count, by: 2).map { subscriptions[$0] }
    }
    for subscription in subscriptions { subscription.cancel() }
    #expect(subject.compactionWork <= 4 * count)
    #expect(subject.observerCount == 0)
  }

  @Test func cancellingDuringADeliveryCompactsOnceAfterIt() {
    let count = 10_000
    let subject = Subject<Int>()
    var subscriptions: [Subscription] = []
    subscriptions.append(
      subject.subscribe { _ in
        for subscription in subscriptions.dropFirst() { subscription.cancel() }
      })
    subscriptions += (1..<count).map { _ in subject.subscribe { _ in } }
    subject.send(0)
    #expect(subject.compactionWork <= 2 * count)
    #expect(subject.slots.count == 1)
    subscriptions.removeAll()  // the first observer captures the array that holds its own subscription
  }
}
