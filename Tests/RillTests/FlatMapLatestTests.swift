import Rill
import Testing

@Suite(.freesEverything) struct FlatMapLatestTests {
  @Test func switchesToLatestInnerAndIgnoresPreviousOne() {
    let selected = Subject<Int>()
    let inners = [Subject<String>(), Subject<String>()]
    var log: [String] = []
    let subscription = selected.flatMapLatest { inners[$0] }.subscribe { log.append($0) }
    inners[0].send("early")
    selected.send(0)
    inners[0].send("a")
    inners[1].send("not yet")
    selected.send(1)
    inners[0].send("stale")
    inners[1].send("b")
    selected.send(0)
    inners[1].send("stale")
    inners[0].send("c")
    #expect(log == ["a", "b", "c"])
    withExtendedLifetime(subscription) {}
  }

  @Test func emitsReplayOfEachNewInnerAtOnce() {
    let selected = CurrentValueSubject(0)
    let inners = [CurrentValueSubject("zero"), CurrentValueSubject("one")]
    var log: [String] = []
    let subscription = selected.flatMapLatest { inners[$0] }.subscribe { log.append($0) }
    inners[0].value = "zero'"
    selected.value = 1
    inners[0].value = "zero''"
    selected.value = 0
    #expect(log == ["zero", "zero'", "one", "zero''"])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysLastValueWhenOuterReplays() {
    let selected = CurrentValueSubject(0)
    let inners = [Subject<String>(), Subject<String>()]
    let messages = selected.flatMapLatest { inners[$0] }
    var log: [String] = []
    let a = messages.subscribe { log.append("a \($0)") }
    inners[0].send("x")
    let b = messages.subscribe { log.append("b \($0)") }
    inners[0].send("y")
    #expect(log == ["a x", "b x", "a y", "b y"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func replaysNothingWhenOuterIsSubject() {
    let selected = Subject<Int>()
    let inner = CurrentValueSubject("x")
    let messages = selected.flatMapLatest { _ in inner }
    var log: [String] = []
    let a = messages.subscribe { log.append("a \($0)") }
    selected.send(0)
    let b = messages.subscribe { log.append("b \($0)") }
    inner.value = "y"
    #expect(log == ["a x", "a y", "b y"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func previousInnerNodeIsFreedOnSwitch() {
    let selected = Subject<Int>()
    let source = Subject<Int>()
    weak var firstInner: Signal<Int>?
    var innerCount = 0
    let messages = selected.flatMapLatest { offset -> Signal<Int> in
      let inner = source.map { $0 + offset }
      innerCount += 1
      if innerCount == 1 { firstInner = inner }
      return inner
    }
    var log: [Int] = []
    let subscription = messages.subscribe { log.append($0) }
    selected.send(100)
    source.send(1)
    #expect(firstInner != nil)
    selected.send(200)
    source.send(2)
    #expect(firstInner == nil)
    #expect(log == [101, 202])
    withExtendedLifetime(subscription) {}
  }

  @Test func disconnectsOuterAndInnerWhenLastSubscriberCancels() {
    let selected = Subject<Int>()
    let source = Subject<Int>()
    var calls: [String] = []
    let messages = selected.map { value -> Int in
      calls.append("outer \(value)")
      return value
    }.flatMapLatest { _ in
      source.map { value -> Int in
        calls.append("inner \(value)")
        return value
      }
    }
    let subscription = messages.subscribe { _ in }
    selected.send(1)
    source.send(1)
    subscription.cancel()
    selected.send(2)
    source.send(2)
    #expect(calls == ["outer 1", "inner 1"])
  }

  @Test func queuedSendOnPreviousInnerAfterQueuedSwitchIsIgnored() {
    let selected = Subject<Int>()
    let inners = [Subject<String>(), Subject<String>()]
    var log: [String] = []
    let messages = selected.flatMapLatest { inners[$0] }
    let subscription = messages.subscribe { value in
      log.append(value)
      if value == "switch" {
        selected.send(1)
        inners[0].send("old inner, after the switch")
      }
    }
    selected.send(0)
    inners[0].send("switch")
    inners[1].send("new inner")
    #expect(log == ["switch", "new inner"])
    withExtendedLifetime(subscription) {}
  }

  @Test func innerDerivedFromOuterEmitsOncePerSwitch() {
    let selected = CurrentValueSubject(1)
    var log: [String] = []
    let messages = selected.flatMapLatest { first in selected.map { "\(first)-\($0)" } }
    let subscription = messages.subscribe { log.append($0) }
    selected.value = 2
    selected.value = 3
    #expect(log == ["1-1", "2-2", "3-3"])
    withExtendedLifetime(subscription) {}
  }

  @Test func joinDownstreamOfDeeperInnerIsGlitchFree() {
    let source = CurrentValueSubject(0)
    let selected = CurrentValueSubject(0)
    let deepInner = combine(source.map { $0 }.map { $0 }.map { $0 }, source)
    let messages = selected.flatMapLatest { _ in deepInner }
    var log: [String] = []
    let subscription = combine(messages, source.map { $0 }).subscribe { log.append("\($0) \($1)") }
    source.value = 1
    #expect(log == ["(0, 0) 0", "(1, 1) 1"])
    withExtendedLifetime(subscription) {}
  }

