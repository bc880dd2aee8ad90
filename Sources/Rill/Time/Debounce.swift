@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Signal {
  /// Emits a value once `duration` has passed on `clock` with no newer value: the last value of each
  /// burst.
  ///
  /// Each value starts a timer of `duration` and cancels the timer of the value before it; when a timer
  /// fires, its value is emitted (as a propagation of its own). So a value is emitted exactly when
  /// `duration` passed after it without another value, and a steady stream of values closer together
  /// than `duration` emits nothing until it pauses. A replayed upstream value is debounced like any
  /// other. Replays the last value it emitted when the upstream replays.
  ///
  /// The timers run as tasks in `isolation`, the caller's actor (the signal's domain). Disconnecting (the
  /// last subscriber leaving) cancels the pending timer: its value is never emitted.
  ///
  /// Timeline, `duration` 10:
  ///
  /// ```
  /// time    0   3        13  20  25       35
  /// input   a   b            c   d
  /// output               b                d
  /// ```
  ///
  /// ```swift
  /// let query = Subject<String>()   // on the main actor
  /// let subscription = query.debounce(for: .milliseconds(300), clock: ContinuousClock())
  ///   .subscribe { print("search", $0) }
  /// query.send("r"); query.send("ri"); query.send("rill")   // 300 ms later prints "search rill"
  /// ```
  ///
  /// - Parameters:
  ///   - duration: The quiet time after a value before it is emitted.
  ///   - clock: The clock that measures it (a ``ManualClock`` in tests).
  ///   - isolation: The actor the timers run on; the caller's, by default. A caller that is not isolated to an actor
  ///     does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible with expected argument
  ///     type 'any Actor'". Call it from the main actor or an actor's method, or take an `isolated` parameter and pass
  ///     it on (see Troubleshooting in <doc:IsolationAndTime>).
  /// - Complexity: O(1) per value, plus starting and cancelling one timer task.
  public func debounce<C: Clock>(
    for duration: C.Duration,
    clock: C,
    isolation: isolated any Actor = #isolation
  ) -> Signal<Value> {
    return TaskDrivenSignal<Value, Value, NoTaskState>(self, kind: .debounce, state: NoTaskState()) { node, value in
      let node = TaskDrivenSignal<Value, Value, NoTaskState>.of(node)
      node.task?.cancel()
      node.task = startTimer(on: clock, at: clock.now.advanced(by: duration), isolation: isolation) {
        node.task = nil
        node.emitAsPropagation(value)
      }
    }
  }
}
