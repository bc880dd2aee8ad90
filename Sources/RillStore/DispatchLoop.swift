/// Decides what a store does with each command it is given (an action, or a time-travel step):
/// run it now, queue it behind the dispatch in progress, or refuse it because a reducer is running.
///
/// The store keeps one of these and only acts on its answers. The queue is the core's `FIFOQueue`, the one
/// a signal graph queues its sends in: first in, first out, its memory proportional to its backlog, not to
/// the commands ever queued; run commands are released at once, and an emptied queue keeps a small
/// capacity, so a store whose subscribers dispatch in steady state allocates nothing.
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
  /// The commands queued behind the one running.
  @usableFromInline var queue = FIFOQueue<Command>()

  @inlinable init() {}

  /// Whether queued commands are waiting.
  @inlinable var hasQueued: Bool { !queue.isEmpty }

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

  /// The next queued command to run, or `nil` when there is none (the loop is then idle again).
  ///
  /// - Complexity: Amortized O(1).
  @inlinable mutating func next() -> Command? {
    guard let command = queue.popFirst() else {
      phase = .idle
      return nil
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
