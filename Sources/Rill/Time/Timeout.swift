extension Signal {
  /// Forwards every value at once, and emits `fallback()` when `duration` passes on `clock` with no value:
  /// once per gap.
  ///
  /// The clock starts when the signal connects (its first subscriber) and restarts with each upstream
  /// value. When it runs out, `fallback()` is emitted (as a propagation of its own) and the clock stops
  /// until the next value: a long silence emits one fallback, not one per `duration`. So a subscriber sees
  /// either a value or the fallback within `duration` of connecting and of each value.
  ///
  /// A replayed upstream value counts like any other (it arrives on connecting, so it starts the first
  /// gap). Replays the last value it emitted — a fallback too — when the upstream replays. The timer runs
  /// as a task in `isolation`, the caller's actor; disconnecting cancels it, and a later connection starts
  /// a new gap.
  ///
  /// Unlike Combine's `timeout`, which ends the stream (with an optional error), the signal goes on:
  /// signals never finish, so the timeout is a value.
  ///
  /// Timeline, `duration` 10, connected at 0, `fallback` `F`:
  ///
  /// ```
  /// time    0   3   5         15   20        30   40
  /// input       a   b              c
  /// output      a   b         F    c         F
  /// ```
  ///
  /// ```swift
  /// let heartbeat = Subject<Status>()   // on the main actor
  /// let status = heartbeat.timeout(.seconds(5), clock: ContinuousClock(), fallback: .offline)
  /// let subscription = status.subscribe { print($0) }   // prints "offline" after 5 s without a heartbeat
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long a gap may last before `fallback()` is emitted.
  ///   - clock: The clock that measures it (a ``ManualClock`` in tests).
  ///   - fallback: The value to emit when a gap lasts `duration`; evaluated each time.
  ///   - isolation: The actor the timer runs on; the caller's, by default. A caller that is not isolated to an actor
  ///     does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible with expected argument
  ///     type 'any Actor'". Call it from the main actor or an actor's method, or take an `isolated` parameter and pass
  ///     it on (see Troubleshooting in <doc:IsolationAndTime>).
  /// - Complexity: O(1) per value, plus starting and cancelling one timer task.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public func timeout<C: Clock>(
    _ duration: C.Duration,
    clock: C,
    fallback: @autoclosure @escaping () -> Value,
    isolation: isolated any Actor = #isolation
  ) -> Signal<Value> {
    // A gap starts at the connect, and again at each value (the replay's too), and ends in the fallback.
    func startGap(_ node: TaskDrivenSignal<Value, Value, NoTaskState>, isolation: isolated any Actor) {
      node.task?.cancel()
      node.task = startTimer(on: clock, at: clock.now.advanced(by: duration), isolation: isolation) {
        node.task = nil
        node.emitAsPropagation(fallback())
      }
    }
    return TaskDrivenSignal<Value, Value, NoTaskState>(
      self, kind: .timeout, state: NoTaskState(),
      connected: { node in if node.task == nil { startGap(node, isolation: isolation) } },
      receive: { node, value in
        let node = TaskDrivenSignal<Value, Value, NoTaskState>.of(node)
        startGap(node, isolation: isolation)
        node.emit(value)
      })
  }
}
