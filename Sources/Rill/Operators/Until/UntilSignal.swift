/// The node of a `take(until:)` or `skip(until:)`: one object, fed by an edge from the source (port 0) and one from
/// `other` (port 1; see ``TwoPortSignal``), which keeps the values of this propagation waiting for the settle and
/// the decision state, and is its own settle, as ``CombineOfTwo`` is.
///
/// `other`'s edge is added first, so its replay decides before any value of the source arrives. While `other` may
/// still emit, each value of the source is held until the propagation's depth-first pass is over; then all of that
/// propagation's values pass or are dropped together, depending on whether `other` emitted in it — unless `other`
/// cannot emit before the pass ends (``settlesAtOnce``), when each is decided as it arrives. `take(until:)`'s
/// end removes both edges at once, and `skip(until:)`'s opening `other`'s edge, while the node keeps its observers.
@usableFromInline
final class UntilSignal<Value, Other>: TwoPortSignal<Value, Other, Value> {
  // The fields of fixed size first: the node's unspecialized code (its `run()`) reads them at fixed offsets.
  /// Runs a scheduled settle: built in the (inlinable) initializer, so specialized for the node's types.
  @usableFromInline let settleStep: (UntilSignal<Value, Other>) -> Void
  /// When to pass, hold and drop (per connection: started afresh by each connect).
  @usableFromInline @exclusivity(unchecked) var state: UntilState
  /// Whether the source and `other` each hang off a different subject by a chain of forwarding nodes, so that in a
  /// subject's send `other` cannot emit before the pass ends and a value is decided at once (see
  /// ``Graph/rootSend``). Set by each connect.
  @usableFromInline @exclusivity(unchecked) var settlesAtOnce = false
  /// The values of this propagation's pass (or of the replay on connection), in order.
  @usableFromInline @exclusivity(unchecked) var held = HeldValues<Value>()

  @inlinable init(_ source: Signal<Value>, until other: Signal<Other>, mode: UntilState.Mode) {
    state = UntilState(mode: mode)
    settleStep = { $0.runSettle() }
    super.init(
      source, other, kind: mode == .take ? .takeUntil : .skipUntil, replays: source.isReplaying,
      receive: { node, value in
        let until = unsafeDowncast(node, to: UntilSignal<Value, Other>.self)
        #if DEBUG
          until.noteArrival(atPort: 0)
        #endif
        until.receivedValue(value)
      },
      receiveSecond: { node, _ in
        let until = unsafeDowncast(node, to: UntilSignal<Value, Other>.self)
        #if DEBUG
          until.noteArrival(atPort: 1)
        #endif
        until.receivedOther()
      },
      connect: { unsafeDowncast($0, to: UntilSignal<Value, Other>.self).toggleConnection() })
  }

  /// Whether the node has an edge left: from its connect to its disconnect, or to the end of a `take(until:)`,
  /// which removes its edges before its observers leave.
  @inlinable final var isLinked: Bool { upstreamSlot >= 0 || secondSlot >= 0 }

  /// Connects afresh when not linked — `other` first: a replayed value of `other` ends a `take(until:)` before it
  /// adds the source's edge, and opens a `skip(until:)` — and disconnects when linked.
  @inlinable final func toggleConnection() {
    if !isLinked {
      state = UntilState(mode: state.mode)
      addSecondEdge()
      if state.hasOther {
        removeSecondEdge()
        if state.mode == .take { return }  // over before it starts: no edge
      }
      settlesAtOnce = soleRootsAreDistinct([first, second])
      addFirstEdge()
      finish(emitting: state.connected())
    } else {
      unlink()
    }
  }

  /// Removes the edges this node still has (`other`'s first) and drops what it held; a settle scheduled in this
  /// propagation does nothing, and keeps the node alive until it has run.
  @inlinable final func unlink() {
    if secondSlot >= 0 { removeSecondEdge() }
    if upstreamSlot >= 0 { removeFirstEdge() }
    state.disconnected()
    held.removeAll()
    holdForUnfinishedSettles()
  }

  @inlinable final func receivedOther() {
    guard state.receivedOther(), !state.isConnecting else { return }
    switch state.mode {
    case .take:
      // The end, while observers remain: a disconnect of the node's, waiting in the graph, has nothing left to do.
      flags &= ~ReactiveFlags.isEdgeDisconnectPending
      unlink()
    case .skip:
      removeSecondEdge()
    }
  }

