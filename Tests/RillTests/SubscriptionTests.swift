import Rill
import Testing

@Suite(.freesEverything) struct SubscriptionTests {
  @Test func storeInSetKeepsTheSubscriptionAlive() {
    let subject = Subject<Int>()
    var log: [Int] = []
    var subscriptions = Set<Subscription>()
    subject.subscribe { log.append($0) }.store(in: &subscriptions)
    subject.send(1)
    subscriptions.removeAll()
    subject.send(2)
    #expect(log == [1])
  }

  @Test func storeInArrayKeepsTheSubscriptionAlive() {
    let subject = Subject<Int>()
    var log: [Int] = []
    var subscriptions: [Subscription] = []
    subject.subscribe { log.append($0) }.store(in: &subscriptions)
    subject.subscribe { log.append($0 * 10) }.store(in: &subscriptions)
    subject.send(1)
    subscriptions = []
    subject.send(2)
    #expect(log == [1, 10])
  }

  @Test func subscriptionsAreEqualOnlyToThemselves() {
    let subject = Subject<Int>()
    let first = subject.subscribe { _ in }
    let second = subject.subscribe { _ in }
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
  }

  @Test func onCancelRunsOnceWhenCancelled() {
    var calls = 0
    let subscription = Subscription { calls += 1 }
    #expect(!subscription.isCancelled)
    subscription.cancel()
    subscription.cancel()
    #expect(calls == 1)
    #expect(subscription.isCancelled)
  }

  @Test func onCancelRunsWhenFreed() {
    var calls = 0
    do {
      _ = Subscription { calls += 1 }
    }
    #expect(calls == 1)
  }

  @Test func isCancelledFollowsCancel() {
    let subject = Subject<Int>()
    let subscription = subject.subscribe { _ in }
    #expect(!subscription.isCancelled)
    subscription.cancel()
    #expect(subscription.isCancelled)
  }
}
