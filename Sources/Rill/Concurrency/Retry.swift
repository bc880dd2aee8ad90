/// Runs `operation` until it succeeds, at most `attempts` times, waiting on `clock` as `backoff` says
/// between attempts; returns its value, or its last error, as a `Result`.
///
/// The first attempt starts at once. After a failure, if attempts remain, `retry` sleeps
/// `backoff.delay(afterFailure: n)` on `clock` (`n` counting the failures so far) and tries again. It
/// returns `.success` with the first value, or `.failure` with the last error once `attempts` have failed —
/// or at once, with the last error, when the task is cancelled (no attempt starts after cancellation, and a
/// backoff sleep ends). `operation` runs in the caller's isolation.
///
/// Signals carry no errors, so the `Result` is the value a signal carries: with
/// ``Signal/map(_:isolation:_:)`` it makes search-as-you-type that retries each query and drops the stale
/// ones (a new query cancels the retries of the previous one):
///
/// ```swift
/// let results: Signal<Result<[Hit], any Error>> = query.map(.latest) { text in
///   await retry(attempts: 3, backoff: .exponential(initial: .seconds(1)), clock: ContinuousClock()) {
///     try await api.search(text)
///   }
/// }
/// ```
///
/// On a ``ManualClock`` the backoff sleeps are tracked like Rill's timers: an `advance` that starts while
/// `retry` is on its way to sleep waits for it, so a test drives the retries with `advance`.
///
/// - Parameters:
///   - attempts: How many times to run `operation` at most.
///   - backoff: How long to wait before each new attempt.
///   - clock: The clock that measures the waits (a ``ManualClock`` in tests).
///   - isolation: The actor `operation` runs on; the caller's, by default.
///   - operation: The work to try.
/// - Precondition: `attempts > 0`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public func retry<Success, Failure: Error, C: Clock>(
  attempts: Int,
  backoff: Backoff<C.Duration>,
  clock: C,
  isolation: isolated (any Actor)? = #isolation,
  _ operation: nonisolated(nonsending) () async throws(Failure) -> Success
) async -> Result<Success, Failure> {
  precondition(attempts > 0, "retry needs at least one attempt, not \(attempts)")
  var failures = 0
  while true {
    let failure: Failure
    do {
      return .success(try await operation())
    } catch {
      failure = error
    }
    failures += 1
    guard failures < attempts, !Task.isCancelled else { return .failure(failure) }
    let sleep = TrackedSleep(on: clock)
    do {
      try await sleep.sleep(until: clock.now.advanced(by: backoff.delay(afterFailure: failures)))
    } catch {
      return .failure(failure)
    }
    sleep.woke()
  }
}

/// How long ``retry(attempts:backoff:clock:isolation:_:)`` waits before each new attempt: a constant delay,
/// or one that grows by a factor after each failure, up to a maximum.
///
/// ```swift
/// let backoff = Backoff<Duration>.exponential(initial: .seconds(1), maximum: .seconds(5))
/// (1...5).map { backoff.delay(afterFailure: $0) }   // 1, 2, 4, 5, 5 seconds
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct Backoff<Duration: DurationProtocol & Sendable>: Sendable, Equatable {
  /// The delay after the first failure.
  public var initial: Duration
  /// What each further failure multiplies the delay by.
  public var factor: Int
  /// The longest delay, if any.
  public var maximum: Duration?

  /// The same delay after every failure.
  public static func constant(_ delay: Duration) -> Self {
    Self(initial: delay, factor: 1, maximum: nil)
  }

  /// `initial` after the first failure, multiplied by `factor` after each further one, never more than
  /// `maximum`.
  ///
  /// - Precondition: `factor >= 1`.
  public static func exponential(initial: Duration, factor: Int = 2, maximum: Duration? = nil) -> Self {
    precondition(factor >= 1, "a backoff factor must be at least 1, not \(factor)")
    return Self(initial: initial, factor: factor, maximum: maximum)
  }

  /// The wait before the next attempt after `failures` failures (the first failure is 1).
  ///
  /// - Complexity: O(`failures`).
  public func delay(afterFailure failures: Int) -> Duration {
    var delay = initial
    for _ in 1..<max(failures, 1) {
      if factor == 1 { break }
      if let maximum, delay >= maximum { break }
      delay = delay * factor
    }
    if let maximum, delay > maximum { return maximum }
    return delay
  }
}
