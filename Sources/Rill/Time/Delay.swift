@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Signal {
  /// Emits every value `duration` later on `clock`, in order.
  ///
  /// Each value is emitted (as a propagation of its own) when `duration` has passed on `clock` since it
  /// arrived. Values are never dropped or reordered while connected: values due at the same instant
  /// are emitted in arrival order. A replayed upstream value is delayed like any other. Replays the last
  /// value it emitted when the upstream replays.
  ///
  /// One timer task at a time runs in `isolation`, the caller's actor, for the value due first.
  /// Disconnecting (the last subscriber leaving) cancels it and drops the values still waiting.
  ///
  /// Timeline, `duration` 10:
  ///
  /// ```
  /// time    0   3   4        10  13  14
  /// input   a   b   c
  /// output                   a   b   c
  /// ```
  ///
  /// ```swift
  /// let toasts = Subject<String>()   // on the main actor
  /// let hide = toasts.delay(for: .seconds(3), clock: ContinuousClock())
  /// let subscription = hide.subscribe { print("hide", $0) }
  /// toasts.send("saved")   // 3 s later prints "hide saved"
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long each value is held back.
  ///   - clock: The clock that measures it (a ``ManualClock`` in tests).
  ///   - isolation: The actor the timers run on; the caller's, by default. A caller that is not isolated to an actor
  ///     does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible with expected argument
  ///     type 'any Actor'". Call it from the main actor or an actor's method, or take an `isolated` parameter and pass
  ///     it on (see Troubleshooting in <doc:IsolationAndTime>).
  /// - Complexity: O(1) amortized per value, plus one timer task per distinct due instant.
  public func delay<C: Clock>(
    for duration: C.Duration,
    clock: C,
    isolation: isolated any Actor = #isolation
  ) -> Signal<Value> {
    typealias Node = TaskDrivenSignal<Value, Value, DelayState<Value, C.Instant>>
    // One timer at a time, for the earliest value waiting; when it fires, every value due by then goes, in order.
    func schedule(_ node: Node, at deadline: C.Instant, isolation: isolated any Actor) {
      node.task = startTimer(on: clock, at: deadline, isolation: isolation) {
        node.task = nil
        let now = clock.now
        while let value = node.state.popDue(at: now) {
          node.emitAsPropagation(value)
        }
        if node.task == nil, let next = node.state.nextDeadline { schedule(node, at: next, isolation: isolation) }
      }
    }
    return Node(self, kind: .delay, state: DelayState()) { node, value in
      let node = Node.of(node)
      let deadline = clock.now.advanced(by: duration)
      if node.state.append(value, due: deadline) { schedule(node, at: deadline, isolation: isolation) }
    }
  }
}

/// The values ``Signal/delay(for:clock:isolation:)`` holds back, in arrival order with their deadlines.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct DelayState<Value, Instant: InstantProtocol>: TaskDrivenState {
  private var waiting = ValueBuffer<(value: Value, deadline: Instant)>(policy: .unbounded)

  /// Queues `value`, due at `deadline`; returns `true` when it is the only waiting value (so a timer
  /// must be started for it).
  mutating func append(_ value: Value, due deadline: Instant) -> Bool {
    waiting.append((value, deadline))
    return waiting.count == 1
  }

  /// The deadline of the value due first.
  var nextDeadline: Instant? { waiting.first?.deadline }

  /// Removes and returns the value due first if it is due at `now`.
  mutating func popDue(at now: Instant) -> Value? {
    guard let first = waiting.first, first.deadline <= now else { return nil }
    return waiting.popFirst()?.value
  }

  /// The connection ended: nothing waits.
  mutating func disconnect() {
    waiting = ValueBuffer(policy: .unbounded)
  }
}