  @inlinable final func receivedValue(_ value: Value) {
    let decision: UntilState.Decision
    if settlesAtOnce {
      let propagation = propagationAndRootSend
      decision = state.receivedValue(inPropagation: propagation.isPropagating, settlesAtOnce: propagation.isRootSend)
    } else {
      decision = state.receivedValue(inPropagation: isPropagating)
    }
    switch decision {
    case .emitNow:
      emit(value)
    case .holdAndSettleLater:
      held.append(value)
      scheduleSettle()
    case .hold:
      held.append(value)
    case .drop:
      break
    }
  }

  /// The graph's turn for a settle this node scheduled.
  @usableFromInline override func run() {
    settleStep(self)
  }

  /// Emits or drops the held values as the state decides. Called through an unretained reference: the node may be
  /// freed by its last step (``TwoPortSignal/settleFinished()``).
  @inlinable final func runSettle() {
    finish(emitting: state.settle())
    settleFinished()
  }

  /// Emits each held value, in order, or drops them all. Stops if the node disconnects meanwhile (which drops the
  /// rest).
  @inlinable final func finish(emitting: Bool) {
    guard emitting else {
      held.removeAll()
      return
    }
    var index = 0
    while index < held.count {
      let value = held[index]
      index &+= 1
      emit(value)
    }
    held.removeAll()
  }
}

/// Decides what `take(until:)` and `skip(until:)` do with each value: `other`'s first value ends the one and
/// opens the other, and it does so for its whole propagation. So while `other` has not emitted, the values of
/// a propagation's depth-first pass are held until the pass is over, then all emitted or all dropped (unless
/// `other` cannot emit before the pass ends: then each is decided as it arrives); values replayed while
/// connecting are held until both sides are subscribed.
@usableFromInline
struct UntilState: Equatable {
  /// Which values pass: those before `other`'s first value, or those from it on.
  @usableFromInline enum Mode: Equatable, Sendable {
    /// `take(until:)`: the values of the propagations before the one in which `other` first emits.
    case take
    /// `skip(until:)`: the values from the propagation in which `other` first emits on.
    case skip
  }

  /// What the node should do with a value the source delivered.
  @usableFromInline enum Decision: Equatable, Sendable {
    /// Emit it now: outside any propagation, `skip(until:)` open with nothing held, or decided at once.
    case emitNow
    /// Hold it, and ask the graph to call ``settle()`` at the end of the depth-first pass.
    case holdAndSettleLater
    /// Hold it: a settle is already scheduled, or the node is connecting.
    case hold
    /// Drop it.
    case drop
  }

  @usableFromInline let mode: Mode
  /// Whether `other` has emitted on this connection.
  @usableFromInline var hasOther = false
  /// True while the node subscribes to both sides: replayed values are only held.
  @usableFromInline var isConnecting = true
  /// True while a settle is scheduled in the current propagation.
  @usableFromInline var isScheduled = false

  @inlinable init(mode: Mode) {
    self.mode = mode
  }

  /// Whether held values pass, given what `other` has done so far.
  @inlinable var passes: Bool { (mode == .skip) == hasOther }

  /// `other` emitted; returns true the first time (the node then ends, or opens and stops listening).
  @inlinable mutating func receivedOther() -> Bool {
    guard !hasOther else { return false }
    hasOther = true
    if mode == .take { isScheduled = false }
    return true
  }

  /// The source delivered a value; `settlesAtOnce` when `other` cannot emit before the propagation's depth-first
  /// pass ends (see ``Graph/rootSend``), so a value with nothing held before it is decided now.
  @inlinable mutating func receivedValue(inPropagation: Bool, settlesAtOnce: Bool = false) -> Decision {
    guard !isConnecting else { return .hold }
    if hasOther {
      if mode == .take { return .drop }
      if !isScheduled { return .emitNow }
    }
    guard inPropagation else { return passes ? .emitNow : .drop }
    guard !isScheduled else { return .hold }
    if settlesAtOnce { return passes ? .emitNow : .drop }
    isScheduled = true
    return .holdAndSettleLater
  }

  /// Both sides are subscribed; returns whether to emit the held (replayed) values rather than drop them.
  @inlinable mutating func connected() -> Bool {
    isConnecting = false
    return passes
  }

  /// The propagation's depth-first pass is over; returns whether to emit the held values rather than drop
  /// them (there are none to emit when no settle was scheduled).
  @inlinable mutating func settle() -> Bool {
    guard isScheduled else { return false }
    isScheduled = false
    return passes
  }

  /// The node disconnected: a settle already scheduled in this propagation must not emit.
  @inlinable mutating func disconnected() {
    isScheduled = false
  }
}
