import Rill
import Testing

/// Rule 3: after `cancel()` returns, the observer is never called again — also mid-delivery.
@Suite(.freesEverything) struct CancelTests {
  @Test func cancelledObserverIsNotCalledAgain() {
    let subject = Subject<Int>()
    var log: [Int] = []
    let subscription = subject.subscribe { log.append($0) }
    subject.send(1)
    subscription.cancel()
    subject.send(2)
    #expect(log == [1])
  }

  @Test func observerCancellingItselfMidDeliveryHearsNothingMore() {
    let subject = Subject<Int>()
    var log: [String] = []
    var own: Subscription?
    own = subject.subscribe { value in
      log.append("a\(value)")
      own?.cancel()
      subject.send(value + 1)
    }
    let other = subject.subscribe { log.append("b\($0)") }
    subject.send(1)
    #expect(log == ["a1", "b1", "b2"])
    withExtendedLifetime(other) {}
  }

  @Test func observerCancelledByAnEarlierObserverIsSkippedInTheSameDelivery() {
    let subject = Subject<Int>()
    var log: [String] = []
    var later: Subscription?
    let earlier = subject.subscribe { value in
      log.append("a\(value)")
      later?.cancel()
    }
    later = subject.subscribe { log.append("b\($0)") }
    subject.send(1)
    subject.send(2)
    #expect(log == ["a1", "a2"])
    withExtendedLifetime(earlier) {}
  }

  @Test func observerCancelledByALaterObserverIsNotCalledForTheNextValue() {
    let subject = Subject<Int>()
    var log: [String] = []
    let earlier = subject.subscribe { log.append("a\($0)") }
    let later = subject.subscribe { value in
      log.append("b\(value)")
      earlier.cancel()
    }
    subject.send(1)
    subject.send(2)
    #expect(log == ["a1", "b1", "b2"])
    withExtendedLifetime(later) {}
  }

  @Test func cancelFromInsideTheDeliveryAlsoDropsQueuedValues() {
    let subject = Subject<Int>()
    var log: [String] = []
    var victim: Subscription?
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        subject.send(2)
        victim?.cancel()
      }
    }
    victim = subject.subscribe { log.append("b\($0)") }
    subject.send(1)
    #expect(log == ["a1", "a2"])
    withExtendedLifetime(first) {}
  }

  @Test func cancellingTwiceIsHarmless() {
    let subject = Subject<Int>()
    var log: [String] = []
    let first = subject.subscribe { log.append("a\($0)") }
    let second = subject.subscribe { log.append("b\($0)") }
    first.cancel()
    first.cancel()
    subject.send(1)
    #expect(log == ["b1"])
    #expect(first.isCancelled)
    withExtendedLifetime(second) {}
  }

  @Test func droppingTheSubscriptionCancels() {
    let subject = Subject<Int>()
    var log: [Int] = []
    var subscription: Subscription? = subject.subscribe { log.append($0) }
    subject.send(1)
    withExtendedLifetime(subscription) {}
    subscription = nil
    subject.send(2)
    #expect(log == [1])
  }

  @Test func cancellingADerivedSubscriptionMidDeliveryStopsIt() {
    let subject = Subject<Int>()
    let mapped = subject.map { $0 * 10 }
    var log: [String] = []
    var victim: Subscription?
    let first = subject.subscribe { value in
      log.append("s\(value)")
      victim?.cancel()
    }
    victim = mapped.subscribe { log.append("m\($0)") }
    subject.send(1)
    #expect(log == ["s1"])
    withExtendedLifetime(first) {}
  }
}
