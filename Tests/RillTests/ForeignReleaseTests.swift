import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Rill

/// Rule 8: a subscription freed on another thread than the one that made it is removed safely, later, by
/// the signal's own domain; freed on its own thread it is removed at once (rules 3 and 7).
@Suite(.freesEverything) struct ForeignReleaseTests {
  /// The crash this pins: a `@MainActor` model is `Sendable`, so its last reference can go on any thread,
  /// freeing its subscriptions there while the main actor delivers. Before the fix, the removal raced the
  /// delivery and the process died ("Index out of range" in `compact()`) in most runs.
  @Test(.timeLimit(.minutes(2)))
  func modelsFreedOnOtherThreadsWhileTheMainActorDeliversDoNotCrash() async {
    let iterations = StressSize.pick(default: 500, stress: 3_000)
    await #expect(processExitsWith: .success) { [iterations = iterations as Int] in
      await ForeignReleaseStress.run(iterations: iterations)
    }
  }

  /// The hang this pins: compaction, on the signal's thread, moved the slots of subscriptions that another
  /// thread was releasing, and reading a slot's subscription to tell it its new index retained it for a moment
  /// (in an unoptimized build). When the other thread's release came in that moment, compaction's own release
  /// freed the subscription, under the inbox lock; its deinit compacted again and waited for that lock forever
  /// (CI's full test run hung in the stress test above). A watchdog turns a hang into a failed exit.
  @Test(.timeLimit(.minutes(2)))
  func compactingWhileAnotherThreadFreesSubscriptionsNeverTouchesThem() async {
    let rounds = StressSize.pick(default: 2_000, stress: 10_000)
    await #expect(processExitsWith: .success) { [rounds = rounds as Int] in
      ForeignReleaseStress.compactWhileFreeing(rounds: rounds, watchdogSeconds: 100)
    }
  }

  @Test func freedOnItsOwnThreadASubscriptionEndsAtOnce() {
    let subject = Subject<Int>()
    weak var node: Signal<Int>?
    var subscription: Subscription?
    do {
      let mapped = subject.map { $0 + 1 }
      node = mapped
      subscription = mapped.subscribe { _ in }
    }
    subscription = nil
    #expect(node == nil)
    #expect(subject.observerCount == 0)
    withExtendedLifetime(subscription) {}
  }

  @Test func freedOnAnotherThreadTheObserverIsRemovedAtTheNextDelivery() {
    let subject = Subject<Int>()
    var log: [Int] = []
    weak var node: Signal<Int>?
    let holder = Holder()
    do {
      let mapped = subject.map { $0 + 1 }
      node = mapped
      holder.subscriptions = [mapped.subscribe { log.append($0) }]
    }
    subject.send(1)
    onAnotherThread { holder.subscriptions = [] }
    // Nothing was touched on that thread: the observer waits for this domain.
    #expect(node?.observerCount == 1)
    #expect(subject.observerCount == 1)
    subject.send(2)
    #expect(log == [2])
    #expect(node == nil)
    #expect(subject.observerCount == 0)
  }

  @Test func freedOnAnotherThreadTheObserverIsRemovedAtTheNextSubscribe() {
    let subject = Subject<Int>()
    let holder = Holder()
    holder.subscriptions = [subject.subscribe { _ in }]
    onAnotherThread { holder.subscriptions = [] }
    #expect(subject.observerCount == 1)
    let next = subject.subscribe { _ in }
    #expect(subject.observerCount == 1)
    #expect(subject.slots.count == 1)
    withExtendedLifetime(next) {}
  }

  @Test func aCompactionBeforeTheRemovalKeepsTheRightObservers() {
    let subject = Subject<Int>()
    var heard: [Int] = []
    let holder = Holder()
    var subscriptions = (0..<20).map { id in subject.subscribe { _ in heard.append(id) } }
    let freedElsewhere: Set = [13, 16, 19]
    holder.subscriptions = freedElsewhere.sorted().map { subscriptions[$0] }
    for id in freedElsewhere.sorted().reversed() { subscriptions.remove(at: id) }
    onAnotherThread { holder.subscriptions = [] }
    // Eleven cancels here: the last one compacts, moving the three slots still waiting for removal.
    for subscription in subscriptions.prefix(11) { subscription.cancel() }
    #expect(subject.compactionWork > 0)
    subject.send(0)
    #expect(heard == [11, 12, 14, 15, 17, 18])
    #expect(subject.observerCount == 6)
    withExtendedLifetime(subscriptions) {}
  }

  @Test func cancelsMadeByAnOnCancelFreedOnAnotherThreadAreDeferredToo() {
    let subject = Subject<Int>()
    var log: [Int] = []
    let holder = Holder()
    let upstream = subject.subscribe { log.append($0) }
    holder.subscriptions = [Subscription { upstream.cancel() }]
    onAnotherThread { holder.subscriptions = [] }
    #expect(upstream.isCancelled)
    #expect(subject.observerCount == 1)
    subject.send(1)
    #expect(log == [])
    #expect(subject.observerCount == 0)
  }

  /// An owner-bound token that its owner keeps, freed with the owner on another thread: the subscription it
  /// stands for ends the way a subscription freed there does, at the signal's next delivery, in its domain.
  @Test func anOwnerBoundTokenFreedWithItsOwnerOnAnotherThreadEndsInTheSignalsDomain() {
    let subject = Subject<Int>()
    var log: [Int] = []
    weak var node: Signal<Int>?
    final class Keeper: @unchecked Sendable { var owner: Holder? = Holder() }
    let keeper = Keeper()
    do {
      let mapped = subject.map { $0 + 1 }
      node = mapped
      let owner = keeper.owner!
      owner.subscriptions = [mapped.subscribe(owner: owner) { _, value in log.append(value) }]
    }
    subject.send(1)
    onAnotherThread { keeper.owner = nil }
    #expect(subject.observerCount == 1)
    subject.send(2)
    #expect(log == [2])
    #expect(node == nil)
    #expect(subject.observerCount == 0)
  }
}

