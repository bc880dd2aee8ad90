import Testing

@testable import Rill

@Suite(.freesEverything) struct FlatMapTests {
  @Test func mergesTheValuesOfEveryInnerSignal() {
    let joined = Subject<Int>()
    let rooms = [Subject<String>(), Subject<String>()]
    var log: [String] = []
    let subscription = joined.flatMap { rooms[$0] }.subscribe { log.append($0) }
    rooms[0].send("before")
    joined.send(0)
    rooms[0].send("a1")
    rooms[1].send("not yet")
    joined.send(1)
    rooms[1].send("b1")
    rooms[0].send("a2")
    #expect(log == ["a1", "b1", "a2"])
    withExtendedLifetime(subscription) {}
  }

  @Test func emitsTheReplayOfEachNewInnerAtOnce() {
    let joined = Subject<Int>()
    let rooms = [CurrentValueSubject("zero"), CurrentValueSubject("one")]
    var log: [String] = []
    let subscription = joined.flatMap { rooms[$0] }.subscribe { log.append($0) }
    joined.send(0)
    joined.send(1)
    rooms[0].value = "zero'"
    #expect(log == ["zero", "one", "zero'"])
    withExtendedLifetime(subscription) {}
  }

  @Test func anInnerMappedTwiceIsSubscribedTwice() {
    let joined = Subject<Int>()
    let room = Subject<String>()
    var log: [String] = []
    let subscription = joined.flatMap { _ in room }.subscribe { log.append($0) }
    joined.send(0)
    joined.send(0)
    room.send("x")
    #expect(log == ["x", "x"])
    #expect(room.observerCount == 2)
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysLastValueWhenOuterReplays() {
    let joined = CurrentValueSubject(0)
    let rooms = [Subject<String>(), Subject<String>()]
    let messages = joined.flatMap { rooms[$0] }
    var log: [String] = []
    let a = messages.subscribe { log.append("a \($0)") }
    rooms[0].send("x")
    let b = messages.subscribe { log.append("b \($0)") }
    rooms[0].send("y")
    #expect(log == ["a x", "b x", "a y", "b y"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func disconnectsTheOuterAndEveryInnerWhenTheLastSubscriberCancels() {
    let joined = Subject<Int>()
    let rooms = [Subject<String>(), Subject<String>()]
    let subscription = joined.flatMap { rooms[$0].map { $0 } }.subscribe { _ in }
    joined.send(0)
    joined.send(1)
    #expect(rooms.map(\.observerCount) == [1, 1])
    subscription.cancel()
    #expect(rooms.map(\.observerCount) == [0, 0])
    #expect(joined.observerCount == 0)
  }

  /// Rule 5: every value of one propagation, from several inners, is forwarded.
  @Test func forwardsEveryValueOfAPropagationFromEveryInner() {
    let source = Subject<Int>()
    let offsets = Subject<Int>()
    var log: [Int] = []
    let subscription = offsets.flatMap { offset in source.map { $0 + offset } }.subscribe { log.append($0) }
    offsets.send(10)
    offsets.send(20)
    source.send(1)
    source.send(2)
    #expect(log == [11, 21, 12, 22])
    withExtendedLifetime(subscription) {}
  }

  @Test func anInnerThatPrependsEmitsItsWholePrefix() {
    let joined = Subject<Int>()
    var log: [Int] = []
    let subscription = joined.flatMap { Subject<Int>().prepend($0, $0 + 1) }.subscribe { log.append($0) }
    joined.send(1)
    joined.send(10)
    #expect(log == [1, 2, 10, 11])
    withExtendedLifetime(subscription) {}
  }

  /// Rule 6: a join below a flatMap whose inners are deeper than it settles after them.
  @Test func aJoinBelowADeeperInnerIsGlitchFree() {
    let source = CurrentValueSubject(0)
    let joined = CurrentValueSubject(0)
    let deepInner = combine(source.map { $0 }.map { $0 }.map { $0 }, source)
    let messages = joined.flatMap { _ in deepInner }
    var log: [String] = []
    let subscription = combine(messages, source.map { $0 }).subscribe { log.append("\($0) \($1)") }
    source.value = 1
    #expect(log == ["(0, 0) 0", "(1, 1) 1"])
    withExtendedLifetime(subscription) {}
  }

  /// An inner limited with `take` ends its own upstream subscription: what stays is one idle node.
  @Test func aTakeLimitedInnerStopsListeningAfterItsLastValue() {
    let joined = Subject<Int>()
    let source = Subject<Int>()
    var log: [Int] = []
    let subscription = joined.flatMap { offset in source.map { $0 + offset }.take(2) }.subscribe { log.append($0) }
    joined.send(10)
    source.send(1)
    joined.send(20)
    source.send(2)
    source.send(3)
    #expect(log == [11, 12, 22, 23])
    #expect(source.observerCount == 0)
    withExtendedLifetime(subscription) {}
  }

  /// The new inner's replay comes first: it is subscribed by the outer's observer, before the earlier inner's
  /// turn (rules 2 and 4).
  @Test func aNewInnerDerivedFromTheOuterReplaysThenTheEarlierOneEmits() {
    let selected = CurrentValueSubject(1)
    var log: [String] = []
    let messages = selected.flatMap { first in selected.map { "\(first)-\($0)" } }
    let subscription = messages.subscribe { log.append($0) }
    selected.value = 2
    #expect(log == ["1-1", "2-2", "1-2"])
    withExtendedLifetime(subscription) {}
  }
}
