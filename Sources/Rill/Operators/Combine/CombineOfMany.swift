/// The node of a `combine` of three to six sources, with a tuple or a transform: one object, fed by an edge from each
/// source (see ``ManyPortSignal``), which keeps the latest values (`Latest`: ``LatestOfThree`` to ``LatestOfSix``)
/// and when to emit, and is its own settle, as ``CombineOfTwo`` is. Its steps are built per arity by
/// ``combineNode(_:_:_:output:)`` and the others, where the sources' types are known.
@usableFromInline
final class CombineOfMany<A, B, Latest: LatestValues, Output>: ManyPortSignal<A, B, Output> {
  // The fields of fixed size first: the node's unspecialized code (its `run()`) reads them at fixed offsets.
  /// Runs a scheduled settle: built in the (inlinable) initializer, so specialized for the node's types.
  @usableFromInline let settleStep: (CombineOfMany<A, B, Latest, Output>) -> Void
  /// The output for the latest values, once every source has one.
  @usableFromInline let output: (Latest) -> Output
  /// When to emit (per connection: started afresh by each connect).
  @usableFromInline @exclusivity(unchecked) var state: CombineState
  /// Whether each source hangs off a different subject by a chain of forwarding nodes, so that in a subject's
  /// send this join can emit at once (see ``Graph/rootSend``). Set by each connect.
  @usableFromInline @exclusivity(unchecked) var settlesAtOnce = false
  /// The latest value of each source (per connection: forgotten by the disconnect).
  @usableFromInline @exclusivity(unchecked) var latestValues = Latest()

  /// The join of `a`, `b` and `more` (ports 2 and up), whose steps store each source's value in `latestValues` and
  /// call ``received(isFirstFromSource:)``.
  @inlinable init(
    _ a: Signal<A>,
    _ b: Signal<B>,
    more: [AnyUpstream],
    output: @escaping (Latest) -> Output,
    receive: @escaping (ForwardingSignal<A, Output>, A) -> Void,
    receiveSecond: @escaping (SecondPortSignal<A, B, Output>, B) -> Void,
    portStep: @escaping (ReactiveNode, UnsafeRawPointer, Int) -> Void,
    connect: @escaping (DerivedSignal<Output>) -> Void
  ) {
    self.output = output
    settleStep = { $0.runSettle() }
    state = CombineState(sourceCount: more.count + 2)
    super.init(
      a, b, more: more, kind: .combine, receive: receive, receiveSecond: receiveSecond, portStep: portStep,
      connect: connect)
  }

  /// ``ManyPortSignal/portStep``'s work at `port`: stores the value at `address`, of the port's type, with `store`.
  @inlinable @inline(__always) final func take<PortValue>(
    _ address: UnsafeRawPointer,
    at port: Int,
    storingIn store: (inout Latest, PortValue) -> Bool
  ) {
    #if DEBUG
      noteArrival(atPort: port)
    #endif
    received(isFirstFromSource: store(&latestValues, JoinPort.value(at: address, as: PortValue.self)))
  }

  /// `node`, which a step was called with, as the join it is.
  @inlinable @inline(__always) static func join(_ node: ReactiveNode) -> CombineOfMany<A, B, Latest, Output> {
    unsafeDowncast(node, to: CombineOfMany<A, B, Latest, Output>.self)
  }

  /// Connects every source when disconnected — afresh, emitting at once if all replayed — and disconnects them when
  /// connected, forgetting the latest values; `toggleMorePorts` toggles the edges of the ports from 2 on
  /// (see ``ManyPortSignal/toggleAllEdges(_:)``).
  @inlinable @inline(__always) final func toggleConnection(_ toggleMorePorts: () -> Void) {
    if upstreamSlot < 0 {
      state = CombineState(sourceCount: more.count + 2)
      toggleAllEdges(toggleMorePorts)
      var sources: [any SoleRootLink] = [first, second]
      for port in more { if let upstream = port.upstream as? any SoleRootLink { sources.append(upstream) } }
      settlesAtOnce = soleRootsAreDistinct(sources)
      if state.connected() { emit() }
    } else {
      toggleAllEdges(toggleMorePorts)
      state.disconnected()
      latestValues = Latest()
      holdForUnfinishedSettles()
    }
  }

  /// A source recorded a value in `latestValues`: emits or schedules a settle as the state decides.
  @inlinable @inline(__always) final func received(isFirstFromSource isFirst: Bool) {
    let decision: CombineState.Decision
    if settlesAtOnce {
      let propagation = propagationAndRootSend
      decision = state.received(
        isFirstFromSource: isFirst, inPropagation: propagation.isPropagating, settlesAtOnce: propagation.isRootSend)
    } else {
      decision = state.received(isFirstFromSource: isFirst, inPropagation: isPropagating)
    }
    switch decision {
    case .emitNow:
      emit()
    case .settleLater:
      scheduleSettle()
    case .wait:
      break
    }
  }

  /// The graph's turn for a settle this node scheduled.
  @usableFromInline override func run() {
    settleStep(self)
  }

  /// Emits the latest values if the settle is still wanted. Called through an unretained reference: the node may be
  /// freed by its last step (``TwoPortSignal/settleFinished()``).
  @inlinable final func runSettle() {
    if state.settle() { emit() }
    settleFinished()
  }

  /// Emits the output of the latest values (every one is set).
  @inlinable final func emit() {
    emit(output(latestValues))
  }
}

/// The latest values of a fixed-arity join (``LatestOfTwo`` to ``LatestOfSix``): each source's, `nil` until it has
/// one.
@usableFromInline
protocol LatestValues {
  /// No source's value yet.
  init()
}
