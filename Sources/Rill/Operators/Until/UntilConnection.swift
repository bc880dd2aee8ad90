/// One connection of a `take(until:)` or `skip(until:)` node: the values of this propagation waiting for the
/// settle, the decision state and the subscriptions.
///
/// `other` is subscribed first, so its replay decides before any value of the source arrives. While `other`
/// may still emit, each value of the source is held until the propagation's depth-first pass is over; then all
/// of that propagation's values pass or are dropped together, depending on whether `other` emitted in it.
@usableFromInline
final class UntilConnection<Value, Other> {
  @usableFromInline let node: DerivedSignal<Value>
  /// The values of this propagation's pass (or of the replay on connection), in order.
  @usableFromInline @exclusivity(unchecked) var held = HeldValues<Value>()
  @usableFromInline @exclusivity(unchecked) var state: UntilState
  @usableFromInline @exclusivity(unchecked) var sourceSubscription: Subscription?
  @usableFromInline @exclusivity(unchecked) var otherSubscription: Subscription?
  @usableFromInline @exclusivity(unchecked) var joinSettle: Unmanaged<JoinSettle>? = nil

  @inlinable init(node: DerivedSignal<Value>, source: Signal<Value>, other: Signal<Other>, mode: UntilState.Mode) {
    self.node = node
    state = UntilState(mode: mode)
    joinSettle = JoinSettle.make { [self] in settle() }
    let otherSubscription = other.subscribe(feeding: node) { [self] _ in receivedOther() }
    self.otherSubscription = otherSubscription
    if state.hasOther {
      // `other` replayed: `take(until:)` is over before it starts; `skip(until:)` is open.
      otherSubscription.cancel()
      self.otherSubscription = nil
      if mode == .take {
        joinSettle.connectionEnded()
        return
      }
    }
    sourceSubscription = source.subscribe(feeding: node) { [self] value in receivedValue(value) }
    finish(emitting: state.connected())
  }

  /// The subscription the node keeps: cancelling it disconnects both sides and breaks the cycles through
  /// this connection (a settle already scheduled then does nothing).
  @inlinable var subscription: Subscription {
    Subscription { [self] in end() }
  }

  /// Ends both upstream subscriptions and drops the held values.
  @inlinable func end() {
    let source = sourceSubscription
    let other = otherSubscription
    sourceSubscription = nil
    otherSubscription = nil
    joinSettle.connectionEnded()
    state.disconnected()
    held.removeAll()
    other?.cancel()
    source?.cancel()
  }

  @inlinable func receivedOther() {
    guard state.receivedOther(), !state.isConnecting else { return }
    switch state.mode {
    case .take:
      end()
    case .skip:
      otherSubscription?.cancel()
      otherSubscription = nil
    }
  }

  @inlinable func receivedValue(_ value: Value) {
    switch state.receivedValue(inPropagation: node.isPropagating) {
    case .emitNow:
      node.emit(value)
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

  /// Emits each held value, in order, or drops them all. Stops if the node disconnects meanwhile (which drops
  /// the rest).
  @inlinable func finish(emitting: Bool) {
    guard emitting else {
      held.removeAll()
      return
    }
    var index = 0
    while index < held.count {
      let value = held[index]
      index &+= 1
      node.emit(value)
    }
    held.removeAll()
  }
}

/// Decides what `take(until:)` and `skip(until:)` do with each value: `other`'s first value ends the one and
/// opens the other, and it does so for its whole propagation. So while `other` has not emitted, the values of
/// a propagation's depth-first pass are held until the pass is over, then all emitted or all dropped; values
/// replayed while connecting are held until both sides are subscribed.
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
    /// Emit it now: outside any propagation, or `skip(until:)` open with nothing held.
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

  /// The source delivered a value.
  @inlinable mutating func receivedValue(inPropagation: Bool) -> Decision {
    guard !isConnecting else { return .hold }
    if hasOther {
      if mode == .take { return .drop }
      if !isScheduled { return .emitNow }
    }
    guard inPropagation else { return passes ? .emitNow : .drop }
    guard !isScheduled else { return .hold }
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
