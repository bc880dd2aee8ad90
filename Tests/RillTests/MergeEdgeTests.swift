import Testing

@testable import Rill

/// A `merge` of three to 4,095 signals is one node fed by an edge from each (``MergeOfMany``): ports 0 and 1 as a
/// join of two's, and ports 2 and up named by their edges' tags; a merge of more subscribes to each signal.
@Suite(.freesEverything) struct MergeEdgeTests {
  /// Connected, a merge of up to 4,095 is one signal more and nothing else (the highest port's tag is the highest
  /// tag, 4,095); a merge of 4,096 subscribes to each.
  @Test(arguments: [3, 5, 7, 8, 100, 4095, 4096])
  func aMergeOfUpTo4095IsOneObjectWithNoSubscriptionUpstream(count: Int) {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let sources = (0..<count).map { _ in Subject<Int>() }
      let merged = merge(sources)
      var got: [Int] = []
      var subscription: Subscription? = merged.subscribe { got.append($0) }
      #expect(scope.counts.signals == count + 1)
      // The subscriber's; a merge of 4,096 adds one per source and the one that ends them.
      #expect(scope.counts.subscriptions == (count <= 4095 ? 1 : 2 + count))
      for (index, source) in sources.enumerated().reversed() { source.send(index) }
      #expect(got == Array((0..<count).reversed()))
      subscription = nil
      #expect(sources.allSatisfy { $0.observerCount == 0 })
      withExtendedLifetime((merged, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// The first subscriber gets every source's replay, in the order of the signals, and facts of the later sources
  /// count: a merge replays when any source does, and its rank is above every source's.
  @Test func replaysComeInTheOrderOfTheSignalsAndTheLaterSourcesCount() throws {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let c = CurrentValueSubject(3)
    let d = Subject<Int>().prepend(4)
    let deep = c.map { $0 }.map { $0 }.map { $0 }
    let merged = merge(a, b, c, d, deep)
    let node = try #require(merged as? DerivedSignal<Int>)
    #expect(node.replays)
    #expect(node.rank == deep.rank + 1)
    var first: [Int] = []
    let subscription = merged.subscribe { first.append($0) }
    #expect(first == [3, 4, 3])
    var later: [Int] = []
    let laterSubscription = merged.subscribe { later.append($0) }
    #expect(later == [3])  // the last value the merge emitted
    c.value = 30
    #expect(first == [3, 4, 3, 30, 30])
    withExtendedLifetime((subscription, laterSubscription)) {}
  }

  /// The slot of any port's edge moves when its source compacts (the cancel of earlier observers): values still
  /// reach that port, and the disconnect removes that slot, not another (a slot told to the wrong port left an
  /// edge behind, and the debug build stops on the index check of the removal).
  @Test(arguments: [(5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (300, 7), (300, 255), (300, 299)])
  func aCompactionMovesAnyPortsSlot(count: Int, port: Int) {
    let sources = (0..<count).map { _ in Subject<Int>() }
    var earlier = (0..<5).map { _ in sources[port].subscribe { _ in } }
    var got: [Int] = []
    var subscription: Subscription? = merge(sources).subscribe { got.append($0) }
    earlier.removeAll()  // the tombstones outnumber the live slots: the merge's edge moves to slot 0
    for (index, source) in sources.enumerated() { source.send(index) }
    #expect(got == Array(0..<count))
    subscription = nil
    #expect(sources.allSatisfy { $0.observerCount == 0 })
    withExtendedLifetime(subscription) {}
  }

  /// One source merged at several ports delivers once per port, and a reconnect adds every edge afresh.
  @Test func aSourceAtSeveralPortsAndAReconnect() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let merged = merge(a, b, a, b, a)
    for _ in 0..<3 {
      var got: [Int] = []
      let subscription = merged.subscribe { got.append($0) }
      #expect(a.observerCount == 3 && b.observerCount == 2)
      a.send(1)
      b.send(2)
      #expect(got == [1, 1, 1, 2, 2])
      subscription.cancel()
      #expect(a.observerCount == 0 && b.observerCount == 0)
    }
  }

  /// The live graph shows an edge from every source, and a run reason names the port that delivered (debug builds).
  @Test func theLiveGraphAndTheRunReasonSeeEveryPort() throws {
    let sources = (0..<4).map { index in Subject<Int>().named("s\(index)") }
    let merged = merge(sources)
    let subscription = merged.subscribe { _ in }
    let graph = merged.liveGraph()
    #expect(graph.edges.count == 4)
    #if DEBUG
      sources[2].send(1)
      let reason = try #require(merged.lastRunReason)
      #expect(reason.changedInputs.map(\.name) == ["s2"])
      sources[0].send(1)
      #expect(merged.lastRunReason?.changedInputs.map(\.name) == ["s0"])
    #endif
    withExtendedLifetime(subscription) {}
  }

  /// A replay on a reconnect is noted for the port that replayed, not for the port that last delivered (debug
  /// builds: the delivery names the port for the step it calls; a replay calls the step itself).
  @Test func aReplayOnReconnectNamesItsPort() throws {
    let replaying = CurrentValueSubject(0).named("replaying")
    let others = (0..<3).map { index in Subject<Int>().named("s\(index)") }
    let merged = merge(others[0], replaying, others[1], others[2])
    var subscription = merged.subscribe { _ in }
    others[2].send(1)
    subscription.cancel()
    subscription = merged.subscribe { _ in }
    #if DEBUG
      #expect(merged.lastRunReason?.changedInputs.map(\.name) == ["replaying"])
    #endif
    withExtendedLifetime(subscription) {}
  }
}
