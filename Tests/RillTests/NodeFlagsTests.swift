// A derived node keeps its facts — its operator kind, whether it replays, holds a value, can rise, forwards — in
// bits of its flags rather than in fields of their own (a `map` node is 48 bytes smaller for them and for the
// fields its subclasses keep): each reads back what was written, and writing one leaves the others alone.

import Testing

@testable import Rill

@Suite struct NodeFlagsTests {
  @Test func everyOperatorKindFitsItsBits() {
    #expect(OperatorKind.allCases.count <= 1 << 5)
    #expect(ReactiveFlags.operatorKindMask >> ReactiveFlags.operatorKindShift == 0b11111)
    #expect(ReactiveFlags.operatorKindMask & ReactiveFlags.canRise == 0)
  }

  /// Every kind reads back as written, on a node that replays, holds a value and forwards, and the node's other
  /// facts and its delivery stay as they were.
  @Test(arguments: OperatorKind.allCases)
  func aKindReadsBackAndLeavesTheOtherFactsAlone(kind: OperatorKind) throws {
    let source = CurrentValueSubject(1)
    let signal = source.map { $0 * 10 }
    let node = try #require(signal as? DerivedSignal<Int>)
    var received: [Int] = []
    let subscription = signal.subscribe { received.append($0) }
    let flagsBefore = node.flags & ~ReactiveFlags.operatorKindMask
    #expect(node.kind == .map)
    _ = signal.showing(as: kind)
    #expect(node.kind == kind)
    #expect(node.flags & ~ReactiveFlags.operatorKindMask == flagsBefore)
    #expect(node.replays && node.hasLatest && node.isForwardingNode && !node.canRise)
    source.value = 2
    #expect(received == [10, 20])
    subscription.cancel()
    #expect(!node.hasLatest)
    #expect(node.kind == kind)
  }

  @Test func aNodeOfASourceThatDoesNotReplayNeitherReplaysNorHoldsAValue() throws {
    let source = Subject<Int>()
    let node = try #require(source.filter { $0 > 0 } as? DerivedSignal<Int>)
    let subscription = node.subscribe { _ in }
    source.send(1)
    #expect(!node.replays && !node.hasLatest && node.kind == .filter)
    subscription.cancel()
  }

  @Test func aNodeBelowAFlatMapLatestCanRise() throws {
    let source = Subject<Int>()
    let switching = try #require(source.flatMapLatest { _ in source } as? DerivedSignal<Int>)
    let below = try #require(switching.map { $0 } as? DerivedSignal<Int>)
    #expect(switching.canRise && below.canRise)
    #expect(switching.kind == .flatMapLatest && below.kind == .map)
  }
}
