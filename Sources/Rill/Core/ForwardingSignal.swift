// The node of an operator fed by one upstream (`map`, `filter`, `compactMap`, `scan`, `removeDuplicates`, `prepend`,
// `skip`, `take`, `first(where:)`, `pairwise`, `handleEvents`): one object. Its connection upstream is an *edge* — a
// slot in the upstream's list that holds the node itself — not a subscription and an observer box: the upstream's
// delivery calls the node's stored `receive` with the node and the value, and the node keeps its slot's index for
// its disconnect.

/// A node fed by one upstream through an edge (see the file's comment). The operator gives it `receive`, built in
/// its (inlinable) code, so specialized for the caller's types and capturing nothing: the node is its argument, and
/// what the operator needs (its closure, its per-connection state) is kept in the node's subclass.
///
/// Its connect and its disconnect are one step, ``toggleEdge()``, run by ``DerivedSignal/connectStep()``: it adds the
/// edge when the node has none, and removes it when it has one.
@usableFromInline
class ForwardingSignal<Input, Value>: DerivedSignal<Value> {
  /// Takes a value the upstream delivers along the edge. A `let`, so that a delivery calls it without retaining
  /// anything.
  @usableFromInline let receive: (ForwardingSignal<Input, Value>, Input) -> Void

  /// A node fed by `upstream`, whose deliveries `receive` takes; its connect and disconnect are ``toggleEdge()``
  /// alone (a node with per-connection state is a ``StatefulForwardingSignal``). `forwards` when `receive`'s last
  /// step is the node's `emit` and nothing else ends it, as a chain of `map`s (see ``ChainWalks``).
  @inlinable init(
    _ upstream: Signal<Input>,
    kind: OperatorKind,
    forwards: Bool = true,
    receive: @escaping (ForwardingSignal<Input, Value>, Input) -> Void
  ) {
    self.receive = receive
    super.init(upstreams: [AnyUpstream(upstream)], kind: kind, forwards: forwards)
    flags |= ReactiveFlags.connectsByEdge | ReactiveFlags.onlyTogglesEdge
  }

  /// A node fed by `upstreams` through edges, of which `receive` takes the first's deliveries; a subclass connects
  /// it (``StatefulForwardingSignal``). It replays when `replays` says, or, when `nil`, when an upstream does;
  /// `switchesUpstream` for a node fed by further signals while connected (`flatMapLatest`: its rank can rise).
  @inlinable init(
    upstreams: [AnyUpstream],
    kind: OperatorKind,
    replays: Bool?,
    switchesUpstream: Bool = false,
    forwards: Bool,
    receive: @escaping (ForwardingSignal<Input, Value>, Input) -> Void
  ) {
    self.receive = receive
    super.init(
      upstreams: upstreams, kind: kind, replays: replays, switchesUpstream: switchesUpstream, forwards: forwards)
    flags |= ReactiveFlags.connectsByEdge
  }

  /// Adds the edge upstream when this node has none (its connect), removes it when it has one (its disconnect).
  ///
  /// The upstream is not retained for the call: this node holds it (``DerivedSignal/firstUpstream``, dropped only by
  /// its `deinit`), and whatever runs this step holds the node — its observer's connect, the disconnect loop's entry,
  /// or, for a `take` at its last value, the delivery that retires the running observer instead of freeing it.
  @inlinable final func toggleEdge() {
    let upstream = Unmanaged.passUnretained(unsafeDowncast(firstUpstream.unsafelyUnwrapped, to: Signal<Input>.self))
    upstream._withUnsafeGuaranteedRef { upstream in
      if upstreamSlot < 0 {
        upstream.addEdge(to: self) { receive(self, $0) }
      } else {
        upstream.removeEdge(of: self)
      }
    }
  }

  @usableFromInline override func edgeSlotMoved(to index: Int, port: Int) {
    upstreamSlot = index
  }

  @usableFromInline override func connectStep() {
    toggleEdge()
  }

  @usableFromInline final override func disconnectEdge() {
    guard has(ReactiveFlags.isEdgeDisconnectPending) else { return }  // removed already, by a reconnect
    flags &= ~ReactiveFlags.isEdgeDisconnectPending
    if has(ReactiveFlags.onlyTogglesEdge) {
      // `toggleEdge()`'s removal, without the call through `connect` (nor, as there, a retain of the upstream).
      // Written out: calling `toggleEdge()` from this unspecialized override cost a chain's teardown 19 instructions
      // a node (chain_teardown 844 → 863).
      let upstream = Unmanaged.passUnretained(unsafeDowncast(firstUpstream.unsafelyUnwrapped, to: Signal<Input>.self))
      upstream._withUnsafeGuaranteedRef { $0.removeEdge(of: self) }
    } else {
      connectStep()
    }
  }
}

/// A node fed by edges whose connect does more than add its edge: it starts per-connection state afresh (a `scan`
/// accumulator, a `take` count), or adds more edges (a join, ``TwoPortSignal``). The operator gives `connect`, built
/// in its (inlinable) code, so specialized for the caller's types and capturing nothing; it runs the node's connect
/// and its disconnect, and must toggle the edges (``ForwardingSignal/toggleEdge()``).
@usableFromInline
class StatefulForwardingSignal<Input, Value>: ForwardingSignal<Input, Value> {
  /// Runs this node's connect, and its disconnect.
  @usableFromInline let connect: (DerivedSignal<Value>) -> Void

