import Rill
import Testing

/// Rule 4: an observer added while a value is being delivered does not receive that value (replay
/// still applies).
@Suite(.freesEverything) struct SubscribeDuringDeliveryTests {
  @Test func observerAddedDuringDeliveryMissesThatValue() {
    let subject = Subject<Int>()
    var log: [String] = []
    var added: [Subscription] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        added.append(subject.subscribe { log.append("n\($0)") })
      }
    }
    subject.send(1)
    subject.send(2)
    #expect(log == ["a1", "a2", "n2"])
    withExtendedLifetime((first, added)) {}
  }

  @Test func observerAddedDuringDeliveryGetsTheQueuedValues() {
    let subject = Subject<Int>()
    var log: [String] = []
    var added: [Subscription] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        subject.send(2)
        added.append(subject.subscribe { log.append("n\($0)") })
      }
    }
    subject.send(1)
    #expect(log == ["a1", "a2", "n2"])
    withExtendedLifetime((first, added)) {}
  }

  @Test func currentValueSubjectStillReplaysToAnObserverAddedDuringDelivery() {
    let subject = CurrentValueSubject(0)
    var log: [String] = []
    var added: [Subscription] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        added.append(subject.subscribe { log.append("n\($0)") })
      }
    }
    subject.value = 1
    subject.value = 2
    #expect(log == ["a0", "a1", "n1", "a2", "n2"])
    withExtendedLifetime((first, added)) {}
  }

  @Test func derivedSignalReplaysToAnObserverAddedDuringItsDelivery() {
    let subject = CurrentValueSubject(0)
    let mapped = subject.map { $0 * 10 }
    var log: [String] = []
    var added: [Subscription] = []
    let first = mapped.subscribe { value in
      log.append("a\(value)")
      if value == 10 {
        added.append(mapped.subscribe { log.append("n\($0)") })
      }
    }
    subject.value = 1
    #expect(log == ["a0", "a10", "n10"])
    withExtendedLifetime((first, added)) {}
  }

  @Test func derivedSignalConnectedDuringDeliveryReplaysOnce() {
    let subject = CurrentValueSubject(0)
    let mapped = subject.map { $0 * 10 }
    var log: [String] = []
    var added: [Subscription] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        added.append(mapped.subscribe { log.append("n\($0)") })
      }
    }
    subject.value = 1
    subject.value = 2
    #expect(log == ["a0", "a1", "n10", "a2", "n20"])
    withExtendedLifetime((first, added)) {}
  }
}
