@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Signal {
  /// Emits at most one value per window of `duration` on `clock`: the first value of the window, or —
  /// with `latest: true` — the first and then the latest.
  ///
  /// A value that arrives while no window is open is emitted at once and opens a window of `duration`.
  /// - `latest: false`: values arriving while the window is open are dropped; the window closes
  ///   `duration` after it opened, and the next value opens a new one.
  /// - `latest: true`: the latest value arriving while the window is open is held; when the window
  ///   ends, the held value (if any) is emitted and opens the next window at once; a window that ends
  ///   with nothing held closes. So the last value of a burst is never lost, and values are emitted at
  ///   least `duration` apart.
  ///
  /// Emitted values keep their order. A replayed upstream value counts like any other. Replays the
  /// last value it emitted when the upstream replays. Timers run as tasks in `isolation`, the caller's
  /// actor; disconnecting cancels a pending window's timer, so a held value is dropped, and a later
  /// connection starts with no window open.
  ///
  /// Timeline, `duration` 10:
  ///
  /// ```
  /// time              0   4   8   10  12  20
  /// input             a   b   c       d
  /// latest: false     a               d
  /// latest: true      a           c       d
  /// ```
  ///
  /// ```swift
  /// let taps = Subject<Int>()   // on the main actor
  /// let subscription = taps.throttle(for: .seconds(1), clock: ContinuousClock(), latest: false)
  ///   .subscribe { print("tap", $0) }
  /// taps.send(1); taps.send(2); taps.send(3)   // prints "tap 1" only
  /// ```
  ///
  /// - Parameters:
  ///   - duration: The length of a window.
  ///   - clock: The clock that measures it (a ``ManualClock`` in tests).
  ///   - latest: Whether to emit the latest value held at the end of a window.
  ///   - isolation: The actor the timers run on; the caller's, by default. A caller that is not isolated to an actor
  ///     does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible with expected argument
  ///     type 'any Actor'". Call it from the main actor or an actor's method, or take an `isolated` parameter and pass
  ///     it on (see Troubleshooting in <doc:IsolationAndTime>).
  /// - Complexity: O(1) per value; one timer task per window when `latest` is `true`, none otherwise.
  public func throttle<C: Clock>(
    for duration: C.Duration,
    clock: C,
    latest: Bool,
    isolation: isolated any Actor = #isolation
  ) -> Signal<Value> {
    typealias Node = TaskDrivenSignal<Value, Value, ThrottleState<Value, C.Instant>>
    // A window ends after `duration`; with `latest`, it emits the value it held and opens the next.
    func openWindow(_ node: Node, isolation: isolated any Actor) {
      node.task = startTimer(on: clock, at: clock.now.advanced(by: duration), isolation: isolation) {
        node.task = nil
        if let held = node.state.windowEnded() {
          openWindow(node, isolation: isolation)
          node.emitAsPropagation(held)
        }
      }
    }
    return Node(self, kind: .throttle, state: ThrottleState(window: duration, latest: latest)) { node, value in
      let node = Node.of(node)
      switch node.state.receive(value, at: clock.now) {
      case .emit(let startsTimer):
        if startsTimer { openWindow(node, isolation: isolation) }
        node.emit(value)
      case .ignore:
        break
      }
    }
  }
}

/// Decides what ``Signal/throttle(for:clock:latest:isolation:)`` does with each value and at the end of
/// each window.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ThrottleState<Value, Instant: InstantProtocol>: TaskDrivenState {
  enum Decision {
    /// Emit the value now; `startsTimer` when a timer must end the window it opens.
    case emit(startsTimer: Bool)
    /// Drop the value, or hold it for the end of the window (`latest`).
    case ignore
  }

  let window: Instant.Duration
  let latest: Bool
  /// `latest: false`: when the open window ends (windows are measured, no timer needed).
  private var windowEnd: Instant?
  /// `latest: true`: whether a window is open (its timer pending).
  private var windowOpen = false
  private var held: Value?

  init(window: Instant.Duration, latest: Bool) {
    self.window = window
    self.latest = latest
  }

  /// What to do with `value`, arriving at `now`.
  mutating func receive(_ value: Value, at now: Instant) -> Decision {
    if latest {
      if windowOpen {
        held = value
        return .ignore
      }
      windowOpen = true
      return .emit(startsTimer: true)
    }
    if let windowEnd, now < windowEnd { return .ignore }
    windowEnd = now.advanced(by: window)
    return .emit(startsTimer: false)
  }

  /// The connection ended: no window is open and nothing is held, as at the first connect.
  mutating func disconnect() {
    windowEnd = nil
    windowOpen = false
    held = nil
  }

  /// The window's timer fired (`latest: true`): returns the held value to emit, which opens the next
  /// window, or `nil` when the window closes.
  mutating func windowEnded() -> Value? {
    guard let value = held.take() else {
      windowOpen = false
      return nil
    }
    return value
  }
}
