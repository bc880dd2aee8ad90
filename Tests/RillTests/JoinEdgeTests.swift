import Testing

@testable import Rill

/// A two-source `combine`, a `withLatestFrom` and a `merge` of two are one node fed by an edge from each source
/// (``CombineOfTwo``, ``WithLatestFromSignal``, ``MergeOfTwo``, ``TwoPortSignal``): each edge is a slot of its source
/// holding the node and the port it feeds, and a node that settles is its own settle.
@Suite(.freesEverything) struct JoinEdgeTests {
  /// The two-source joins on edges.
  enum Join: String, CaseIterable, CustomTestStringConvertible {
    case combine, withLatestFrom, merge

    var testDescription: String { rawValue }

    /// The join of `a` (the primary) and `b`: `a * 100 + b` for the two that pair values, each value for `merge`.
    func make(_ a: Signal<Int>, _ b: Signal<Int>) -> Signal<Int> {
      switch self {
      case .combine: Rill.combine(a, b) { $0 * 100 + $1 }
      case .withLatestFrom: a.withLatestFrom(b) { $0 * 100 + $1 }
      case .merge: Rill.merge(a, b)
      }
    }
  }

  /// Connected, the node is one signal more and nothing else: no subscription, observer box or settle object
  /// between a source and the join (before: a subscription per source and a join settle).
  @Test(arguments: Join.allCases)
  func aTwoSourceJoinIsOneObjectWithNoSubscriptionUpstream(join: Join) {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let a = Subject<Int>()
      let b = Subject<Int>()
      let joined = join.make(a, b)
      var subscription: Subscription? = joined.subscribe { _ in }
      #expect(scope.counts.signals == 3)
      #expect(scope.counts.subscriptions == 1)  // the subscriber's
      #expect(scope.counts.joins == 0)
      subscription = nil
      withExtendedLifetime((joined, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// The second port's slot moves when its source compacts (the cancel of earlier observers): values still reach
  /// that port, and the disconnect removes that slot, not another. With the move told to the first port, the
  /// disconnect removed a tombstone's slot index and left the edge behind.
  @Test(arguments: Join.allCases, [0, 1])
  func aCompactionMovesEitherPortsSlot(join: Join, port: Int) {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let moved = port == 0 ? a : b
    var earlier = (0..<5).map { _ in moved.subscribe { _ in } }
    var got: [Int] = []
    var subscription: Subscription? = join.make(a, b).subscribe { got.append($0) }
    earlier.removeAll()  // the tombstones outnumber the live slots: the join's edge moves to slot 0
    a.send(1)
    b.send(2)
    a.send(3)
    let expected = [Join.combine: [102, 302], .withLatestFrom: [302], .merge: [1, 2, 3]][join]
    #expect(got == expected)
    let other = moved.subscribe { _ in }
    subscription = nil
    #expect(a.observerCount == (port == 0 ? 1 : 0))
    #expect(b.observerCount == (port == 1 ? 1 : 0))
    a.send(4)
    b.send(5)
    #expect(got == expected)
    withExtendedLifetime((subscription, other)) {}
  }

  /// Both ports fed by one source: two edges in its slots, each to its own port; one value per send, and the
  /// disconnect removes both.
  @Test(arguments: Join.allCases)
  func bothPortsOnOneSource(join: Join) {
    let a = Subject<Int>()
    var got: [Int] = []
    var subscription: Subscription? = join.make(a, a).subscribe { got.append($0) }
    #expect(a.observerCount == 2)
    a.send(1)
    a.send(2)
    #expect(got == (join == .merge ? [1, 1, 2, 2] : [101, 202]))
    subscription = nil
    #expect(a.observerCount == 0)
    withExtendedLifetime(subscription) {}
  }

  /// Reconnected, the node starts afresh on both ports: it waits for a value of each source again, and the edges of
  /// the last connection are gone.
  @Test(arguments: Join.allCases)
  func aReconnectAddsBothEdgesAgain(join: Join) {
    let a = Subject<Int>()
    let b = CurrentValueSubject(10)
    let joined = join.make(a, b)
    var got: [Int] = []
    var subscription: Subscription? = joined.subscribe { got.append($0) }
    a.send(1)
    subscription = nil
    subscription = joined.subscribe { got.append(-$0) }  // negated: heard again
    #expect(a.observerCount == 1 && b.observerCount == 1)
    b.value = 11
    a.send(2)
    let expected = [Join.combine: [110, -211], .withLatestFrom: [110, -211], .merge: [10, 1, -10, -11, -2]][join]
    #expect(got == expected)
    withExtendedLifetime(subscription) {}
  }

  /// A second port fed by a node whose deliveries have other hooks too — a checkpoint (rank 32), a node deep in a
  /// chain (from rank 96) — hears every value: each delivery of such a node still looks for second ports.
  @Test(arguments: Join.allCases, [32, 100, 200])
  func aSecondPortFedByAHookedNodeHearsEveryValue(join: Join, depth: Int) {
    let a = CurrentValueSubject(1)
    let b = Subject<Int>()
    var chain: Signal<Int> = b
    for _ in 0..<depth { chain = chain.map { $0 } }
    var got: [Int] = []
    let subscription = join.make(a, chain).subscribe { got.append($0) }
    b.send(2)
    a.value = 3
    b.send(4)
    let expected = [Join.combine: [102, 302, 304], .withLatestFrom: [302], .merge: [1, 2, 3, 4]][join]
    #expect(got == expected)
    withExtendedLifetime(subscription) {}
  }
}
