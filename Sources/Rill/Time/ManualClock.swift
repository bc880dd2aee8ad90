/// A clock whose time moves only when you call ``advance(by:)``: a deterministic clock for tests of
/// time-based code such as ``Signal/debounce(for:clock:isolation:)``.
///
/// Time starts at ``Instant/zero``. A task that sleeps on the clock stays asleep until an `advance`
/// moves ``now`` to its deadline (or past it); `advance` wakes the sleepers one at a time in the order
/// of their deadlines (sleepers with equal deadlines in the order they went to sleep), setting ``now``
/// to each deadline as it goes. A sleep whose deadline has already passed returns at once; a cancelled
/// sleep throws `CancellationError`.
///
/// `advance` returns only once the work it woke in Rill's time operators has run: every timer it fired
/// has emitted, and every timer started by those emissions has gone to sleep. So a test can send
/// values, advance, and read what came out, with no real waiting:
///
/// ```swift
/// let clock = ManualClock()
/// let query = Subject<String>()
/// var out: [String] = []
/// let subscription = query.debounce(for: .seconds(1), clock: clock).subscribe { out.append($0) }
/// query.send("r"); query.send("ri")
/// await clock.advance(by: .seconds(1))   // out == ["ri"]
/// ```
///
/// Any other task sleeping on the clock is woken in the same order, but `advance` does not wait for
/// what it does afterwards.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class ManualClock: Clock, Sendable {
  /// A point on a ``ManualClock``'s time line: the time elapsed since the clock's start.
  public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// The instant `offset` after the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The clock's start.
    public static let zero = Instant(offset: .zero)

    /// The instant `duration` after this one.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset from the clock's start, such as `10.0 seconds`.
    public var description: String { "\(offset)" }
  }

  private let state: LockedState<ManualClockState>

  /// Creates a clock that reads `now` (the start, by default).
  public init(now: Instant = .zero) {
    state = LockedState(ManualClockState(now: now))
  }

  /// The current time: where the last ``advance(by:)`` left it.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// Zero: the clock has no granularity of its own.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends until ``advance(by:)`` moves ``now`` to `deadline` or past it.
  ///
  /// Returns at once when `deadline` is not after ``now``. Throws `CancellationError` when the task is
  /// cancelled while asleep (or before).
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleep(until: deadline, place: nil)
  }

  /// Moves ``now`` forward by `duration`, waking the sleepers that fall due in deadline order.
  ///
  /// Returns once every Rill timer it woke has done its work (see the type's discussion).
  ///
  /// - Precondition: `duration >= .zero`.
  public func advance(by duration: Duration) async {
    precondition(duration >= .zero, "a manual clock only moves forward, not by \(duration)")
    await advance(to: now.advanced(by: duration))
  }

  /// Moves ``now`` forward to `deadline` (if it is not past it yet), waking the sleepers that fall due
  /// in deadline order.
  public func advance(to deadline: Instant) async {
    while true {
      await settle()
      let woken = state.withLock { $0.wakeNext(notAfter: deadline) }
      guard let woken else { return }
      woken.resume()
    }
  }

  // MARK: Tracked sleeps (Rill's own timers)

  /// Announces, synchronously, that a timer task is about to sleep, so an `advance` that starts before
  /// the task gets to run waits for it. Returns the timer's place among the sleepers: it went to sleep now, as far
  /// as equal deadlines are concerned, wherever its task runs until it registers.
  func announceSleeper() -> UInt64 {
    state.withLock { state in
      state.announced += 1
      return state.takeID()
    }
  }

  /// Tells the clock that the timer woken last by `advance` has done its work.
  func acknowledgeWake() {
    let waiters = state.withLock { $0.finishWake() }
    for waiter in waiters { waiter.resume() }
  }

  /// Sleeps; a sleeper announced with ``announceSleeper()`` gives its `place` (and is acknowledged once woken);
  /// any other takes its place now.
  func sleep(until deadline: Instant, place: UInt64?) async throws {
    let tracked = place != nil
    let id = place ?? state.withLock { $0.takeID() }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let (outcome, waiters) = state.withLock {
          $0.register(id: id, deadline: deadline, tracked: tracked, continuation, cancelled: Task.isCancelled)
        }
        for waiter in waiters { waiter.resume() }
        switch outcome {
        case .asleep: break
        case .due: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let continuation = state.withLock { $0.cancel(id: id) }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Suspends until no announced timer is still on its way to sleep and no woken timer is still working.
  private func settle() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let settled = state.withLock { state in
        guard state.isSettled else {
          state.settleWaiters.append(continuation)
          return false
        }
        return true
      }
      if settled { continuation.resume() }
    }
  }
}

