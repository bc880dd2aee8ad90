import Testing

@testable import Rill

@Suite(.freesEverything) struct TakeUntilTests {
  @Test func emitsValuesUntilOtherEmitsThenNothing() {
    let ticks = Subject<Int>()
    let stop = Subject<String>()
    var log: [Int] = []
    let subscription = ticks.take(until: stop).subscribe { log.append($0) }
    ticks.send(1)
    ticks.send(2)
    stop.send("stop")
    ticks.send(3)
    stop.send("again")
    ticks.send(4)
    #expect(log == [1, 2])
    withExtendedLifetime(subscription) {}
  }

  @Test func endsBothUpstreamSubscriptionsWhenOtherEmits() {
    let ticks = Subject<Int>()
    let stop = Subject<Void>()
    let subscription = ticks.take(until: stop).subscribe { _ in }
    #expect(ticks.observerCount == 1)
    #expect(stop.observerCount == 1)
    stop.send()
    #expect(ticks.observerCount == 0)
    #expect(stop.observerCount == 0)
    withExtendedLifetime(subscription) {}
  }

  @Test func aReplayingOtherEndsItInsideSubscribeBeforeTheSourceIsSubscribed() {
    let credit = CurrentValueSubject(1)
    let stop = CurrentValueSubject(false)
    var log: [Int] = []
    let subscription = credit.take(until: stop).subscribe { log.append($0) }
    credit.value = 2
    #expect(log.isEmpty)
    #expect(credit.observerCount == 0)
    #expect(stop.observerCount == 0)
    withExtendedLifetime(subscription) {}
  }

  @Test func skippingTheReplayOfOtherWaitsForItsNextValue() {
    let credit = CurrentValueSubject(1)
    let stop = CurrentValueSubject(false)
    var log: [Int] = []
    let subscription = credit.take(until: stop.skip(1)).subscribe { log.append($0) }
    credit.value = 2
    stop.value = true
    credit.value = 3
    #expect(log == [1, 2])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysTheLastValueAfterTheEndWhenTheSourceReplays() {
    let credit = CurrentValueSubject(1)
    let stop = Subject<Void>()
    let limited = credit.take(until: stop)
    var log: [String] = []
    let a = limited.subscribe { log.append("a \($0)") }
    credit.value = 2
    stop.send()
    credit.value = 3
    let b = limited.subscribe { log.append("b \($0)") }
    #expect(log == ["a 1", "a 2", "b 2"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func startsAfreshWhenSubscribedAgainAfterEveryoneLeft() {
    let ticks = Subject<Int>()
    let stop = Subject<Void>()
    let limited = ticks.take(until: stop)
    var log: [String] = []
    let a = limited.subscribe { log.append("a \($0)") }
    stop.send()
    ticks.send(1)
    a.cancel()
    let b = limited.subscribe { log.append("b \($0)") }
    ticks.send(2)
    #expect(log == ["b 2"])
    withExtendedLifetime(b) {}
  }

  /// Rule 6: the end covers the whole propagation in which `other` first emits, whether the source's value of
  /// that propagation is delivered before or after `other`'s.
  @Test(arguments: [false, true])
  func dropsTheValueOfThePropagationInWhichOtherEmitsInEitherDeliveryOrder(sourceFirst: Bool) {
    let s = Subject<Int>()
    let source = s.map { $0 }
    let stop = s.filter { $0 == 3 }
    let early = (sourceFirst ? source : stop).subscribe { _ in }
    var log: [Int] = []
    let subscription = source.take(until: stop).subscribe { log.append($0) }
    for n in 1...5 { s.send(n) }
    #expect(log == [1, 2])
    withExtendedLifetime((early, subscription)) {}
  }

  @Test func takeUntilItselfEmitsNothing() {
    let s = Subject<Int>()
    var log: [Int] = []
    let subscription = s.take(until: s).subscribe { log.append($0) }
    s.send(1)
    s.send(2)
    #expect(log.isEmpty)
    withExtendedLifetime(subscription) {}
  }

  /// Rule 5: several values of one propagation are all forwarded, in order.
  @Test func forwardsEveryValueOfAPropagationInOrder() {
    let s = Subject<Int>()
    let stop = Subject<Void>()
    var log: [Int] = []
    let subscription = merge(s, s.map { $0 + 10 }).take(until: stop).subscribe { log.append($0) }
    s.send(1)
    s.send(2)
    stop.send()
    s.send(3)
    #expect(log == [1, 11, 2, 12])
    withExtendedLifetime(subscription) {}
  }

  @Test func forwardsEveryValueOfAPrependedReplay() {
    let s = Subject<Int>()
    let stop = Subject<Void>()
    var log: [Int] = []
    let subscription = s.prepend(1, 2).take(until: stop).subscribe { log.append($0) }
    s.send(3)
    #expect(log == [1, 2, 3])
    withExtendedLifetime(subscription) {}
  }

  @Test func aStopSentFromAnObserverEndsItAfterThePropagationInProgress() {
    let s = Subject<Int>()
    let stop = Subject<Void>()
    var log: [Int] = []
    let subscription = merge(s, s.map { $0 + 10 }).take(until: stop).subscribe { value in
      log.append(value)
      if value == 2 { stop.send() }
    }
    s.send(1)
    s.send(2)
    s.send(3)
    #expect(log == [1, 11, 2, 12])
    withExtendedLifetime(subscription) {}
  }

  @Test func aJoinBelowItStaysGlitchFree() {
    let s = CurrentValueSubject(0)
    let stop = Subject<Void>()
    var log: [String] = []
    let subscription = combine(s.take(until: stop), s.map { $0 * 10 }).subscribe { log.append("\($0) \($1)") }
    s.value = 1
    s.value = 2
    stop.send()
    s.value = 3
    #expect(log == ["0 0", "1 10", "2 20", "2 30"])
    withExtendedLifetime(subscription) {}
  }

  @Test(arguments: [false, true])
  func takeUntilAndSkipUntilOfOneOtherSplitTheValues(sourceFirst: Bool) {
    let s = Subject<Int>()
    let source = s.map { $0 }
    let stop = s.filter { $0 == 3 }
    let early = (sourceFirst ? source : stop).subscribe { _ in }
    var taken: [Int] = []
    var skipped: [Int] = []
    let a = source.take(until: stop).subscribe { taken.append($0) }
    let b = source.skip(until: stop).subscribe { skipped.append($0) }
    for n in 1...5 { s.send(n) }
    #expect(taken == [1, 2])
    #expect(skipped == [3, 4, 5])
    withExtendedLifetime((early, a, b)) {}
  }

  /// A batch is one propagation: a stop anywhere in it ends the whole batch, values before it included.
  @Test func aStopInsideABatchDropsEveryValueOfTheBatch() {
    let ticks = Subject<Int>()
    let stop = Subject<Void>()
    var taken: [Int] = []
    var skipped: [Int] = []
    let a = ticks.take(until: stop).subscribe { taken.append($0) }
    let b = ticks.skip(until: stop).subscribe { skipped.append($0) }
    ticks.send(0)
    batch {
      ticks.send(1)
      stop.send()
      ticks.send(2)
    }
    ticks.send(3)
    #expect(taken == [0])
    #expect(skipped == [1, 2, 3])
    withExtendedLifetime((a, b)) {}
  }
}
