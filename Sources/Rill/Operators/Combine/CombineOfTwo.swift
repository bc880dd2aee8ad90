/// The node of a two-source `combine`, with a tuple or a transform: one object, fed by an edge from each source (see
/// ``TwoPortSignal``), which keeps the latest values and when to emit, and is its own settle: its graph schedules
/// the node itself (``TwoPortSignal/scheduleSettle()``), with no object of its own for it, and a node that
/// disconnects with settles scheduled holds itself until the last has run.
@usableFromInline
final class CombineOfTwo<A, B, Latest: LatestPair, Output>: TwoPortSignal<A, B, Output>
where Latest.First == A, Latest.Second == B {
  // The fields of fixed size first: the node's unspecialized code (its `run()`) reads them at fixed offsets.
  /// Runs a scheduled settle: built in the (inlinable) initializer, so specialized for the node's types.
  @usableFromInline let settleStep: (CombineOfTwo<A, B, Latest, Output>) -> Void
  /// The output for the latest values, once both sources have one.
  @usableFromInline let output: (Latest) -> Output
  /// When to emit (per connection: started afresh by each connect).
  @usableFromInline @exclusivity(unchecked) var state = CombineState(sourceCount: 2)
  /// Whether each source hangs off a different subject by a chain of forwarding nodes, so that in a subject's
  /// send this join can emit at once (see ``Graph/rootSend``). Set by each connect.
  @usableFromInline @exclusivity(unchecked) var settlesAtOnce = false
  /// The latest value of each source (per connection: forgotten by the disconnect).
  @usableFromInline @exclusivity(unchecked) var latestValues = Latest()

  @inlinable init(_ a: Signal<A>, _ b: Signal<B>, output: @escaping (Latest) -> Output) {
    self.output = output
    settleStep = { $0.runSettle() }
    super.init(
      a, b, kind: .combine,
      receive: { node, value in
        let join = unsafeDowncast(node, to: CombineOfTwo<A, B, Latest, Output>.self)
        #if DEBUG
          join.noteArrival(atPort: 0)
        #endif
        join.received(isFirstFromSource: join.latestValues.storeFirst(value))
      },
      receiveSecond: { node, value in
        let join = unsafeDowncast(node, to: CombineOfTwo<A, B, Latest, Output>.self)
        #if DEBUG
          join.noteArrival(atPort: 1)
        #endif
        join.received(isFirstFromSource: join.latestValues.storeSecond(value))
      },
      connect: { unsafeDowncast($0, to: CombineOfTwo<A, B, Latest, Output>.self).toggleConnection() })
  }

  /// Connects both sources when disconnected — afresh, emitting at once if both replayed — and disconnects them
  /// when connected, forgetting the latest values.
  @inlinable final func toggleConnection() {
    if upstreamSlot < 0 {
      state = CombineState(sourceCount: 2)
      toggleEdges()
      settlesAtOnce = soleRootsAreDistinct([first, second])
      if state.connected() { emit() }
    } else {
      toggleEdges()
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

  /// Emits the output of the latest values (both are set).
  @inlinable final func emit() {
    emit(output(latestValues))
  }
}
