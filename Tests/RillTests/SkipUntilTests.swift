import Testing

@testable import Rill

@Suite(.freesEverything) struct SkipUntilTests {
  @Test func ignoresValuesUntilOtherEmitsThenEmitsEveryValue() {
    let readings = Subject<Int>()
    let ready = Subject<String>()
    var log: [Int] = []
    let subscription = readings.skip(until: ready).subscribe { log.append($0) }
    readings.send(1)
    readings.send(2)
    ready.send("go")
    readings.send(3)
    ready.send("again")
    readings.send(4)
    #expect(log == [3, 4])
    withExtendedLifetime(subscription) {}
  }

  @Test func stopsListeningToOtherOnceOpen() {
    let readings = Subject<Int>()
    let ready = Subject<Void>()
    let subscription = readings.skip(until: ready).subscribe { _ in }
    #expect(ready.observerCount == 1)
    ready.send()
    #expect(ready.observerCount == 0)
    #expect(readings.observerCount == 1)
    withExtendedLifetime(subscription) {}
  }

  @Test func aReplayingOtherOpensItInsideSubscribeSoTheSourcesReplayPasses() {
    let credit = CurrentValueSubject(1)
    let ready = CurrentValueSubject(true)
    var log: [Int] = []
    let subscription = credit.skip(until: ready).subscribe { log.append($0) }
    credit.value = 2
    #expect(log == [1, 2])
    #expect(ready.observerCount == 0)
    withExtendedLifetime(subscription) {}
  }

  @Test func dropsTheSourcesReplayWhileOtherHasNotEmitted() {
    let credit = CurrentValueSubject(1)
    let ready = Subject<Void>()
    let opened = credit.skip(until: ready)
    var log: [String] = []
    let a = opened.subscribe { log.append("a \($0)") }
    let b = opened.subscribe { log.append("b \($0)") }
    ready.send()
    credit.value = 2
    let c = opened.subscribe { log.append("c \($0)") }
    #expect(log == ["a 2", "b 2", "c 2"])
    withExtendedLifetime((a, b, c)) {}
  }

  @Test func waitsAfreshWhenSubscribedAgainAfterEveryoneLeft() {
    let readings = Subject<Int>()
    let ready = Subject<Void>()
    let opened = readings.skip(until: ready)
    var log: [String] = []
    let a = opened.subscribe { log.append("a \($0)") }
    ready.send()
    readings.send(1)
    a.cancel()
    let b = opened.subscribe { log.append("b \($0)") }
    readings.send(2)
    ready.send()
    readings.send(3)
    #expect(log == ["a 1", "b 3"])
    withExtendedLifetime(b) {}
  }

  /// Rule 6: the opening covers the whole propagation in which `other` first emits.
  @Test(arguments: [false, true])
  func emitsTheValueOfThePropagationInWhichOtherEmitsInEitherDeliveryOrder(sourceFirst: Bool) {
    let s = Subject<Int>()
    let source = s.map { $0 }
    let ready = s.filter { $0 == 3 }
    let early = (sourceFirst ? source : ready).subscribe { _ in }
    var log: [Int] = []
    let subscription = source.skip(until: ready).subscribe { log.append($0) }
    for n in 1...5 { s.send(n) }
    #expect(log == [3, 4, 5])
    withExtendedLifetime((early, subscription)) {}
  }

  /// Rules 5 and 6: `other` opens it between two values of one propagation; both pass, in their order.
  @Test func keepsTheOrderOfAPropagationThatOpensItHalfway() {
    let s = Subject<Int>()
    let first = s.map { $0 }
    let ready = s.filter { $0 == 2 }
    let second = s.map { $0 + 10 }
    let early = (first.subscribe { _ in }, ready.subscribe { _ in })
    var log: [Int] = []
    let subscription = merge(first, second).skip(until: ready).subscribe { log.append($0) }
    s.send(1)
    s.send(2)
    s.send(3)
    #expect(log == [2, 12, 3, 13])
    withExtendedLifetime((early, subscription)) {}
  }

  @Test func aJoinBelowItStaysGlitchFree() {
    let s = CurrentValueSubject(0)
    let ready = s.filter { $0 == 2 }
    var log: [String] = []
    let subscription = combine(s.skip(until: ready), s.map { $0 * 10 }).subscribe { log.append("\($0) \($1)") }
    s.value = 1
    s.value = 2
    s.value = 3
    #expect(log == ["2 20", "3 30"])
    withExtendedLifetime(subscription) {}
  }
}
