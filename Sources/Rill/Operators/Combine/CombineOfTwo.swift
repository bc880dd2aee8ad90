/// The node of a two-source `combine`, with a tuple or a transform: one object, fed by an edge from each source (see
/// ``TwoPortSignal``), which keeps the latest values and when to emit, and is its own settle: its graph schedules
/// the node itself (``Signal/scheduleOwnSettle()``), with no object of its own for it.
///
/// A settle scheduled in a propagation runs after the node may have disconnected (a subscriber cancelled from inside
/// the propagation): the disconnect then keeps the node alive by one retain, which the last such run gives up.
@usableFromInline
final class CombineOfTwo<A, B, Output>: TwoPortSignal<A, B, Output> {
  // The fields of fixed size first: the node's unspecialized code (its `run()`) reads them at fixed offsets.
  /// Runs a scheduled settle: built in the (inlinable) initializer, so specialized for the node's types.
  @usableFromInline let settleStep: (CombineOfTwo<A, B, Output>) -> Void
  /// The output for the latest values, once both sources have one.
  @usableFromInline let output: (LatestOfTwo<A, B>) -> Output
  /// When to emit (per connection: started afresh by each connect).
  @usableFromInline @exclusivity(unchecked) var state = CombineState(sourceCount: 2)
  /// Settles scheduled and not yet run.
  @usableFromInline @exclusivity(unchecked) var unfinishedSettles: UInt32 = 0
  /// Whether the node keeps itself alive (one retain) until its unfinished settles have run: it disconnected with
  /// settles scheduled.
  @usableFromInline @exclusivity(unchecked) var isHeldForSettle = false
  /// Whether each source hangs off a different subject by a chain of forwarding nodes, so that in a subject's
  /// send this join can emit at once (see ``Graph/rootSend``). Set by each connect.
  @usableFromInline @exclusivity(unchecked) var settlesAtOnce = false
  /// The latest value of each source (per connection: forgotten by the disconnect).
  @usableFromInline @exclusivity(unchecked) var latestValues = LatestOfTwo<A, B>()

  @inlinable init(_ a: Signal<A>, _ b: Signal<B>, output: @escaping (LatestOfTwo<A, B>) -> Output) {
    self.output = output
    settleStep = { $0.runSettle() }
    super.init(
      a, b, kind: .combine,
      receive: { node, value in
        let join = unsafeDowncast(node, to: CombineOfTwo<A, B, Output>.self)
        #if DEBUG
          join.noteArrival(atPort: 0)
        #endif
        join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.a))
      },
      receiveSecond: { node, value in
        let join = unsafeDowncast(node, to: CombineOfTwo<A, B, Output>.self)
        #if DEBUG
          join.noteArrival(atPort: 1)
        #endif
        join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.b))
      },
      connect: { unsafeDowncast($0, to: CombineOfTwo<A, B, Output>.self).toggleConnection() })
  }

  /// Connects both sources when disconnected — afresh, emitting at once if both replayed — and disconnects them
  /// when connected, forgetting the latest values. Returns `nil`: the connection is two edges, no subscription.
  @inlinable final func toggleConnection() -> Subscription? {
    if upstreamSlot < 0 {
      state = CombineState(sourceCount: 2)
      toggleEdges()
      settlesAtOnce = soleRootsAreDistinct([first, second])
      if state.connected() { emit() }
    } else {
      toggleEdges()
      state.disconnected()
      latestValues = LatestOfTwo()
      if unfinishedSettles != 0 && !isHeldForSettle {
        isHeldForSettle = true
        _ = Unmanaged.passUnretained(self).retain()
      }
    }
    return nil
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
      unfinishedSettles &+= 1
      scheduleOwnSettle()
    case .wait:
      break
    }
  }

  /// The graph's turn for a settle this node scheduled.
  @usableFromInline override func run() {
    settleStep(self)
  }

  /// Emits the latest values if the settle is still wanted. Called through an unretained reference: when the node
  /// holds itself for this settle and it was the last, it lets go on the way out, touching nothing of itself after.
  @inlinable final func runSettle() {
    if state.settle() { emit() }
    unfinishedSettles &-= 1
    if _slowPath(isHeldForSettle) && unfinishedSettles == 0 {
      isHeldForSettle = false
      Unmanaged.passUnretained(self).release()
    }
  }

  /// Emits the output of the latest values (both are set).
  @inlinable final func emit() {
    emit(output(latestValues))
  }
}
