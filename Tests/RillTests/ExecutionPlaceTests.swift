import Foundation
import Testing

@testable import Rill

/// Rule 8's test of "in the graph's domain": the same thread, or the main queue on any thread.
@Suite(.freesEverything) struct ExecutionPlaceTests {
  @Test(arguments: [
    // (made: thread, on the main queue; freed: thread, on the main queue; same domain)
    (1, true, 2, true, true),  // the main actor on Linux: one queue, drained by two threads
    (1, true, 1, true, true),
    (1, false, 1, false, true),  // one thread
    (1, true, 1, false, true),
    (1, false, 2, false, false),  // two threads
    (1, true, 2, false, false),
    (1, false, 2, true, false),
  ])
  func sameDomain(made: UInt, madeOnMain: Bool, freed: UInt, freedOnMain: Bool, same: Bool) {
    let madeAt = ExecutionPlace(thread: made, isMainQueue: madeOnMain)
    let freedAt = ExecutionPlace(thread: freed, isMainQueue: freedOnMain)
    #expect(madeAt.isSameDomain(as: freedAt) == same)
  }

  /// The leak the main-queue half pins: on Linux `dispatchMain()` hands the main queue, the main actor's
  /// executor, to a worker thread, and once the queue has idled for a few seconds that worker retires and the
  /// next job runs on another (seen in a small program: main-queue jobs 0.5 s apart ran on one thread, one 7.5 s
  /// later on another). A subscription made on the main actor and freed after such a pause was judged freed on
  /// another thread, so its removal waited for the signal's next delivery: a pipeline not sent to again stayed
  /// connected, and alive, for good. The time operators' tests, whose main actor waits on a `ManualClock`, left
  /// theirs alive in about one full run in six.
  @MainActor @Test func theMainActorRunsOnTheMainQueueAndAnotherThreadDoesNot() async {
    let onMainActor = isOnMainQueue()
    let onAnotherThread = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: isOnMainQueue()) }
    }
    #expect(onMainActor)
    #expect(!onAnotherThread)
    let madeHere = ExecutionPlace.current
    #expect(madeHere.isMainQueue && madeHere.includesCurrentCode())
    let elsewhere = ExecutionPlace(thread: madeHere.thread &+ 1, isMainQueue: true)
    #expect(elsewhere.includesCurrentCode())  // another thread, but the main queue: the main actor's domain
    let offMain = ExecutionPlace(thread: madeHere.thread &+ 1, isMainQueue: false)
    #expect(!offMain.includesCurrentCode())
  }

  /// Every subscribe asks whether it runs on the main queue: libdispatch answers it directly once the overlay's
  /// keying is confirmed, which it is with the toolchain's overlay. The answer itself is pinned above.
  @Test func theMainQueueIsLookedUpInLibdispatchDirectly() {
    #expect(looksUpTheMainQueueDirectly)
  }

  /// The direct look-up answers for the main queue only: a queue of one's own, even one marked with a key of
  /// its own, is not the main queue.
  @Test func anotherQueueIsNotTheMainQueue() {
    let queue = DispatchQueue(label: "ExecutionPlaceTests.other")
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    #expect(queue.sync { isOnMainQueue() } == false)
  }
}
