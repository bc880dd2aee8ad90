import Rill
import Testing

@Suite(.freesEverything) struct WithLatestFromTests {
  @Test func pairsEachPrimaryValueWithLatestOther() {
    let clicks = Subject<Int>()
    let mode = Subject<String>()
    var log: [String] = []
    let subscription = clicks.withLatestFrom(mode).subscribe { log.append("\($0.0)\($0.1)") }
    clicks.send(1)
    mode.send("a")
    mode.send("b")
    clicks.send(2)
    clicks.send(3)
    mode.send("c")
    clicks.send(4)
    #expect(log == ["2b", "3b", "4c"])
    withExtendedLifetime(subscription) {}
  }

  @Test func emitsEachValueOfAPropagationPairedWithTheSettledOther() {
    let source = Subject<Int>()
    let other = source.map { "o\($0)" }
    let primary = merge(source.map { $0 * 10 }, source.map { $0 * 10 + 1 })
    var log: [String] = []
    let subscription = primary.withLatestFrom(other).subscribe { log.append("\($0) \($1)") }
    source.send(1)
    source.send(2)
    #expect(log == ["10 o1", "11 o1", "20 o2", "21 o2"])
    withExtendedLifetime(subscription) {}
  }

  @Test func emitsEveryReplayedPrefixValue() {
    let subject = Subject<Int>()
    let current = CurrentValueSubject("c")
    var log: [String] = []
    let subscription = subject.prepend(3, 4, 6).withLatestFrom(current).subscribe { log.append("\($0)\($1)") }
    subject.send(7)
    #expect(log == ["3c", "4c", "6c", "7c"])
    withExtendedLifetime(subscription) {}
  }

  @Test func dropsPrimaryValueThatArrivedBeforeOtherHadOne() {
    let clicks = CurrentValueSubject(1)
    let mode = Subject<String>()
    var log: [String] = []
    let subscription = clicks.withLatestFrom(mode) { "\($0)\($1)" }.subscribe { log.append($0) }
    mode.send("a")
    clicks.send(2)
    #expect(log == ["2a"])
    withExtendedLifetime(subscription) {}
  }

  @Test func dropsSentPrimaryValueThatArrivedBeforeOtherHadOne() {
    let clicks = Subject<Int>()
    let mode = Subject<String>()
    var log: [String] = []
    let subscription = clicks.withLatestFrom(mode) { "\($0)\($1)" }.subscribe { log.append($0) }
    clicks.send(1)
    mode.send("a")
    mode.send("b")
    #expect(log.isEmpty)
    withExtendedLifetime(subscription) {}
  }

  @Test func emitsOnSubscribeWhenBothReplay() {
    let clicks = CurrentValueSubject(1)
    let mode = CurrentValueSubject("a")
    var log: [String] = []
    let subscription = clicks.withLatestFrom(mode) { "\($0)\($1)" }.subscribe { log.append($0) }
    mode.value = "b"
    #expect(log == ["1a"])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysLastResultWhenPrimaryReplays() {
    let clicks = CurrentValueSubject(1)
    let mode = CurrentValueSubject("a")
    let paired = clicks.withLatestFrom(mode) { "\($0)\($1)" }
    var log: [String] = []
    let a = paired.subscribe { log.append("a \($0)") }
    mode.value = "b"
    let b = paired.subscribe { log.append("b \($0)") }
    clicks.value = 2
    #expect(log == ["a 1a", "b 1a", "a 2b", "b 2b"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func replaysNothingWhenPrimaryIsSubject() {
    let clicks = Subject<Int>()
    let mode = CurrentValueSubject("a")
    let paired = clicks.withLatestFrom(mode) { "\($0)\($1)" }
    var log: [String] = []
    let a = paired.subscribe { log.append("a \($0)") }
    clicks.send(1)
    let b = paired.subscribe { log.append("b \($0)") }
    clicks.send(2)
    #expect(log == ["a 1a", "a 2a", "b 2a"])
    withExtendedLifetime((a, b)) {}
  }