/// Holds subscriptions for a test that frees them on another thread, as a `Sendable` model would.
private final class Holder: @unchecked Sendable {
  var subscriptions: [Subscription] = []
}

/// Runs `body` on a new thread and waits for it to finish.
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    done.signal()
  }
  done.wait()
}

/// A screen's model: isolated to the main actor, hence `Sendable`, so its last reference may go anywhere.
@MainActor final class ScreenModel {
  var subscriptions: [Subscription] = []
}

/// Counts deliveries on the main actor (the observers capture it, not the model: no cycle).
@MainActor final class Tally {
  var total = 0
}

/// The stress run of ``ForeignReleaseTests``, in a child process: the main actor builds models that
/// subscribe to a subject and to a `map` of it, hands each to two releaser threads that drop the last
/// reference, and keeps sending meanwhile.
enum ForeignReleaseStress {
  /// Round after round, the signal's thread compacts a slot whose subscription another thread frees at the
  /// same moment: it makes two subscriptions and a third, hands the third to the other thread, lets it go,
  /// and cancels the first two, which moves the third's slot to the front. Exits with status 3 if it has not
  /// finished after `watchdogSeconds`.
  static func compactWhileFreeing(rounds: Int, watchdogSeconds: Int) {
    Thread.detachNewThread {
      sleep(UInt32(watchdogSeconds))
      _exit(3)
    }
    let subject = Subject<Int>()
    let handOff = LockedState<Subscription?>(nil)
    let round = Atomic<Int>(0)
    let freed = Atomic<Int>(0)
    Thread.detachNewThread {
      for number in 1...rounds {
        while round.load(ordering: .acquiring) != number { sched_yield() }
        handOff.withLock { $0 = nil }  // the last reference, dropped as the signal's thread compacts
        freed.store(number, ordering: .releasing)
      }
    }
    for number in 1...rounds {
      let first = subject.subscribe { _ in }
      let second = subject.subscribe { _ in }
      handOff.withLock { $0 = subject.subscribe { _ in } }
      round.store(number, ordering: .releasing)
      first.cancel()
      second.cancel()
      while freed.load(ordering: .acquiring) != number { sched_yield() }
    }
    subject.send(0)
    precondition(subject.observerCount == 0, "\(subject.observerCount) observers left on the subject")
  }

  @MainActor static func run(iterations: Int) async {
    let subject = Subject<Int>()
    let mapped = subject.map { $0 &+ 1 }
    let tally = Tally()
    let handOff = LockedState<(models: [ScreenModel], stop: Bool)>(([], false))
    let finished = DispatchSemaphore(value: 0)
    let releasers = 2
    for _ in 0..<releasers {
      Thread.detachNewThread {
        while true {
          // Taken out under the lock, dropped outside it: the models' last references go here.
          let (models, stop) = handOff.withLock { state in
            defer { state.models.removeAll() }
            return (state.models, state.stop)
          }
          if models.isEmpty {
            if stop { break }
            sched_yield()
          }
        }
        finished.signal()
      }
    }
    for iteration in 0..<iterations {
      do {
        let model = ScreenModel()
        for _ in 0..<4 {
          model.subscriptions.append(subject.subscribe { tally.total &+= $0 })
          model.subscriptions.append(mapped.subscribe { tally.total &+= $0 })
        }
        handOff.withLock { $0.models.append(model) }
      }
      for value in 0..<20 { subject.send(iteration &+ value) }
    }
    handOff.withLock { $0.stop = true }
    for _ in 0..<releasers { finished.wait() }
    // Every model is gone; the next delivery removes what their subscriptions left behind.
    subject.send(0)
    precondition(subject.observerCount == 0, "\(subject.observerCount) observers left on the subject")
    precondition(mapped.observerCount == 0, "\(mapped.observerCount) observers left on the map")
    precondition(tally.total > 0)
  }
}
