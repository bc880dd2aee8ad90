/// The time a ``TestStore`` has waited for something, counting each gap between its polls only up to
/// ``longestGap``: its actor busy with other work for a long stretch does not use up the timeout.
struct WaitBudget {
  /// The most one gap between polls counts.
  static let longestGap = Duration.milliseconds(50)

  private let limit: Duration
  private var waited = Duration.zero
  private var last: ContinuousClock.Instant

  init(_ limit: Duration, now: ContinuousClock.Instant) {
    self.limit = limit
    last = now
  }

  /// Counts the time since the last poll; returns whether the wait may go on.
  mutating func polled(at now: ContinuousClock.Instant) -> Bool {
    waited += min(last.duration(to: now), Self.longestGap)
    last = now
    return waited < limit
  }
}
