// The node of a join fed by two upstreams through edges (a two-source `combine`, `withLatestFrom`, a `merge` of two):
// one object, with an edge in each upstream's slots that holds the node and the port it feeds.

/// A node fed by two upstreams through edges (see ``ForwardingSignal``): the first upstream's edge feeds port 0,
/// whose step is the inherited `receive`; the second's feeds port 1, whose step is `receiveSecond`. The operator
/// gives both steps, built in its (inlinable) code, so specialized for the caller's types and capturing nothing.
///
/// Its connect adds both edges (``toggleEdges(secondFirst:)``) and its disconnect removes them, in one step as a
/// forwarding node's.
@usableFromInline
class TwoPortSignal<Input, Second, Value>: StatefulForwardingSignal<Input, Value> {
  /// Takes a value the second upstream delivers along its edge. A `let`, so that a delivery calls it without
  /// retaining anything; at the same offset in every instantiation (see ``Signal/call(_:edgeTag:secondPorts:_:)``).
  @usableFromInline let receiveSecond: (TwoPortSignal<Input, Second, Value>, Second) -> Void
  #if DEBUG
    /// The port of the edge being called, set by a delivery before it calls a step past the first port (debug
    /// builds: a `merge` of more than two notes which delivered; a port's edge replays with it set).
    @usableFromInline @exclusivity(unchecked) final var arrivingPort = 1
  #endif
  /// The second upstream, held until this node's fields are destroyed (after its `deinit`, which hands the first to
  /// the release loop: the second is freed with no deeper recursion than the first).
  @usableFromInline let second: Signal<Second>
  /// The second upstream's slot of the edge to port 1 while connected, -1 otherwise; kept up to date by that
  /// upstream's compaction (as ``DerivedSignal/upstreamSlot`` is, for port 0).
  @usableFromInline @exclusivity(unchecked) final var secondSlot = -1
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
    receiveSecond: @escaping (TwoPortSignal<Input, Second, Value>, Second) -> Void,
    moreUpstreams: [AnyUpstream] = [],
    connect: @escaping (DerivedSignal<Value>) -> Void
  ) {
    self.receiveSecond = receiveSecond
    self.second = second
    super.init(
      upstreams: [AnyUpstream(first), AnyUpstream(second)] + moreUpstreams, kind: kind, replays: replays,
      receive: receive,
      connect: connect)
  }

  /// The first upstream, which this node holds (``DerivedSignal/firstUpstream``) until its `deinit`.
  @inlinable final var first: Signal<Input> {
    unsafeDowncast(firstUpstream.unsafelyUnwrapped, to: Signal<Input>.self)
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

  /// Adds the first upstream's edge, to port 0.
  @inlinable final func addFirstEdge() {
    Unmanaged.passUnretained(first)._withUnsafeGuaranteedRef { first in
      upstreamSlot = first.slots.count
      first.addEdge(toPort: 0, of: self) { receive(self, $0) }
    }
  }

  /// Adds the second upstream's edge, to port 1.
  @inlinable final func addSecondEdge() {
    Unmanaged.passUnretained(second)._withUnsafeGuaranteedRef { second in
      secondSlot = second.slots.count
      second.addEdge(toPort: 1, of: self) { receiveSecond(self, $0) }
    }
  }

  /// Removes the first upstream's edge (this node has it).
  @inlinable final func removeFirstEdge() {
    Unmanaged.passUnretained(first)._withUnsafeGuaranteedRef { $0.removeEdge(of: self) }
  }

  /// Removes the second upstream's edge (this node has it).
  @inlinable final func removeSecondEdge() {
    let index = secondSlot
    secondSlot = -1
    Unmanaged.passUnretained(second)._withUnsafeGuaranteedRef { $0.removeObserver(at: index) }
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

  @usableFromInline final override func edgeSlotMoved(to index: Int, port: Int) {
    if port == 0 {
      upstreamSlot = index
    } else if port == 1 {
      secondSlot = index
    } else {
      morePortSlotMoved(to: index, port: port)
    }
  }

  /// The slot of the edge to port `port` (2 or more: a join of more than two, ``ManyPortSignal``) moved to `index`.
  @usableFromInline func morePortSlotMoved(to index: Int, port: Int) {
    preconditionFailure("Rill: an edge to port \(port) of a join of two")
  }

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