  @Test(arguments: [false, true])
  func isGlitchFreeInDiamond(otherSubscribedFirst: Bool) {
    let source = Subject<Int>()
    let primary = source.map { $0 * 10 }
    let other = source.map { "v\($0)" }
    // Either branch may hear `source` first, depending on which one connected first.
    let warmUp = otherSubscribedFirst ? other.subscribe { _ in } : primary.subscribe { _ in }
    var log: [String] = []
    let subscription = primary.withLatestFrom(other) { "\($0) \($1)" }.subscribe { log.append($0) }
    source.send(1)
    source.send(2)
    #expect(log == ["10 v1", "20 v2"])
    withExtendedLifetime((warmUp, subscription)) {}
  }

  @Test func pairsSignalWithItselfWithoutGlitch() {
    let source = CurrentValueSubject(0)
    var log: [String] = []
    let subscription = source.withLatestFrom(source).subscribe { log.append("\($0)\($1)") }
    source.value = 1
    source.value = 2
    #expect(log == ["00", "11", "22"])
    withExtendedLifetime(subscription) {}
  }

  @Test func disconnectsFromBothWhenLastSubscriberCancels() {
    let clicks = Subject<Int>()
    let mode = Subject<String>()
    var upstreamCalls = 0
    let observedClicks = clicks.map { value -> Int in
      upstreamCalls += 1
      return value
    }
    let observedMode = mode.map { value -> String in
      upstreamCalls += 1
      return value
    }
    let subscription = observedClicks.withLatestFrom(observedMode).subscribe { _ in }
    mode.send("a")
    clicks.send(1)
    subscription.cancel()
    mode.send("b")
    clicks.send(2)
    #expect(upstreamCalls == 2)
  }

  @Test func startsAfreshAfterLastSubscriberLeaves() {
    let clicks = Subject<Int>()
    let mode = Subject<String>()
    let paired = clicks.withLatestFrom(mode) { "\($0)\($1)" }
    var log: [String] = []
    let a = paired.subscribe { log.append("a \($0)") }
    mode.send("x")
    clicks.send(1)
    a.cancel()
    let b = paired.subscribe { log.append("b \($0)") }
    clicks.send(2)
    mode.send("y")
    clicks.send(3)
    #expect(log == ["a 1x", "b 3y"])
    withExtendedLifetime(b) {}
  }

  @Test func docExampleWithTransform() {
    var output: [String] = []
    let submit = Subject<Void>()
    let text = CurrentValueSubject("")
    let submitted = submit.withLatestFrom(text) { _, text in text }
    let subscription = submitted.subscribe { output.append("submit \($0)") }
    text.value = "hello"
    submit.send()
    #expect(output == ["submit hello"])
    withExtendedLifetime(subscription) {}
  }

  @Test func docExamplePair() {
    var output: [String] = []
    let clicks = Subject<Int>()
    let mode = CurrentValueSubject("draw")
    let subscription = clicks.withLatestFrom(mode).subscribe { output.append("\($0)") }
    clicks.send(1)
    #expect(output == ["(1, \"draw\")"])
    withExtendedLifetime(subscription) {}
  }

  /// A held primary value is released once its propagation has emitted it: the holding buffer kept it until a
  /// later propagation overwrote its slot.
  @Test func aHeldValueIsReleasedOnceItsPropagationEnds() {
    final class Payload {}
    let primary = Subject<Payload>()
    let other = CurrentValueSubject(1)
    var emitted = 0
    let subscription = primary.withLatestFrom(other).subscribe { _ in emitted += 1 }
    weak var sent: Payload?
    do {
      let payload = Payload()
      sent = payload
      primary.send(payload)
    }
    #expect(emitted == 1)
    #expect(sent == nil)
    withExtendedLifetime(subscription) {}
  }
}
