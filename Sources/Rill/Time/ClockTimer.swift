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
  let manual = clock as? ManualClock
  manual?.announceSleeper()
  return Task {
    _ = isolation
    do {
      if let manual, let deadline = deadline as? ManualClock.Instant {
        try await manual.sleep(until: deadline, tracked: true)
      } else {
        try await clock.sleep(until: deadline, tolerance: nil)
      }
    } catch {
      return
    }
    defer { manual?.acknowledgeWake() }
    if !Task.isCancelled { fire() }
  }
}

/// Checks that a time operator was built where its timers can run: in an actor's isolation. Only for an
/// operator whose `isolation` is optional: the built-in ones take `isolated any Actor = #isolation`, so a
/// nonisolated caller does not compile and needs no check.
func requireIsolation(_ isolation: (any Actor)?, for operatorName: String) {
  precondition(
    isolation != nil,
    "\(operatorName) runs timers in the signal's isolation: call it from an actor-isolated context (e.g. @MainActor)")
}
