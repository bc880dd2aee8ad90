extension Signal {
  /// Emits `transform(value, latestOther)` each time this signal emits, once `other` has a value.
  ///
  /// Values of `other` are only remembered; they never cause an emission. A value of this signal that
  /// arrives while `other` has none yet is dropped, not held back. Like
  /// ``combine(_:)->Signal<(Source)>``, it is glitch-free (rule 6): when this signal and `other` change
  /// in the same propagation, it emits once, after both have settled, with the new value of `other`.
  /// Replays its last result when this signal replays; `other`'s replay is only remembered.
  ///
  /// ```swift
  /// let submit = Subject<Void>()
  /// let text = CurrentValueSubject("")
  /// let submitted = submit.withLatestFrom(text) { _, text in text }
  /// let subscription = submitted.subscribe { print("submit", $0) }
  /// text.value = "hello"; submit.send()   // prints "submit hello"
  /// ```
  ///
  /// - Complexity: O(1) per value, plus `transform`.
  @inlinable
  public func withLatestFrom<Other, Result>(
    _ other: Signal<Other>,
    _ transform: @escaping (Value, Other) -> Result
  ) -> Signal<Result> {
    DerivedSignal(upstreams: [AnyUpstream(self), AnyUpstream(other)], replays: isReplaying) { node in
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

/// One connection of a `withLatestFrom` node: the latest value of each side and the subscriptions.
@usableFromInline
final class WithLatestFromConnection<Primary, Other, Result> {
  @usableFromInline let node: DerivedSignal<Result>
  @usableFromInline let transform: (Primary, Other) -> Result
  @usableFromInline @exclusivity(unchecked) var primary: Primary?
  @usableFromInline @exclusivity(unchecked) var other: Other?
  @usableFromInline @exclusivity(unchecked) var state = WithLatestFromState()
  @usableFromInline @exclusivity(unchecked) var upstream: [Subscription] = []
  @usableFromInline @exclusivity(unchecked) var settleAction: (() -> Void)? = nil

  @inlinable init(
    node: DerivedSignal<Result>,
    primary primarySignal: Signal<Primary>,
    other otherSignal: Signal<Other>,
    transform: @escaping (Primary, Other) -> Result
  ) {
    self.node = node
    self.transform = transform
    settleAction = { [self] in settle() }
    upstream.append(
      otherSignal.subscribe { [self] value in
        other = value
        state.receivedOther()
      })
    upstream.append(
      primarySignal.subscribe { [self] value in
        primary = value
        receivedPrimary()
      })
    if state.connected() { emit() }
  }

  /// The subscription the node keeps: cancelling it disconnects both sides and breaks the cycles
  /// through this connection (a settle already scheduled then does nothing).
  @inlinable var subscription: Subscription {
    Subscription { [self] in
      let sources = upstream
      upstream = []
      settleAction = nil
      state.disconnected()
      for source in sources { source.cancel() }
    }
  }

  @inlinable func receivedPrimary() {
    let graph = node.currentGraph
    switch state.receivedPrimary(inPropagation: graph.depth != 0) {
    case .emitNow:
      emit()
    case .settleLater:
      if let settleAction { graph.schedule(rank: node.rank, of: ObjectIdentifier(node), settleAction) }
    case .wait:
      break
    }
  }

  @inlinable func settle() {
    if state.settle() { emit() }
  }

  /// Emits the latest pair; only called when the state says both sides have a value.
  @inlinable func emit() {
    node.emit(transform(primary.unsafelyUnwrapped, other.unsafelyUnwrapped))
  }
}

/// Decides when a `withLatestFrom` node emits: once per propagation in which the primary signal
/// delivered, after the propagation's depth-first pass (so a diamond sees the new `other`), and only
/// if `other` has a value by then. A primary value that finds no `other` is dropped, never emitted later.
@usableFromInline
struct WithLatestFromState: Equatable {
  /// What the node should do after the primary signal delivered a value.
  @usableFromInline enum Decision: Equatable, Sendable {
    /// Emit the latest pair now (outside any propagation).
    case emitNow
    /// Ask the graph to call ``settle()`` at the end of the depth-first pass.
    case settleLater
    /// Do nothing (connecting, a settle is already scheduled, or the value is dropped).
    case wait
  }

  /// Whether `other` has delivered a value on this connection.
  @usableFromInline var hasOther = false
  /// Whether the primary signal delivered a value that has not been emitted or dropped yet.
  @usableFromInline var primaryIsFresh = false
  /// True while the node subscribes to both sides: replayed values are only recorded.
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
    primaryIsFresh = true
    guard !isConnecting else { return .wait }
    guard inPropagation else { return takeFresh() ? .emitNow : .wait }
    guard !isScheduled else { return .wait }
    isScheduled = true
    return .settleLater
  }

  /// Both sides are subscribed; returns whether to emit the replayed pair.
  @inlinable mutating func connected() -> Bool {
    isConnecting = false
    return takeFresh()
  }

  /// The propagation's depth-first pass is over; returns whether to emit.
  @inlinable mutating func settle() -> Bool {
    guard isScheduled else { return false }
    isScheduled = false
    return takeFresh()
  }

  /// The node disconnected: a settle already scheduled in this propagation must not emit.
  @inlinable mutating func disconnected() {
    isScheduled = false
    primaryIsFresh = false
  }

  /// Whether a fresh primary value meets a value of `other`; either way the primary value is used up.
  @inlinable mutating func takeFresh() -> Bool {
    defer { primaryIsFresh = false }
    return primaryIsFresh && hasOther
  }
}
