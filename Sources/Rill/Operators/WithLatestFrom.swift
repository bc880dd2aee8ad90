extension Signal {
  /// Emits `transform(value, latestOther)` each time this signal emits, once `other` has a value.
  ///
  /// Values of `other` are only remembered; they never cause an emission. A value of this signal that
  /// finds `other` without a value is dropped, not held back. Like ``combine(_:)->Signal<(Source)>``, it is glitch-free
  /// (rule 6): the values this signal emits during a propagation are held until its depth-first pass is
  /// over, then each is emitted, in order, paired with the value `other` has then — the new one when both
  /// change in the same propagation. So every value of this signal is forwarded (rule 5), also several in
  /// one propagation (a `merge` of two branches of one subject, a `prepend` replaying its prefix), and all
  /// of one propagation pair with the same, settled `other`. Replays its last result when this signal
  /// replays; `other`'s replay is only remembered.
  ///
  /// ```swift
  /// let submit = Subject<Void>()
  /// let text = CurrentValueSubject("")
  /// let submitted = submit.withLatestFrom(text) { _, text in text }
  /// let subscription = submitted.subscribe { print("submit", $0) }
  /// text.value = "hello"; submit.send()   // prints "submit hello"
  /// ```
  ///
  /// - Complexity: O(1) per value, plus `transform`; the held values' storage is reused, so a steady-state
  ///   send allocates nothing.
  @inlinable
  public func withLatestFrom<Other, Result>(
    _ other: Signal<Other>,
    _ transform: @escaping (Value, Other) -> Result
  ) -> Signal<Result> {
    WithLatestFromSignal<Value, Other, Other?, Result>(self, other, transform: transform)
  }

  /// Pairs each value of this signal with the latest value of `other`, once `other` has one.
  ///
  /// See ``withLatestFrom(_:_:)``.
  ///
  /// ```swift
  /// let clicks = Subject<Int>()
  /// let mode = CurrentValueSubject("draw")
  /// let subscription = clicks.withLatestFrom(mode).subscribe { print($0) }
  /// clicks.send(1)   // prints (1, "draw")
  /// ```
  ///
  /// - Complexity: O(1) per value.
  @inlinable
  public func withLatestFrom<Other>(_ other: Signal<Other>) -> Signal<(Value, Other)> {
    withLatestFrom(other) { ($0, $1) }
  }
}

/// The node of a `withLatestFrom`: one object, fed by an edge from the primary signal (port 0) and one from `other`
/// (port 1; see ``TwoPortSignal``), which keeps the primary values waiting for the settle and the latest value of
/// `other`, and is its own settle, as ``CombineOfTwo`` is. `LatestOther` is `Other?`, named by the class so that
/// freeing the node looks no type up (see ``OptionalState``).
@usableFromInline
final class WithLatestFromSignal<Primary, Other, LatestOther: OptionalState, Result>:
  TwoPortSignal<Primary, Other, Result>
