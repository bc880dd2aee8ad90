import Testing

@testable import Rill

/// `take(until:)` and `skip(until:)` are one node fed by an edge from the source and one from `other`
/// (``UntilSignal``): `take(until:)`'s end removes both edges while its observers stay, `skip(until:)`'s opening
/// removes `other`'s, and a later connection starts afresh.
@Suite(.freesEverything) struct UntilEdgeTests {
  /// The two operators, by mode.
  enum Mode: String, CaseIterable, CustomTestStringConvertible {
    case take, skip

    var testDescription: String { rawValue }

    func make(_ source: Signal<Int>, until other: Signal<Void>) -> Signal<Int> {
      switch self {
      case .take: source.take(until: other)
      case .skip: source.skip(until: other)
      }
    }
  }

  /// Connected, the node is one signal more and nothing else: no subscription, observer box or settle object
  /// between it and its upstreams (before: a subscription per upstream, a connection and a join settle).
  @Test(arguments: Mode.allCases)
  func anUntilNodeIsOneObjectWithNoSubscriptionUpstream(mode: Mode) {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let source = Subject<Int>()
      let other = Subject<Void>()
      let node = mode.make(source, until: other)
      var subscription: Subscription? = node.subscribe { _ in }
      #expect(scope.counts.signals == 3)
      #expect(scope.counts.subscriptions == 1)  // the subscriber's
      #expect(scope.counts.joins == 0)
      #expect(source.observerCount == 1)
      #expect(other.observerCount == 1)
      subscription = nil
      #expect(source.observerCount == 0)
      #expect(other.observerCount == 0)
      withExtendedLifetime((node, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// `other`'s value ends `take(until:)`: both edges go at once, the subscriber stays and hears nothing more; its
  /// cancel then has nothing to remove, and a new subscriber starts afresh.
  @Test func takeUntilsEndRemovesBothEdgesWhileItsSubscriberStays() {
    let source = Subject<Int>()
    let other = Subject<Void>()
    let node = source.take(until: other)
    var got: [Int] = []
    let first = node.subscribe { got.append($0) }
    source.send(1)
    other.send()
    #expect(source.observerCount == 0)
    #expect(other.observerCount == 0)
    source.send(2)
    #expect(got == [1])
    first.cancel()
    let second = node.subscribe { got.append($0 * 10) }
    #expect(source.observerCount == 1)
    #expect(other.observerCount == 1)
    source.send(3)
    #expect(got == [1, 30])
    second.cancel()
    #expect(source.observerCount == 0)
    #expect(other.observerCount == 0)
  }

  /// `other`'s value opens `skip(until:)`: its edge goes, the source's stays; the cancel removes the source's.
  @Test func skipUntilsOpeningRemovesOthersEdge() {
    let source = Subject<Int>()
    let other = Subject<Void>()
    var got: [Int] = []
    let subscription = source.skip(until: other).subscribe { got.append($0) }
    source.send(1)
    other.send()
    #expect(other.observerCount == 0)
    #expect(source.observerCount == 1)
    source.send(2)
    #expect(got == [2])
    subscription.cancel()
    #expect(source.observerCount == 0)
  }

  /// A replaying `other` decides while the node connects: `take(until:)` adds no edge to the source and removes
  /// `other`'s, and is over with its subscriber connected to nothing; `skip(until:)` keeps only the source's.
  @Test(arguments: Mode.allCases)
  func aReplayingOtherDecidesWhileTheNodeConnects(mode: Mode) {
    let source = CurrentValueSubject(5)
    let other = CurrentValueSubject(())
    var got: [Int] = []
    let subscription = mode.make(source, until: other).subscribe { got.append($0) }
    #expect(other.observerCount == 0)
    #expect(source.observerCount == (mode == .take ? 0 : 1))
    source.value = 6
    #expect(got == (mode == .take ? [] : [5, 6]))
    subscription.cancel()
    #expect(source.observerCount == 0)
  }

  /// The end of a `take(until:)` comes while its disconnect waits in the graph (a chain's disconnect running
  /// above it causes a send to `other`): the waiting disconnect finds nothing left to remove, and the node connects
  /// afresh later.
  @Test func takeUntilsEndWhileItsDisconnectWaits() {
    let source = Subject<Int>()
    let other = Subject<Void>()
    let node = source.take(until: other)
    var got: [Int] = []
    // The cancel of the outer subscription disconnects `tail`, whose handler sends to `other` before the node's
    // own disconnect, queued behind it, runs.
    let tail = node.handleEvents(receiveCancel: { other.send() }).map { $0 }
    let subscription = tail.subscribe { got.append($0) }
    source.send(1)
    subscription.cancel()
    #expect(source.observerCount == 0)
    #expect(other.observerCount == 0)
    let again = node.subscribe { got.append($0 * 10) }
    source.send(2)
    #expect(got == [1, 20])
    again.cancel()
    #expect(source.observerCount == 0)
    #expect(other.observerCount == 0)
  }

  /// A settle scheduled when `take(until:)` ends in the same propagation keeps the node alive until it has run,
  /// though no edge holds it any more and its subscriber leaves before that settle's turn. (Under AddressSanitizer,
  /// without the hold, the settle runs on the freed node.)
  @Test func aSettleScheduledAtTakeUntilsEndKeepsTheNodeUntilItRuns() {
    let source = Subject<Int>()
    var got: [Int] = []
    var subscription: Subscription?
    // A join of `source` with itself settles after the depth-first pass, before the `take(until:)` below it: the
    // node holds the source's value for its settle when `other` ends it.
    let other = combine(source, source).filter { $0.0 == 2 }.map { _ in () }
    do {
      let node = source.take(until: other)
      subscription = node.subscribe { got.append($0) }
    }
    let canceller = other.subscribe { subscription = nil }  // in `other`'s delivery, after the node's edge
    source.send(1)
    source.send(2)
    source.send(3)
    #expect(got == [1])
    #expect(subscription == nil)
    #expect(source.observerCount == 2)  // the join's edges, for the canceller
    withExtendedLifetime(canceller) {}
  }

  /// The live graph shows a connected `take(until:)` with both upstreams, and a finished one, which has no edge
  /// left, with none.
  @Test func aFinishedTakeUntilShowsNoUpstreamsInTheLiveGraph() throws {
    let source = Subject<Int>().named("source")
    let other = Subject<Void>().named("other")
    let node = source.take(until: other)
    let subscription = node.subscribe { _ in }
    var graph = node.liveGraph()
    let connected = try #require(graph.nodes.first { $0.id == graph.origin })
    #expect(graph.upstreams(of: connected).map(\.name) == ["source", "other"])
    other.send()
    graph = node.liveGraph()
    let finished = try #require(graph.nodes.first { $0.id == graph.origin })
    #expect(graph.upstreams(of: finished).isEmpty)
    subscription.cancel()
  }
}
