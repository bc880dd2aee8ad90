import Foundation
import Synchronization
import Testing

@testable import Rill

/// The domains the Observation bridges remember: the main queue, or a thread for its lifetime — never a thread that
/// exited, whose `pthread_self()` a new thread is often given.
@Suite(.freesEverything) struct ObservationDomainTests {
  /// Runs `body` on a new thread, and returns once that thread has exited (joined, so its identifier is free again).
  private func onAThreadThatExits<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let box = Mutex<Result?>(nil)
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let context = Unmanaged.passRetained(ThreadBody { box.withLock { $0 = body() } }).toOpaque()
    let status = pthread_create(
      &thread, nil,
      { pointer in
        Unmanaged<ThreadBody>.fromOpaque(pointer!).takeRetainedValue().run()
        return nil
      }, context)
    precondition(status == 0)
    #if canImport(Darwin)
      pthread_join(thread!, nil)
    #else
      pthread_join(thread, nil)
    #endif
    return box.withLock { $0! }
  }

  @Test func twoThreadsOneAfterTheOtherAreTwoDomainsEvenWithOneIdentifier() {
    let first = onAThreadThatExits { ObservationDomain.current }
    let second = onAThreadThatExits { ObservationDomain.current }
    #expect(first != second)
    #expect(!first.isMainQueue && !second.isMainQueue)
  }

  @Test func codeOnOneThreadIsInItsDomainAndNotInAnotherThreads() {
    let here = ObservationDomain.current
    #expect(here.includesCurrentCode())
    let there = onAThreadThatExits { ObservationDomain.current }
    #expect(!there.includesCurrentCode())
    #expect(onAThreadThatExits { !here.includesCurrentCode() })
  }

  @MainActor @Test func theMainQueueIsOneDomainWhicheverThreadDrainsIt() {
    #expect(ObservationDomain.current == .mainQueue)
    #expect(ObservationDomain.mainQueue.includesCurrentCode())
    #expect(onAThreadThatExits { !ObservationDomain.mainQueue.includesCurrentCode() })
  }

  /// A watch started on a thread that exited (its value still alive) is no later thread's: a thread given the old
  /// one's identifier writes with no check and no checker (CI saw one made, mid-measure, before domains were
  /// numbered).
  @Test func aWatchLeftByAThreadThatExitedIsNoLaterThreads() {
    let left = onAThreadThatExits { () -> UncheckedBox<Computed<Int>> in
      let source = CurrentValueSubject(1)
      let watched = Computed { source.value * 2 }.reportingToObservation()
      _ = watched.value  // a watch in this thread's domain, which no write ends
      return UncheckedBox(watched)
    }
    #expect(ObservationReads.isWatching(left.value))
    let later = onAThreadThatExits { () -> (watches: Bool, madeAChecker: Bool) in
      let head = CurrentValueSubject(0)
      var sink = 0
      let subscription = effect { sink &+= head.value }
      for value in 0..<10 { head.value = value }
      withExtendedLifetime(subscription) {}
      return (
        ObservationReads.areWatchesRunning(in: .current),
        TrackingContext.withCurrent { $0.observationChecker != nil }
      )
    }
    #expect(!later.watches)
    #expect(!later.madeAChecker)
  }
}

/// A closure a new thread runs.
private final class ThreadBody {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}

/// A value handed from one thread to another that no longer touches it.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
