import Testing

@testable import Rill

/// A forwarding node (`map`, `filter`, `scan`, …) is connected to its upstream by an edge: a slot holding the node,
/// which keeps the slot's index itself. These pin what that bookkeeping must get right.
@Suite(.freesEverything) struct ForwardingEdgeTests {
  /// The removal of a node's edge waits in the graph's disconnect loop while another disconnect runs. A node that
  /// gets an observer again meanwhile connects afresh, and the removal that waited must not take its new edge.
  @Test func aNodeReconnectedWhileTheRemovalOfItsEdgeWaitsKeepsItsNewEdge() {
    let subject = CurrentValueSubject(1)
    let inner = subject.map { $0 * 10 }
    var heard: [Int] = []
    var revived: Subscription?
    // Its cancel runs in the disconnect loop, after it queued the removal of `inner`'s edge.
    let outer = inner.handleEvents(receiveCancel: { revived = inner.subscribe { heard.append($0) } })
    var subscription: Subscription? = outer.subscribe { _ in }
    subscription = nil
    withExtendedLifetime(subscription) {}
    #expect(revived != nil)
    #expect(heard == [10])  // the fresh connection's replay
    subject.value = 2
    #expect(heard == [10, 20])
    #expect(subject.observerCount == 1)
    #expect(inner.observerCount == 1)
    revived = nil
    #expect(subject.observerCount == 0)
  }

  /// A delivery calls an edge's node through `ForwardingSignal<Input, Input>`'s `receive`, whatever the node's own
  /// output type: right only while no field of the class and its bases depends on the type arguments in size. A
  /// chain through outputs of every shape — small, large, a class, a tuple, an optional — pins it.
  @Test func edgesDeliverToNodesOfEveryOutputType() {
    struct Large: Equatable {
      var a = 0, b = 0, c = 0, d = 0, e = 0
    }
    final class Box {
      let value: Int
      init(_ value: Int) { self.value = value }
    }
    let source = Subject<Int>()
    let text = source.map { "n\($0)" }
    let large = text.map { Large(a: $0.count, e: Int($0.dropFirst())!) }
    let boxed = large.filter { $0.a > 0 }.map { Box($0.e) }
    let pairs = boxed.map { $0.value }.pairwise()
    let optional = pairs.compactMap { $0.0 < $0.1 ? Optional(Optional($0.1)) : nil }
    var heard: [Int?] = []
    let subscription = optional.subscribe { heard.append($0) }
    for value in [1, 3, 2, 5] { source.send(value) }
    #expect(heard == [3, 5])
    withExtendedLifetime(subscription) {}
  }

  /// A disconnected `scan` keeps nothing it accumulated: its state goes back to the initial result.
  @Test func aDisconnectedScanKeepsNothingItAccumulated() {
    final class Box {}
    let subject = Subject<Box>()
    weak var accumulated: Box?
    let latest = subject.scan(nil as Box?) { _, box in box }
    var subscription: Subscription? = latest.subscribe { _ in }
    do {
      let box = Box()
      accumulated = box
      subject.send(box)
    }
    #expect(accumulated != nil)
    subscription = nil
    withExtendedLifetime(subscription) {}
    #expect(accumulated == nil)
    withExtendedLifetime(latest) {}
  }

  /// Edges and subscriptions share a signal's slots; cancelling moves them (compaction), and each keeps its index.
  /// A seeded random mix of maps, filters and plain subscribers, added and cancelled in any order, each hearing
  /// exactly the values sent while it was subscribed, transformed.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func edgesAndSubscriptionsKeepTheirSlotsThroughCompaction(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let subject = Subject<Int>()
    final class Listener {
      let offset: Int
      var heard: [Int] = []
      var expected: [Int] = []
      var subscription: Subscription?
      init(offset: Int) { self.offset = offset }
    }
    var live: [Listener] = []
    for step in 0..<400 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:  // subscribe: through a map, a filter that lets everything through, or directly
        let listener = Listener(offset: Int.random(in: 0..<3, using: &random))
        let signal: Signal<Int> =
          switch listener.offset {
          case 0: subject.filter { _ in true }
          case 1: subject.map { $0 + 1 }
          default: subject.map { $0 }.map { $0 + 2 }
          }
        listener.subscription = signal.subscribe { [unowned listener] in listener.heard.append($0) }
        live.append(listener)
      case 4..<7 where !live.isEmpty:
        let listener = live.remove(at: Int.random(in: 0..<live.count, using: &random))
        listener.subscription = nil
        #expect(listener.heard == listener.expected, "seed \(seed), step \(step)")
      default:
        subject.send(step)
        for listener in live { listener.expected.append(step + listener.offset) }
      }
      #expect(subject.observerCount == live.count, "seed \(seed), step \(step)")
    }
    for listener in live {
      #expect(listener.heard == listener.expected, "seed \(seed)")
      listener.subscription = nil
    }
    #expect(subject.observerCount == 0)
  }
}