where LatestOther.Wrapped == Other {
  // The fields of fixed size first: the node's unspecialized code (its `run()`) reads them at fixed offsets.
  /// Runs a scheduled settle: built in the (inlinable) initializer, so specialized for the node's types.
  @usableFromInline let settleStep: (WithLatestFromSignal<Primary, Other, LatestOther, Result>) -> Void
  @usableFromInline let transform: (Primary, Other) -> Result
  /// When to emit (per connection: started afresh by each connect).
  @usableFromInline @exclusivity(unchecked) var state = WithLatestFromState()
  /// The primary values of this propagation's pass (or of the replay on connection), in order.
  @usableFromInline @exclusivity(unchecked) var held = HeldValues<Primary>()
  /// The latest value of `other` (per connection: forgotten by the disconnect).
  @usableFromInline @exclusivity(unchecked) var other: LatestOther = .none

  @inlinable init(_ primary: Signal<Primary>, _ other: Signal<Other>, transform: @escaping (Primary, Other) -> Result) {
    self.transform = transform
    settleStep = { $0.runSettle() }
    super.init(
      primary, other, kind: .withLatestFrom, replays: primary.isReplaying,
      receive: { node, value in
        let join = unsafeDowncast(node, to: WithLatestFromSignal<Primary, Other, LatestOther, Result>.self)
        #if DEBUG
          join.noteArrival(atPort: 0)
        #endif
        join.receivedPrimary(value)
      },
      receiveSecond: { node, value in
        let join = unsafeDowncast(node, to: WithLatestFromSignal<Primary, Other, LatestOther, Result>.self)
        #if DEBUG
          join.noteArrival(atPort: 1)
        #endif
        join.other.optional = value
        join.state.receivedOther()
      },
      connect: { node in
        unsafeDowncast(node, to: WithLatestFromSignal<Primary, Other, LatestOther, Result>.self).toggleConnection()
      })
  }

  /// Connects afresh when disconnected — `other` first, so that the primary's replay finds its value — and
  /// disconnects when connected, dropping what it held.
  @inlinable final func toggleConnection() {
    if upstreamSlot < 0 {
      state = WithLatestFromState()
      toggleEdges(secondFirst: true)
      finish(emitting: state.connected())
    } else {
      toggleEdges()
      state.disconnected()
      held.removeAll()
      other = .none
      holdForUnfinishedSettles()
    }
  }

  @inlinable final func receivedPrimary(_ value: Primary) {
    switch state.receivedPrimary(inPropagation: isPropagating) {
    case .emitNow:
      emit(transform(value, other.optional.unsafelyUnwrapped))
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

  /// Emits the held values if the settle is still wanted. Called through an unretained reference: the node may be
  /// freed by its last step (``TwoPortSignal/settleFinished()``).
  @inlinable final func runSettle() {
    finish(emitting: state.settle())
    settleFinished()
  }

  /// Emits each held primary value, in order, paired with the latest `other`, or drops them all. Stops if the node
  /// disconnects meanwhile (which drops the rest).
  @inlinable final func finish(emitting: Bool) {
    guard emitting else {
      held.removeAll()
      return
    }
    var index = 0
    while index < held.count {
      let value = held[index]
      index &+= 1
      emit(transform(value, other.optional.unsafelyUnwrapped))
    }
    held.removeAll()
  }
}

/// Decides when a `withLatestFrom` node emits: every primary value of a propagation's depth-first pass is
/// held until the pass is over (so a diamond sees the new `other`), then each is emitted, in order, with the
/// settled `other` — or all are dropped if `other` has no value by then, never emitted later. Values replayed
/// while connecting are held until both sides are subscribed.
@usableFromInline
struct WithLatestFromState: Equatable {
  /// What the node should do with a value the primary signal delivered.
  @usableFromInline enum Decision: Equatable, Sendable {
    /// Emit it now, paired with the latest `other` (outside any propagation, `other` has a value).
    case emitNow
    /// Hold it, and ask the graph to call ``settle()`` at the end of the depth-first pass.
    case holdAndSettleLater
    /// Hold it: a settle is already scheduled, or the node is connecting.
    case hold
    /// Drop it: outside any propagation, and `other` has no value.
    case drop
  }

  /// Whether `other` has delivered a value on this connection.
  @usableFromInline var hasOther = false
  /// True while the node subscribes to both sides: replayed values are only held.
  @usableFromInline var isConnecting = true
  /// True while a settle is scheduled in the current propagation.
  @usableFromInline var isScheduled = false

  @inlinable init() {}

  /// `other` delivered a value. It is only remembered: it never causes an emission by itself.
  @inlinable mutating func receivedOther() {
    hasOther = true
  }

  /// The primary signal delivered a value.
  @inlinable mutating func receivedPrimary(inPropagation: Bool) -> Decision {
    guard !isConnecting else { return .hold }
    guard inPropagation else { return hasOther ? .emitNow : .drop }
    guard !isScheduled else { return .hold }
    isScheduled = true
    return .holdAndSettleLater
  }

  /// Both sides are subscribed; returns whether to emit the held (replayed) values rather than drop them.
  @inlinable mutating func connected() -> Bool {
    isConnecting = false
    return hasOther
  }

  /// The propagation's depth-first pass is over; returns whether to emit the held values rather than drop
  /// them (there are none to emit when no settle was scheduled).
  @inlinable mutating func settle() -> Bool {
    guard isScheduled else { return false }
    isScheduled = false
    return hasOther
  }

  /// The node disconnected: a settle already scheduled in this propagation must not emit.
  @inlinable mutating func disconnected() {
    isScheduled = false
  }
}
