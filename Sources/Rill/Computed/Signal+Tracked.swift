// A way in for every other signal: its latest value as a `Computed`, which computations can read.

extension Signal {
  /// This signal's latest value as a ``Computed``, so that computations can read any signal — an operator
  /// pipeline, a `Subject`'s events, a `combine` — as they read a ``CurrentValueSubject``.
  ///
  /// ```swift
  /// let query = CurrentValueSubject("")
  /// let trimmed = query.map { $0.trimmingCharacters(in: .whitespaces) }.tracked(initial: "")
  /// let isEmpty = Computed { trimmed.value.isEmpty }
  /// ```
  ///
  /// - While the computed is observed (a subscriber, an effect, an observed computed reads it), it is subscribed
  ///   to this signal: each value the signal emits becomes its value, in the same propagation, at a rank below
  ///   the signal's, so a computation that reads it and this signal's sources together sees them consistent.
  /// - Unobserved, reading it subscribes to this signal for the moment of the read: a replaying signal gives its
  ///   current value; a signal that does not replay gives the last value heard while observed, or `initial`.
  /// - Every value the signal emits counts as a change (use the `Equatable` form to cut equal values off).
  public func tracked(initial: Value) -> Computed<Value> {
    FollowingComputed(SignalFollower(self, initial: initial), evaluation: Computed.evaluation { _, _ in false })
  }

  /// This signal's current value as a ``Computed`` (see `tracked(initial:)`), for a signal that replays.
  ///
  /// - Precondition: The signal replays (a `CurrentValueSubject`, a store's state, a signal derived from them).
  public func tracked() -> Computed<Value> {
    tracked(initial: SignalFollower.replayedValue(of: self))
  }
}

extension Signal where Value: Equatable {
  /// This signal's latest value as a ``Computed`` (see `tracked(initial:)`) whose equal values change
  /// nothing downstream.
  public func tracked(initial: Value) -> Computed<Value> {
    FollowingComputed(SignalFollower(self, initial: initial), evaluation: Computed.evaluationCutOffByEquality())
  }

  /// This signal's current value as a ``Computed`` whose equal values change nothing downstream.
  ///
  /// - Precondition: The signal replays.
  public func tracked() -> Computed<Value> {
    tracked(initial: SignalFollower.replayedValue(of: self))
  }
}

/// The computed of ``Signal/tracked(initial:)``: its evaluation is its follower's value, which it connects while it
/// is observed. A subclass, so that no other computed pays a field for a follower.
@usableFromInline
final class FollowingComputed<Value>: Computed<Value> {
  @usableFromInline let follower: SignalFollower<Value>

  @usableFromInline init(_ follower: SignalFollower<Value>, evaluation: @escaping (_ComputedNode<Value>) -> Bool) {
    self.follower = follower
    super.init(compute: { follower.read() }, steps: Computed.deliverySteps(), evaluation: evaluation)
  }

  override func didLink() {
    super.didLink()
    follower.connect(self)
  }

  override func didUnlink() {
    follower.disconnect()
  }

  override func appendLiveUpstreams(to nodes: inout [AnyObject]) {
    super.appendLiveUpstreams(to: &nodes)
    if follower.subscription != nil { nodes.append(follower.signal) }
  }
}

/// The subscription of a ``Signal/tracked(initial:)`` computed to its signal, and the latest value it heard.
@usableFromInline
final class SignalFollower<Value> {
  let signal: Signal<Value>
  @exclusivity(unchecked) var latest: Value
  @exclusivity(unchecked) var subscription: Subscription?
  /// The computed's node while connected (it owns this follower).
  @exclusivity(unchecked) unowned(unsafe) var node: Computed<Value>?
  /// True while the subscription replays, which is not a change: the computed was just evaluated.
  @exclusivity(unchecked) var isConnecting = false

  @usableFromInline init(_ signal: Signal<Value>, initial: Value) {
    self.signal = signal
    latest = initial
  }

  /// The value a replaying signal gives a new subscriber now; stops the program for a signal that does not replay.
  static func replayedValue(of signal: Signal<Value>) -> Value {
    guard let value = currentValue(of: signal) else {
      preconditionFailure("Rill: tracked() needs a signal that replays; give a signal that does not an initial value")
    }
    return value
  }

  /// The value a replaying signal gives a new subscriber now, or `nil` when it does not replay.
  static func currentValue(of signal: Signal<Value>) -> Value? {
    guard signal.isReplaying else { return nil }
    var value: Value?
    untracked { signal.subscribe { value = $0 }.cancel() }
    return value
  }

  /// The computed's evaluation: the value heard while connected; unconnected, the signal's current value (and
  /// the computed stays marked, so the next read asks again).
  func read() -> Value {
    guard subscription == nil else { return latest }
    if let current = SignalFollower.currentValue(of: signal) { latest = current }
    let context = TrackingContext.current
    context.running?._withUnsafeGuaranteedRef { $0.flags |= ReactiveFlags.isDirty }
    return latest
  }

  /// The computed became observed: joins the signal's graph below it, and subscribes.
  func connect(_ node: Computed<Value>) {
    guard subscription == nil else { return }
    self.node = node
    node.rootGraph.union(signal.currentGraph)
    node.raiseRank(to: signal.rank + 1)
    signal.risingNode?.addRiseLink(node)  // its rank follows the signal's from now on
    node.flags &= ~ReactiveFlags.isDirty
    isConnecting = true
    subscription = signal.subscribe(feeding: node) { [unowned(unsafe) self] value in
      latest = value
      guard !isConnecting, let follower = self.node else { return }
      follower.flags |= ReactiveFlags.isDirty
      follower.schedule()
    }
    isConnecting = false
  }

  /// Nothing observes the computed any more: unsubscribes.
  func disconnect() {
    let subscription = self.subscription
    self.subscription = nil
    if let node { signal.risingNode?.removeRiseLink(node) }
    node?.flags |= ReactiveFlags.isDirty
    node = nil
    subscription?.cancel()
  }
}
