#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value shared across threads, guarded by a `pthread_mutex_t`: the state of ``ManualClock``, which
/// test tasks on any thread read and advance.
///
/// Not `Synchronization.Mutex`: its contended path waits in the standard library, which
/// ThreadSanitizer does not instrument, so a `--sanitize=thread` run reported the critical sections it
/// guards as races. ThreadSanitizer intercepts the pthread calls and sees this lock. It belongs to the
/// bridges only; the core's hot path takes no lock.
///
/// `withLock` is inlinable so that a client's generic bridge (`subscribe(on:)`) runs specialized; the lock
/// calls stay behind two small functions, so the pthread module need not be imported publicly.
@usableFromInline
final class LockedState<State: ~Copyable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Guarded by the mutex, so not checked for exclusivity at run time.
  @usableFromInline @exclusivity(unchecked) var state: State

  @usableFromInline init(_ state: consuming State) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
    self.state = state
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state; `body` must not block or call back into the lock.
  @inlinable func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body(&state)
  }

  @usableFromInline func lock() {
    pthread_mutex_lock(mutex)
  }

  @usableFromInline func unlock() {
    pthread_mutex_unlock(mutex)
  }
}
