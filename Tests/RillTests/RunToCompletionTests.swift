import Rill
import Testing

/// Rule 5: a send made during a delivery in the same graph is queued and delivered after the current
/// one, first in first out, so every observer sees the graph's values in one order.
@Suite struct RunToCompletionTests {
  @Test func sendFromInsideAnObserverIsDeliveredAfterTheCurrentValue() {
    let subject = Subject<Int>()
    var log: [String] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 { subject.send(2) }
    }
    let second = subject.subscribe { log.append("b\($0)") }
    subject.send(1)
    #expect(log == ["a1", "b1", "a2", "b2"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func sendFromInsideTheReplayIsQueuedBehindIt() {
    let subject = CurrentValueSubject(0)
    var log: [String] = []
    let first = subject.subscribe { log.append("a\($0)") }
    var depth = 0
    let second = subject.subscribe { value in
      depth += 1
      log.append("b\(value) depth \(depth)")
      if value == 0 { subject.value = 1 }
      depth -= 1
    }
    // The replay of 0 to `b` sends 1: queued, so `b` is not re-entered, and delivered to both before
    // `subscribe` returns.
    #expect(log == ["a0", "b0 depth 1", "a1", "b1 depth 1"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func queuedSendsAreFirstInFirstOut() {
    let subject = Subject<Int>()
    var log: [String] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        subject.send(2)
        subject.send(3)
      }
    }
    let second = subject.subscribe { value in
      log.append("b\(value)")
      if value == 1 { subject.send(4) }
    }
    subject.send(1)
    #expect(log == ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func everyObserverSeesOneOrder() {
    let subject = Subject<Int>()
    var seen: [String: [Int]] = [:]
    let subscriptions = ["a", "b", "c"].map { name in
      subject.subscribe { value in
        seen[name, default: []].append(value)
        if value < 3 { subject.send(value * 10 + (name == "a" ? 1 : name == "b" ? 2 : 3)) }
      }
    }
    subject.send(0)
    #expect(seen["a"] == [0, 1, 2, 3, 11, 12, 13, 21, 22, 23])
    #expect(seen["a"] == seen["b"])
    #expect(seen["b"] == seen["c"])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func sendIntoAnotherSignalOfTheSameGraphIsQueued() {
    let source = Subject<Int>()
    let other = Subject<Int>()
    let merged = merge(source, other)
    var log: [String] = []
    let first = merged.subscribe { value in
      log.append("a\(value)")
      if value == 1 { other.send(2) }
    }
    let second = merged.subscribe { log.append("b\($0)") }
    source.send(1)
    #expect(log == ["a1", "b1", "a2", "b2"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func nestedChainsRunToCompletion() {
    let subject = Subject<Int>()
    let mapped = subject.map { $0 * 10 }
    var log: [String] = []
    let first = mapped.subscribe { value in
      log.append("m\(value)")
      if value < 30 { subject.send(value / 10 + 1) }
    }
    let second = subject.subscribe { log.append("s\($0)") }
    subject.send(1)
    #expect(log == ["m10", "s1", "m20", "s2", "m30", "s3"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func currentValueSetInsideADeliveryIsQueuedWhole() {
    let subject = CurrentValueSubject(0)
    var log: [String] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        subject.value = 2
        log.append("read\(subject.value)")
      }
    }
    let second = subject.subscribe { log.append("b\($0)") }
    subject.value = 1
    #expect(log == ["a0", "b0", "a1", "read1", "b1", "a2", "b2"])
    #expect(subject.value == 2)
    withExtendedLifetime((first, second)) {}
  }

  @Test func subscriberJoiningBeforeAQueuedValueHearsEachValueOnce() {
    let subject = CurrentValueSubject(0)
    var log: [String] = []
    var added: [Subscription] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        subject.value = 2
        added.append(subject.subscribe { log.append("n\($0)") })
      }
    }
    subject.value = 1
    #expect(log == ["a0", "a1", "n1", "a2", "n2"])
    withExtendedLifetime((first, added)) {}
  }

  @Test func sendToAnUnrelatedGraphIsNotQueued() {
    let subject = Subject<Int>()
    let unrelated = Subject<Int>()
    var log: [String] = []
    let first = subject.subscribe { value in
      log.append("s\(value)")
      unrelated.send(value)
      log.append("after")
    }
    let second = unrelated.subscribe { log.append("u\($0)") }
    subject.send(1)
    #expect(log == ["s1", "u1", "after"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func sendBackFromAnUnrelatedGraphIsQueuedInTheBusyOne() {
    let subject = Subject<Int>()
    let unrelated = Subject<Int>()
    var log: [String] = []
    let first = subject.subscribe { value in
      log.append("a\(value)")
      if value == 1 {
        unrelated.send(value)
        log.append("after")
      }
    }
    let second = subject.subscribe { log.append("z\($0)") }
    let back = unrelated.subscribe { value in
      log.append("u\(value)")
      subject.send(value * 10)
    }
    subject.send(1)
    #expect(log == ["a1", "u1", "after", "z1", "a10", "z10"])
    withExtendedLifetime((first, second, back)) {}
  }

  @Test func joiningTwoGraphsWhileBothAreBusyKeepsBothWorking() {
    let left = Subject<Int>()
    let right = Subject<Int>()
    var log: [String] = []
    var joined: [Subscription] = []
    let onLeft = left.subscribe { value in
      log.append("l\(value)")
      if value == 1 { right.send(1) }
    }
    let onRight = right.subscribe { value in
      log.append("r\(value)")
      if value == 1 {
        joined.append(merge(left, right).subscribe { log.append("m\($0)") })
        left.send(2)
        right.send(2)
      }
    }
    left.send(1)
    left.send(3)
    right.send(4)
    #expect(log == ["l1", "r1", "l2", "m2", "r2", "m2", "l3", "m3", "r4", "m4"])
    withExtendedLifetime((onLeft, onRight, joined)) {}
  }

  @Test func joiningAnIdleGraphWhileDrainingKeepsTheMergedGraphWorking() {
    let left = Subject<Int>()
    let right = Subject<Int>()
    var log: [String] = []
    var joined: [Subscription] = []
    let onLeft = left.subscribe { value in
      log.append("l\(value)")
      if value == 1 { left.send(2) }
      if value == 2 {
        joined.append(merge(right, left).subscribe { log.append("m\($0)") })
        right.send(5)
      }
    }
    left.send(1)
    right.send(6)
    left.send(7)
    #expect(log == ["l1", "l2", "m5", "m6", "l7", "m7"])
    withExtendedLifetime((onLeft, joined)) {}
  }
}
