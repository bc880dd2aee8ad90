import Foundation
import Testing

@testable import Rill

/// `AsyncComputed`'s lifetimes at the edges: freed while its work runs, here or on another thread.
@MainActor @Suite(.freesEverything, .timeLimit(.minutes(5))) struct AsyncComputedLifetimeTests {
  /// Something the work holds, which says when it is freed.
  final class Held: Sendable {}

  /// A computed whose work holds `held` and sleeps on `clock` (which throws once its task is cancelled).
  func sleepingWork(holding held: Held, clock: ManualClock) -> AsyncComputed<String> {
    AsyncComputed { [held] () async throws -> String in
      try await clock.sleep(for: .seconds(1))
      return "\(held)"
    }
  }

  @Test func freedWhileLoadingItsTaskIsCancelledAndLetsGoOfWhatItHolds() async {
    let clock = ManualClock()
    var held: Held? = Held()
    weak let watched = held
    var results: AsyncComputed<String>? = sleepingWork(holding: held!, clock: clock)
    held = nil
    #expect(results?.status == .loading)
    #expect(watched != nil)  // the running work holds it
    results = nil
    #expect(await eventually { watched == nil })
    #expect(await eventually { clock.sleeperCount == 0 })
  }

  /// The last observer leaving cancels the work: its task ends (its sleep throws), and the computed keeps no task.
  /// Its closure, and what that holds, go with the computed.
  @Test func theLastObserverLeavingEndsTheTaskAndTheComputedLetsGoOfTheRest() async {
    let clock = ManualClock()
    var held: Held? = Held()
    weak let watched = held
    var results: AsyncComputed<String>? = sleepingWork(holding: held!, clock: clock)
    held = nil
    let subscription = results!.subscribe { _ in }
    #expect(await eventually { clock.sleeperCount == 1 })
    subscription.cancel()
    #expect(await eventually { clock.sleeperCount == 0 })
    #expect(results?.work.task == nil)
    #expect(watched != nil)
    results = nil
    #expect(await eventually { watched == nil })  // once the cancelled task has unwound
  }

  @Test func freedOnAnotherThreadWhileLoading() async {
    let clock = ManualClock()
    var held: Held? = Held()
    weak let watched = held
    nonisolated(unsafe) var results: AsyncComputed<String>? = sleepingWork(holding: held!, clock: clock)
    held = nil
    #expect(results?.status == .loading)
    let freed = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      results = nil
      freed.signal()
    }
    #expect(await eventually { freed.wait(timeout: .now()) == .success })
    #expect(await eventually { watched == nil })
  }

  /// A result that comes after the computed is freed (work that ignores cancellation) finds nothing, and is
  /// dropped.
  @Test func aResultAfterTheComputedIsFreedIsDropped() async {
    let loads = Loads<String, String>()
    var results: AsyncComputed<String>? = AsyncComputed { try await loads.load("a") }
    #expect(results?.status == .loading)
    results = nil
    await loads.succeed("a", with: "A")
    #expect(loads.cancelled == ["a"])
  }

  /// Unobserved, a computed read once keeps no task once its work is done, and nothing of the library's stays.
  @Test func aFinishedComputedHoldsNoTask() async {
    let loads = Loads<String, String>()
    let results = AsyncComputed { try await loads.load("a") }
    _ = results.value
    #expect(results.work.task != nil)
    await loads.succeed("a", with: "A")
    #expect(results.work.task == nil)
  }
}
