/// Decides what a store does with each command it is given (an action, or a time-travel step):
/// run it now, queue it behind the dispatch in progress, or refuse it because a reducer is running.
///
/// The store keeps one of these and only acts on its answers. The queue is first in, first out. Its
/// memory is proportional to its backlog, not to the commands ever queued: run commands are released
/// at once, the run prefix is dropped once it is half the array, and a large array is freed when the
/// queue empties; a small one keeps its capacity, so a store whose subscribers dispatch in steady state
/// allocates nothing.
@usableFromInline
struct DispatchLoop<Command> {
  /// What the store is doing.
  @usableFromInline enum Phase: Equatable {
    /// Nothing: a command runs at once.
    case idle
    /// Running a command (middleware, reducer or notifying subscribers): new commands are queued.
    case dispatching
    /// Inside the reducer: dispatching is a programming error.
    case reducing
  }

  /// What to do with a command.
  @usableFromInline enum Decision: Equatable {
    /// Run it now; call ``next()`` afterwards until it returns `nil`.
    case run
    /// It was queued behind the command in progress.
    case queued
    /// A reducer is running: stop the program.
    case forbidden
  }

  @usableFromInline var phase = Phase.idle
  /// The queue from `head`; the slots before it were run (and emptied).
  @usableFromInline var queue: ContiguousArray<Command?> = []
  @usableFromInline var head = 0

  @inlinable init() {}

  /// Whether queued commands are waiting.
  @inlinable var hasQueued: Bool { head < queue.count }

  /// A command arrived.
  @inlinable mutating func receive(_ command: @autoclosure () -> Command) -> Decision {
    switch phase {
    case .idle:
      phase = .dispatching
      return .run
    case .dispatching:
      queue.append(command())
      return .queued
    case .reducing:
      return .forbidden
    }
  }

  /// A queue emptied with at most this capacity keeps it (no allocation in steady state).
  @usableFromInline static var keptCapacity: Int { 256 }
  /// The run prefix is dropped once it is this long and at least half the array.
  @usableFromInline static var compactionThreshold: Int { 16 }

  /// The next queued command to run, or `nil` when there is none (the loop is then idle again).
  ///
  /// - Complexity: Amortized O(1).
  @inlinable mutating func next() -> Command? {
    guard head < queue.count else {
      phase = .idle
      return nil
    }
    let command = queue[head].take()
    head += 1
    if head == queue.count {
      if queue.capacity > Self.keptCapacity {
        queue = []
      } else {
        queue.removeAll(keepingCapacity: true)
      }
      head = 0
    } else if head >= Self.compactionThreshold && head * 2 >= queue.count {
      queue.removeFirst(head)
      head = 0
    }
    return command
  }

  /// The reducer starts running.
  @inlinable mutating func beginReducing() {
    phase = .reducing
  }

  /// The reducer has returned.
  @inlinable mutating func endReducing() {
    phase = .dispatching
  }
}
