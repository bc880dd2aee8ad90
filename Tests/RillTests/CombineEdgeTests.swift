import Testing

@testable import Rill

/// A two-source `combine` is one node fed by an edge from each source (``CombineOfTwo``, ``TwoPortSignal``): each
/// edge is a slot of its source holding the node and the port it feeds, and the node is its own settle.
@Suite(.freesEverything) struct CombineEdgeTests {
  /// Connected, the node is one signal more and nothing else: no subscription, observer box or settle object
  /// between a source and the join (before: a subscription per source and a join settle).
  @Test func aTwoSourceCombineIsOneObjectWithNoSubscriptionUpstream() {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let a = Subject<Int>()
      let b = Subject<Int>()
      let joined = combine(a, b)
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
  @Test(arguments: [0, 1])
  func aCompactionMovesEitherPortsSlot(port: Int) {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let moved = port == 0 ? a : b
    var earlier = (0..<5).map { _ in moved.subscribe { _ in } }
    var got: [String] = []
    var subscription: Subscription? = combine(a, b).subscribe { got.append("\($0),\($1)") }
    earlier.removeAll()  // the tombstones outnumber the live slots: the join's edge moves to slot 0
    a.send(1)
    b.send(2)
    a.send(3)
    #expect(got == ["1,2", "3,2"])
    let other = moved.subscribe { _ in }
    subscription = nil
    #expect(a.observerCount == (port == 0 ? 1 : 0))
    #expect(b.observerCount == (port == 1 ? 1 : 0))
    b.send(4)
    #expect(got == ["1,2", "3,2"])
    withExtendedLifetime((subscription, other)) {}
  }

  /// Both ports fed by one source: two edges in its slots, each to its own port; one tuple per send, and the
  /// disconnect removes both.
  @Test func bothPortsOnOneSource() {
    let a = Subject<Int>()
    var got: [String] = []
    var subscription: Subscription? = combine(a, a).subscribe { got.append("\($0),\($1)") }
    #expect(a.observerCount == 2)
    a.send(1)
    a.send(2)
    #expect(got == ["1,1", "2,2"])
    subscription = nil
    #expect(a.observerCount == 0)
    withExtendedLifetime(subscription) {}
  }

  /// Reconnected, the node starts afresh on both ports: it waits for a value of each source again, and the edges of
  /// the last connection are gone.
  @Test func aReconnectAddsBothEdgesAgain() {
    let a = Subject<Int>()
    let b = CurrentValueSubject(10)
    let joined = combine(a, b)
    var got: [String] = []
    var subscription: Subscription? = joined.subscribe { got.append("\($0),\($1)") }
    a.send(1)
    subscription = nil
    subscription = joined.subscribe { got.append("again \($0),\($1)") }
    #expect(a.observerCount == 1 && b.observerCount == 1)
    b.value = 11
    a.send(2)
    #expect(got == ["1,10", "again 2,11"])
    withExtendedLifetime(subscription) {}
  }
}