  @Test func joinBelowNestedFlatMapLatestFollowsADeeperInnerChosenLater() {
    let source = CurrentValueSubject(0)
    let shallow = source.map { ($0, $0) }
    let deep = combine(source.map { $0 }.map { $0 }.map { $0 }, source)
    let innerChoice = CurrentValueSubject(0)
    let outerChoice = CurrentValueSubject(0)
    let inner = innerChoice.flatMapLatest { $0 == 0 ? shallow : deep }
    let messages = outerChoice.flatMapLatest { _ in inner }
    var log: [String] = []
    let subscription = combine(messages, source.map { $0 }).subscribe { log.append("\($0) \($1)") }
    innerChoice.value = 1
    source.value = 1
    outerChoice.value = 1
    source.value = 2
    #expect(log == ["(0, 0) 0", "(0, 0) 0", "(1, 1) 1", "(1, 1) 1", "(2, 2) 2"])
    withExtendedLifetime(subscription) {}
  }

  @Test func switchingToADeeperInnerAndBackStaysGlitchFree() {
    let source = CurrentValueSubject(0)
    let shallow = source.map { ($0, $0) }
    let deep = combine(source.map { $0 }.map { $0 }.map { $0 }, source)
    let choice = CurrentValueSubject(0)
    let messages = choice.flatMapLatest { $0 == 0 ? shallow : deep }
    var log: [String] = []
    let subscription = combine(messages, source.map { $0 }).subscribe { log.append("\($0) \($1)") }
    source.value = 1
    choice.value = 1
    source.value = 2
    choice.value = 0
    source.value = 3
    choice.value = 1
    source.value = 4
    #expect(log == ["(0, 0) 0", "(1, 1) 1", "(1, 1) 1", "(2, 2) 2", "(2, 2) 2", "(3, 3) 3", "(3, 3) 3", "(4, 4) 4"])
    withExtendedLifetime(subscription) {}
  }

  @Test func joinAlreadyPendingWhenItsRankRisesSettlesAfterTheDeeperInner() {
    let source = CurrentValueSubject(0)
    let deep = combine(source.map { $0 }.map { $0 }.map { $0 }, source)
    let keepsDeepConnected = deep.subscribe { _ in }
    let shallow = source.map { ($0, $0) }
    // The join hears `source` first (so it is pending at its old rank), then the choice switches to the
    // deep inner, whose own join is pending too: the join must rise above it and settle after it.
    let messages = source.map { $0 > 0 }.flatMapLatest { $0 ? deep : shallow }
    var log: [String] = []
    let subscription = combine(source.map { $0 }, messages).subscribe { log.append("\($0) \($1)") }
    source.value = 1
    source.value = 2
    #expect(log == ["0 (0, 0)", "1 (1, 1)", "2 (2, 2)"])
    withExtendedLifetime((keepsDeepConnected, subscription)) {}
  }

  @Test func observerOfTheNodeHearsAPendingInnersReplayThenItsSettledValue() {
    let source = CurrentValueSubject(0)
    let deep = combine(source.map { $0 }.map { $0 }.map { $0 }, source)
    let keepsDeepConnected = deep.subscribe { _ in }
    let shallow = source.map { ($0 - 100, 0) }
    var log: [String] = []
    let messages = source.map { $0 > 0 }.flatMapLatest { $0 ? deep : shallow }
    let subscription = messages.subscribe { log.append("\($0)") }
    source.value = 1
    #expect(log == ["(-100, 0)", "(0, 0)", "(1, 1)"])
    withExtendedLifetime((keepsDeepConnected, subscription)) {}
  }

  @Test func nodeBelowARiseThatReconnectsCatchesUp() {
    let source = CurrentValueSubject(0)
    let shallow = source.map { ($0, $0) }
    let deep = combine(source.map { $0 }.map { $0 }.map { $0 }, source)
    let choice = CurrentValueSubject(0)
    let messages = choice.flatMapLatest { $0 == 0 ? shallow : deep }
    let joined = combine(messages, source.map { $0 })
    var log: [String] = []
    var subscription = joined.subscribe { _ in }
    subscription.cancel()
    let keepsMessagesConnected = messages.subscribe { _ in }
    choice.value = 1
    subscription = joined.subscribe { log.append("\($0) \($1)") }
    source.value = 1
    #expect(log == ["(0, 0) 0", "(1, 1) 1"])
    withExtendedLifetime((keepsMessagesConnected, subscription)) {}
  }

  @Test func docExample() {
    var output: [String] = []
    let selectedRoom = CurrentValueSubject("lobby")
    let rooms = ["lobby": Subject<String>(), "garden": Subject<String>()]
    let messages = selectedRoom.flatMapLatest { rooms[$0]! }
    let subscription = messages.subscribe { output.append($0) }
    selectedRoom.value = "garden"
    rooms["lobby"]!.send("ignored")
    rooms["garden"]!.send("hi")
    #expect(output == ["hi"])
    withExtendedLifetime(subscription) {}
  }
}
