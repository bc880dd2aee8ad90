/// Starts a task, isolated to `isolation`, that sleeps on `clock` until `deadline` and then runs `fire`
/// — unless the task is cancelled first, even after the sleep ended (cancel and fire both run in
/// `isolation`, so a cancelled timer never fires).
///
/// On a ``ManualClock`` the timer is tracked: it is announced before the task starts and acknowledged
/// after `fire`, so `advance` waits for it.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func startTimer<C: Clock>(
  on clock: C,
  at deadline: C.Instant,
  isolation: isolated (any Actor)?,
  _ fire: @escaping () -> Void
) -> Task<Void, Never> {
  let sleep = TrackedSleep(on: clock)
  return Task {
    _ = isolation
    do {
      try await sleep.sleep(until: deadline)
    } catch {
      return
    }
    defer { sleep.woke() }
    if !Task.isCancelled { fire() }
  }
}

/// One sleep of Rill's own on `clock`, tracked when it is a ``ManualClock``: made (and so announced)
/// synchronously, before the sleeping code can hop to another executor, so an `advance` that starts
/// meanwhile waits for it; ``woke()`` tells the clock the work the wake started has been done.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct TrackedSleep<C: Clock> {
  let clock: C
  let manual: ManualClock?
  /// Its place among a ``ManualClock``'s sleepers, taken when announced.
  let place: UInt64?

  init(on clock: C) {
    self.clock = clock
    manual = clock as? ManualClock
    place = manual?.announceSleeper()
  }

  /// Sleeps until `deadline`; throws `CancellationError` when cancelled (then ``woke()`` must not be
  /// called).
  func sleep(until deadline: C.Instant) async throws {
    if let manual, let deadline = deadline as? ManualClock.Instant {
      try await manual.sleep(until: deadline, place: place)
    } else {
      try await clock.sleep(until: deadline, tolerance: nil)
    }
  }

  /// Acknowledges the wake to a ``ManualClock`` (after a sleep that returned normally).
  func woke() {
    manual?.acknowledgeWake()
  }
}
