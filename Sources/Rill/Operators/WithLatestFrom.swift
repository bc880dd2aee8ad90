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
    DerivedSignal(upstreams: [AnyUpstream(self), AnyUpstream(other)], kind: .withLatestFrom, replays: isReplaying) {
      node in
      WithLatestFromConnection(node: node, primary: self, other: other, transform: transform).subscription
    }
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

/// One connection of a `withLatestFrom` node: the primary values waiting for the settle, the latest value of
/// `other` and the subscriptions.
@usableFromInline
final class WithLatestFromConnection<Primary, Other, Result> {
  @usableFromInline let node: DerivedSignal<Result>
  @usableFromInline let transform: (Primary, Other) -> Result
  /// The primary values of this propagation's pass (or of the replay on connection), in order.
  @usableFromInline @exclusivity(unchecked) var held = HeldValues<Primary>()
  @usableFromInline @exclusivity(unchecked) var other: Other?
  @usableFromInline @exclusivity(unchecked) var state = WithLatestFromState()
  @usableFromInline @exclusivity(unchecked) var upstream: [Subscription] = []
  @usableFromInline @exclusivity(unchecked) var joinSettle: Unmanaged<JoinSettle>? = nil

  @inlinable init(
    node: DerivedSignal<Result>,
    primary primarySignal: Signal<Primary>,
    other otherSignal: Signal<Other>,
    transform: @escaping (Primary, Other) -> Result
  ) {
    self.node = node
    self.transform = transform
    joinSettle = JoinSettle.make { [self] in settle() }
    upstream.append(
      otherSignal.subscribe(feeding: node) { [self] value in
        other = value
        state.receivedOther()
      })
    upstream.append(
      primarySignal.subscribe(feeding: node) { [self] value in
        receivedPrimary(value)
      })
    finish(emitting: state.connected())
  }

  /// The subscription the node keeps: cancelling it disconnects both sides and breaks the cycles
  /// through this connection (a settle already scheduled then does nothing).
  @inlinable var subscription: Subscription {
    Subscription { [self] in
      let sources = upstream
      upstream = []
      joinSettle.connectionEnded()
      state.disconnected()
      held.removeAll()
      for source in sources { source.cancel() }
    }
  }

  @inlinable func receivedPrimary(_ value: Primary) {
    switch state.receivedPrimary(inPropagation: node.isPropagating) {
    case .emitNow:
      node.emit(transform(value, other.unsafelyUnwrapped))
    case .holdAndSettleLater:
      held.append(value)
      if let joinSettle { node.scheduleSettle(joinSettle) }
    case .hold:
      held.append(value)
    case .drop:
      break
    }
  }

  @inlinable func settle() {
    finish(emitting: state.settle())
  }

  /// Emits each held primary value, in order, paired with the latest `other`, or drops them all. Stops if
  /// the node disconnects meanwhile (which drops the rest).
  @inlinable func finish(emitting: Bool) {
    guard emitting else {
      held.removeAll()
      return
    }
    var index = 0
    while index < held.count {
      let value = held[index]
      index &+= 1
      node.emit(transform(value, other.unsafelyUnwrapped))
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
