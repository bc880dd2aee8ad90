// The node of a join fed by two upstreams through edges (a two-source `combine`, `withLatestFrom`, a `merge` of two):
// one object, with an edge in each upstream's slots that holds the node and the port it feeds.

/// A node fed by two upstreams through edges (see ``SecondPortSignal``): the first upstream's edge feeds port 0,
/// whose step is the inherited `receive`; the second's feeds port 1, whose step is `receiveSecond`.
///
/// Its connect adds both edges (``toggleEdges(secondFirst:)``) and its disconnect removes them, in one step as a
/// forwarding node's.

@usableFromInline
class TwoPortSignal<Input, Second, Value>: SecondPortSignal<Input, Second, Value> {
  /// The second upstream, held until this node's fields are destroyed (after its `deinit`, which hands the first to
  /// the release loop: the second is freed with no deeper recursion than the first).
  @usableFromInline let second: Signal<Second>
  /// Settles this node scheduled (a join on edges is its own settle: ``scheduleSettle()``) that have not run yet.
  @usableFromInline @exclusivity(unchecked) final var unfinishedSettles: UInt32 = 0
  /// Whether the node keeps itself alive (one retain) until its unfinished settles have run: it disconnected with
  /// settles scheduled (see ``holdForUnfinishedSettles()``).
  @usableFromInline @exclusivity(unchecked) final var isHeldForSettle = false

  /// A join of `first` and `second` (and of `moreUpstreams`, which a subclass keeps and connects), whose deliveries
  /// `receive` and `receiveSecond` take; `connect` runs its connect and its disconnect (it must call
  /// ``toggleEdges(secondFirst:)``). It replays when `replays` says, or, when `nil`, when an upstream does.
  @inlinable init(
    _ first: Signal<Input>,
    _ second: Signal<Second>,
    kind: OperatorKind,
    replays: Bool? = nil,
    receive: @escaping (ForwardingSignal<Input, Value>, Input) -> Void,
    receiveSecond: @escaping (SecondPortSignal<Input, Second, Value>, Second) -> Void,
    moreUpstreams: [AnyUpstream] = [],
    connect: @escaping (DerivedSignal<Value>) -> Void
  ) {
    self.second = second
    super.init(
      upstreams: [AnyUpstream(first), AnyUpstream(second)] + moreUpstreams, kind: kind, replays: replays,
      receive: receive, receiveSecond: receiveSecond, connect: connect)
  }

  /// Adds both edges when this node has none (its connect: the first upstream's, then the second's, or the other
  /// way round when `secondFirst`, each replaying into its port), removes both when it has them (its disconnect).
  @inlinable final func toggleEdges(secondFirst: Bool = false) {
    if upstreamSlot < 0 {
      if secondFirst { addSecondEdge() }
      addFirstEdge()
      if !secondFirst { addSecondEdge() }
    } else {
      removeFirstEdge()
      removeSecondEdge()
    }
  }

  /// Adds the second upstream's edge, to port 1.
  @inlinable final func addSecondEdge() {
    addSecondEdge(from: second)
  }

  /// Removes the second upstream's edge (this node has it).
  @inlinable final func removeSecondEdge() {
    removeSecondEdge(from: second)
  }

  /// Asks the graph to run this node's settle (its `run()`) when the propagation's depth-first pass is over. The
  /// graph does not retain the node: while connected its edges do, and a disconnect holds it for the settle.
  @inlinable final func scheduleSettle() {
    unfinishedSettles &+= 1
    scheduleOwnSettle()
  }

  /// The node disconnected: if settles of it are scheduled, it keeps itself alive (one retain) until they have run.
  @inlinable final func holdForUnfinishedSettles() {
    guard unfinishedSettles != 0 && !isHeldForSettle else { return }
    isHeldForSettle = true
    _ = Unmanaged.passUnretained(self).retain()
  }

  /// A scheduled settle has run. Called through an unretained reference, as the settle's last step: when the node
  /// held itself and this was the last, it lets go, and may be freed on the way out.
  @inlinable final func settleFinished() {
    unfinishedSettles &-= 1
    if _slowPath(isHeldForSettle) && unfinishedSettles == 0 {
      isHeldForSettle = false
      Unmanaged.passUnretained(self).release()
    }
  }

  override var otherUpstreams: [AnyObject] { [second] }

  /// The upstream that feeds port `port` (debug builds: ``noteArrival(atPort:)``).
  @usableFromInline func upstream(atPort port: Int) -> AnyObject {
    port == 0 ? firstUpstream.unsafelyUnwrapped : second
  }

  #if DEBUG
    /// Notes that the upstream feeding `port` delivered (debug builds; see ``RunReason``).
    @inlinable final func noteArrival(atPort port: Int) {
      arrivals.insert(ObjectIdentifier(upstream(atPort: port)))
    }
  #endif
}