/// The mutable state of a ``ManualClock``, kept under its mutex. Decides; the clock acts.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ManualClockState: ~Copyable {
  struct Sleeper {
    let id: UInt64
    let deadline: ManualClock.Instant
    let tracked: Bool
    let continuation: UnsafeContinuation<Void, any Error>
  }

  enum Registration { case asleep, due, cancelled }

  var now: ManualClock.Instant
  var sleepers: [Sleeper] = []
  private var nextID: UInt64 = 0
  /// Timers announced that have not reached `register` yet.
  var announced = 0
  /// Timers woken (or found due) that have not acknowledged yet.
  var working = 0
  var settleWaiters: [UnsafeContinuation<Void, Never>] = []

  init(now: ManualClock.Instant) {
    self.now = now
  }

  var isSettled: Bool { announced == 0 && working == 0 }

  mutating func takeID() -> UInt64 {
    nextID += 1
    return nextID
  }

  /// Adds a sleeper unless it is cancelled or already due. Returns what to do with it, and the settle
  /// waiters to resume.
  mutating func register(
    id: UInt64,
    deadline: ManualClock.Instant,
    tracked: Bool,
    _ continuation: UnsafeContinuation<Void, any Error>,
    cancelled: Bool
  ) -> (Registration, [UnsafeContinuation<Void, Never>]) {
    if tracked { announced -= 1 }
    let outcome: Registration
    if cancelled {
      outcome = .cancelled
    } else if deadline <= now {
      if tracked { working += 1 }
      outcome = .due
    } else {
      sleepers.append(Sleeper(id: id, deadline: deadline, tracked: tracked, continuation: continuation))
      outcome = .asleep
    }
    return (outcome, takeWaitersIfSettled())
  }

  /// Removes the cancelled sleeper `id`, if it is still asleep.
  mutating func cancel(id: UInt64) -> UnsafeContinuation<Void, any Error>? {
    guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
    return sleepers.remove(at: index).continuation
  }

  /// Removes the sleeper due first, no later than `limit`, and moves `now` to its deadline; or, when
  /// none is due, moves `now` to `limit` and returns `nil`.
  mutating func wakeNext(notAfter limit: ManualClock.Instant) -> UnsafeContinuation<Void, any Error>? {
    // The earliest deadline wins; of equal deadlines, the sleeper that went to sleep first (its id is its place: an
    // announced timer's is taken when it is started, on the starting thread, before its task can hop elsewhere).
    var best: Int?
    for index in sleepers.indices where sleepers[index].deadline <= limit {
      if let current = best,
        (sleepers[current].deadline, sleepers[current].id) < (sleepers[index].deadline, sleepers[index].id)
      {
        continue
      }
      best = index
    }
    guard let best else {
      if now < limit { now = limit }
      return nil
    }
    let sleeper = sleepers.remove(at: best)
    if now < sleeper.deadline { now = sleeper.deadline }
    if sleeper.tracked { working += 1 }
    return sleeper.continuation
  }

  /// Records that a woken timer finished its work; returns the settle waiters to resume.
  mutating func finishWake() -> [UnsafeContinuation<Void, Never>] {
    working -= 1
    return takeWaitersIfSettled()
  }

  private mutating func takeWaitersIfSettled() -> [UnsafeContinuation<Void, Never>] {
    guard isSettled, !settleWaiters.isEmpty else { return [] }
    defer { settleWaiters = [] }
    return settleWaiters
  }
}