  /// A node fed by `upstream`, whose deliveries `receive` takes and whose connect and disconnect `connect` runs.
  @inlinable init(
    _ upstream: Signal<Input>,
    kind: OperatorKind,
    forwards: Bool = true,
    receive: @escaping (ForwardingSignal<Input, Value>, Input) -> Void,
    connect: @escaping (DerivedSignal<Value>) -> Void
  ) {
    self.connect = connect
    super.init(upstreams: [AnyUpstream(upstream)], kind: kind, replays: nil, forwards: forwards, receive: receive)
  }

  /// A node fed through edges at more than one port (a ``SecondPortSignal``), of which `receive` takes port 0's
  /// deliveries, from the first of `upstreams`; `connect` adds and removes every edge. It replays when `replays`
  /// says, or, when `nil`, when an upstream does; `switchesUpstream` as for a ``ForwardingSignal``.
  @inlinable init(
    upstreams: [AnyUpstream],
    kind: OperatorKind,
    replays: Bool?,
    switchesUpstream: Bool = false,
    receive: @escaping (ForwardingSignal<Input, Value>, Input) -> Void,
    connect: @escaping (DerivedSignal<Value>) -> Void
  ) {
    self.connect = connect
    super.init(
      upstreams: upstreams, kind: kind, replays: replays, switchesUpstream: switchesUpstream, forwards: false,
      receive: receive)
  }

  @usableFromInline final override func connectStep() {
    connect(self)
  }

  /// Adds the first upstream's edge, to port 0, at once: not as the tail step of the connect
  /// (``Signal/addEdge(toPort:of:replay:)``), for a connect that goes on after it (a join's, a `timeout`'s).
  @inlinable final func addFirstEdge() {
    let first = unsafeDowncast(firstUpstream.unsafelyUnwrapped, to: Signal<Input>.self)
    Unmanaged.passUnretained(first)._withUnsafeGuaranteedRef { first in
      upstreamSlot = first.slots.count
      first.addEdge(toPort: 0, of: self) { receive(self, $0) }
    }
  }

  /// Removes the first upstream's edge (this node has it).
  @inlinable final func removeFirstEdge() {
    let first = unsafeDowncast(firstUpstream.unsafelyUnwrapped, to: Signal<Input>.self)
    Unmanaged.passUnretained(first)._withUnsafeGuaranteedRef { $0.removeEdge(of: self) }
  }
}

extension Signal {
  /// Adds an edge from this signal to `node`, as the last step of `node`'s connect; `replay` takes the value this
  /// signal replays, if it does (rule 2). Being the last step lets a deep chain connect and deliver in a loop (see
  /// ``ChainWalks``): this signal's first connect may wait for the connect below to return, and a deep delivery may
  /// run `node`'s delivery after the edge's call returns instead of from inside it.
  @inlinable final func addEdge<Node>(to node: ForwardingSignal<Value, Node>, replay: (Value) -> Void) {
    if _slowPath(foreignReleases.arePending) { takeForeignReleases() }
    isTailConnect = true
    node.upstreamSlot = slots.count
    slots.append(ObserverSlot(edgeTo: node))
    observerCount += 1
    // The replay (and the connection upstream it may cause) is a delivery like any other (see `subscribe(_:)`).
    let started = startPropagation()
    observerAdded(replay, isFirst: observerCount == 1)
    if started { finishPropagation() }
    isTailConnect = false
    // A node this deep in a chain of forwarding nodes may be reached by a deep delivery as a tail step: its
    // deliveries check for one. (Below a join, a delivery starts afresh from the join's settle.)
    if node.rank >= ChainWalks.deepRank && isForwardingNode { node.deliveryHooks |= ReactiveNode.deepChainHook }
  }

  /// Adds an edge from this signal to port `port` of `node`, a join (``TwoPortSignal``), whose connect this is;
  /// `replay` takes the value this signal replays, if it does. Not a tail step of the join's connect, which goes
  /// on: this signal's connect, if the edge makes one, runs now. The join has set its slot index for the port
  /// already (``ObserverSlots/count``, the slot the edge takes), so that a compaction this connect causes keeps it
  /// right.
  @inlinable final func addEdge(toPort port: Int, of node: ReactiveNode, replay: (Value) -> Void) {
    if _slowPath(foreignReleases.arePending) { takeForeignReleases() }
    if port != 0 { deliveryHooks |= ReactiveNode.secondPortHook }
    slots.append(ObserverSlot(edgeTo: node, port: port))
    observerCount += 1
    let started = startPropagation()
    observerAdded(replay, isFirst: observerCount == 1)
    if started { finishPropagation() }
  }

  /// Removes `node`'s edge from this signal (its disconnect), as ``removeObserver(at:)`` removes an observer.
  @inlinable final func removeEdge<Node>(of node: ForwardingSignal<Value, Node>) {
    let index = node.upstreamSlot
    node.upstreamSlot = -1
    removeObserver(at: index)
  }
}
