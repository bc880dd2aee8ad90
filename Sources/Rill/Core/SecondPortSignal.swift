// The node of an operator fed through edges at a second port: a join of two or more (`TwoPortSignal`), or a
// `flatMapLatest`, whose latest inner signal feeds port 1.

/// A node fed through edges at two ports (see ``ForwardingSignal``): port 0's step is the inherited `receive`, port
/// 1's is `receiveSecond`. The operator gives both steps, built in its (inlinable) code, so specialized for the
/// caller's types and capturing nothing; its connect adds the edges and its disconnect removes them.
@usableFromInline
class SecondPortSignal<Input, Second, Value>: StatefulForwardingSignal<Input, Value> {
  /// Takes a value delivered along an edge to port 1. A `let`, so that a delivery calls it without retaining
  /// anything; at the same offset in every instantiation (see ``Signal/call(_:edgeTag:secondPorts:_:)``).
  @usableFromInline let receiveSecond: (SecondPortSignal<Input, Second, Value>, Second) -> Void
  #if DEBUG
    /// The port of the edge being called, set by a delivery before it calls a step past the first port (debug
    /// builds: a `merge` of more than two notes which delivered; a port's edge replays with it set).
    @usableFromInline @exclusivity(unchecked) final var arrivingPort = 1
  #endif
  /// The slot of the edge to port 1 in the signal that feeds it, while it has one, -1 otherwise; kept up to date by
  /// that signal's compaction (as ``DerivedSignal/upstreamSlot`` is, for port 0).
  @usableFromInline @exclusivity(unchecked) final var secondSlot = -1

  /// A node fed by `upstreams` (the first feeds port 0) and, at port 1, by what its `connect` gives it, whose
  /// deliveries `receive` and `receiveSecond` take; `connect` runs its connect and its disconnect. It replays when
  /// `replays` says, or, when `nil`, when an upstream does; `switchesUpstream` when port 1's signal changes while
  /// connected (its rank can rise).
  @inlinable init(
    upstreams: [AnyUpstream],
    kind: OperatorKind,
    replays: Bool?,
    switchesUpstream: Bool = false,
    receive: @escaping (ForwardingSignal<Input, Value>, Input) -> Void,
    receiveSecond: @escaping (SecondPortSignal<Input, Second, Value>, Second) -> Void,
    connect: @escaping (DerivedSignal<Value>) -> Void
  ) {
    self.receiveSecond = receiveSecond
    super.init(
      upstreams: upstreams, kind: kind, replays: replays, switchesUpstream: switchesUpstream, receive: receive,
      connect: connect)
  }

  /// The first upstream, which this node holds (``DerivedSignal/firstUpstream``) until its `deinit`.
  @inlinable final var first: Signal<Input> {
    unsafeDowncast(firstUpstream.unsafelyUnwrapped, to: Signal<Input>.self)
  }

  /// Adds an edge from `signal` to port 1, replaying into the port.
  @inlinable final func addSecondEdge(from signal: Signal<Second>) {
    Unmanaged.passUnretained(signal)._withUnsafeGuaranteedRef { signal in
      secondSlot = signal.slots.count  // before the edge's replay, which may compact
      signal.addEdge(toPort: 1, of: self) { receiveSecond(self, $0) }
    }
  }

  /// Removes the edge from `signal` to port 1 (this node has it).
  @inlinable final func removeSecondEdge(from signal: Signal<Second>) {
    let index = secondSlot
    secondSlot = -1
    Unmanaged.passUnretained(signal)._withUnsafeGuaranteedRef { $0.removeObserver(at: index) }
  }

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
    preconditionFailure("Rill: an edge to port \(port) of a node of two ports")
  }
}
