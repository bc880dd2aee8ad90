/// A replaying signal whose current value is kept by its owner, not by the signal: for `RillStore`'s
/// `Store`, so that the state is held once and a reducer changing it in place finds its copy-on-write
/// storage unique.
///
/// The owner changes its value in place, then calls ``sendCurrent(_:)``. A new subscriber gets the
/// owner's value at once (rule 2), read through `read`. When the graph is busy (the send is queued
/// behind a propagation, rule 5), the owner calls ``holdReplayValue(_:)`` before changing its value,
/// so that until the queued sends have been delivered a new subscriber still gets the last delivered
/// value, as from a ``CurrentValueSubject``; only then does the signal keep a copy.
@usableFromInline package final class OwnedValueSubject<Value>: _TrackedSignal<Value> {
  /// Reads the owner's value: set by ``own(reading:)``; not called once ``ownerEnded(with:)`` has
  /// handed over the last value.
  @usableFromInline var read: (() -> Value)?
  /// The value a new subscriber gets instead of `read()`: the last delivered value while sends are
  /// queued, or the owner's last value once the owner is gone.
  @usableFromInline @exclusivity(unchecked) var held: Value?
  /// Sends waiting in the graph's queue.
  @usableFromInline @exclusivity(unchecked) var queuedSends = 0
  @usableFromInline @exclusivity(unchecked) var ownerIsGone = false

  /// A signal that replays `initial` until its owner calls ``own(reading:)``.
  @usableFromInline package init(holding initial: Value) {
    held = initial
    super.init(graph: .unassigned, rank: 0)
  }

  /// From now on a new subscriber gets `read()`: the owner keeps the value.
  @usableFromInline package func own(reading read: @escaping () -> Value) {
    self.read = read
    held = nil
  }

  /// The value a new subscriber gets now: the held value while sends are queued (or once the owner is
  /// gone), the owner's value otherwise.
  @inlinable package var value: Value {
    if let held { return held }
    guard let read else { preconditionFailure("an OwnedValueSubject holds a value or reads its owner's") }
    return read()
  }

  /// Whether a send now would be queued: a delivery is running in the graph, or an earlier send of this
  /// signal still waits in the graph's queue (inside a ``batch(_:)``, whose held graph takes new sends at once
  /// while the sends queued from observers wait for its end).
  @inlinable package var isBusy: Bool {
    if queuedSends != 0 { return true }
    let graph = currentGraph
    return graph.depth != graph.batchHolds
  }

  /// The owner is about to change its value while the graph is busy: keep `value` (the last value
  /// the owner sent) for new subscribers until the queued sends are delivered.
  ///
  /// - Complexity: O(1); the held copy makes the owner's next in-place change copy its storage once.
  @inlinable package func holdReplayValue(_ value: Value) {
    if held == nil { held = value }
  }

  /// Delivers `value` (the owner's new value) to every observer, or queues it when the graph is busy or an
  /// earlier value still waits in the queue (so the owner's values are delivered in the order it reached them).
  ///
  /// The computations that read the owner's value (see ``noteTrackedRead()``) hear of the change when it is
  /// delivered: those that read it are marked then, in the propagation that delivers it.
  @inlinable package func sendCurrent(_ value: Value) {
    guard queuedSends == 0 && startPropagation() else {
      queuedSends &+= 1
      currentGraph.enqueue { [self] in
        queuedSends &-= 1
        held = queuedSends == 0 && !ownerIsGone ? nil : value
        if has(ReactiveFlags.isTrackedSource) { sourceChanged() }
        deliver(value)
      }
      return
    }
    if _slowPath(has(ReactiveFlags.isTrackedSource)) { sourceChanged() }
    deliverAsRootSend(value)
    finishPropagation()
  }

  /// Records a read of the owner's value by the computation running on this thread, if one is: a ``Computed``
  /// or an ``effect(_:)`` that reads it runs again when the owner sends a new value. One relaxed load when no
  /// computation runs anywhere.
  ///
  /// Returns the value a computation running on this thread reads instead of the owner's, or `nil` when it reads the
  /// owner's: while the owner's newer value waits in the graph's queue (a change made from inside a delivery, rule 5),
  /// a computation reads the last value delivered, so that it never sees the owner's value ahead of the computations
  /// and joins that have not heard of it yet — as a ``CurrentValueSubject`` set from inside a delivery reads its old
  /// value until its turn.
  @inlinable package func noteTrackedRead() -> Value? {
    guard _slowPath(isComputationRunning) else { return nil }
    return noteTrackedReadNow()
  }

  @usableFromInline func noteTrackedReadNow() -> Value? {
    // Only a computation on this thread: the count says one runs somewhere.
    guard let context = TrackingContext.existing, context.running != nil else { return nil }
    if has(ReactiveFlags.isTrackedSource) {
      noteRead()
    } else if context.isRecordingReads {
      becomeTrackedSource()
      noteRead()
    }
    return queuedSends != 0 ? held : nil
  }

  /// Checks a write of the owner's (a dispatch, a time-travel step) made while a computation runs on this thread:
  /// stops the program when a ``Computed``'s closure is running and a computation has read the owner's value (a
  /// computation must not write; `what` names the write in the message); returns true when an ``effect(_:)`` of
  /// another graph is running, for the owner to queue the write behind that effect's propagation with
  /// ``queueBehindRunningEffect(_:)`` (rule 14, as a write to a ``CurrentValueSubject`` of another graph is queued);
  /// false when the write goes ahead.
  @inlinable package func writeWaitsForAnEffect(_ what: @autoclosure () -> String) -> Bool {
    // Only a value some computation has read matters, and its check is out of line: a write pays one load (and
    // builds no message).
    guard _slowPath(has(ReactiveFlags.isTrackedSource)) else { return false }
    return writeWaitsForAnEffectNow(what())
  }

  @usableFromInline func writeWaitsForAnEffectNow(_ what: String) -> Bool {
    guard isComputationRunning, let effectGraph = checkWriteFromComputation(to: what) else { return false }
    return effectGraph !== currentGraph
  }

  /// Queues `write` behind the propagation of the effect running on this thread (see ``writeWaitsForAnEffect(_:)``).
  @usableFromInline package func queueBehindRunningEffect(_ write: @escaping () -> Void) {
    checkWriteFromComputation(to: "a Store")?.enqueue(write)
  }

  /// The owner is freed: from now on a new subscriber gets `value` (once the queued sends are out).
  @usableFromInline package func ownerEnded(with value: Value) {
    if queuedSends == 0 { held = value }
    ownerIsGone = true
  }

  override var liveKind: NodeKind { .storeState }

  @usableFromInline override var isReplaying: Bool { true }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    if let held {
      observer(held)
    } else if let read {
      observer(read())
    }
  }
}
