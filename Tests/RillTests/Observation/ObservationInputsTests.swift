import Dispatch
import Foundation
import Observation
import Synchronization
import TestSupport
import Testing

@testable import Rill

/// A model whose properties computations read (rule 16): isolated to the main actor, as a view model is.
@Observable @MainActor final class Grading {
  var bonus = 0
  var base = 10
  var useBonus = false
  var label = "credit"
}

/// The same, with no isolation: read and written on one thread.
@Observable final class LocalGrading {
  var bonus = 0
}

/// An observable model written on one thread and read on another: its storage is locked, as such a model's must be
/// (Observation tells of a change before the writing thread stores the value; an unlocked `@Observable` property read
/// meanwhile on the main queue is a data race, which ThreadSanitizer caught in CI).
final class SharedGrading: Observable, Sendable {
  private let registrar = ObservationRegistrar()
  private let storage = Mutex(0)

  var bonus: Int {
    get {
      registrar.access(self, keyPath: \.bonus)
      return storage.withLock { $0 }
    }
    set {
      registrar.withMutation(of: self, keyPath: \.bonus) { storage.withLock { $0 = newValue } }
    }
  }
}

/// Lets the main queue run what it has queued before now: the turn a change's notice asked for comes first.
@MainActor func mainQueueTurn() async {
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { done.resume() }
  }
}

/// A computation that reads `@Observable` properties depends on them as on Rill's values (rule 16).
@MainActor @Suite(.freesEverything) struct ObservationInputsTests {
  @Test func anUnobservedComputedSeesTheNewValueAndRunsOncePerChange() {
    let grading = Grading()
    let credit = CurrentValueSubject(50)
    var runs = 0
    let total = Computed {
      runs += 1
      return credit.value + grading.bonus
    }
    #expect(total.value == 50)
    grading.bonus = 5
    #expect(total.value == 55)
    #expect(total.value == 55)
    #expect(runs == 2)
    credit.value = 60
    #expect(total.value == 65)
    #expect(runs == 3)
  }

  @Test func aPropertyItDidNotReadChangesNothing() {
    let grading = Grading()
    var runs = 0
    let total = Computed {
      runs += 1
      return grading.bonus
    }
    _ = total.value
    grading.label = "points"
    grading.base = 20
    _ = total.value
    #expect(runs == 1)
  }

  @Test func aComputationThatReadsNoPropertyHasNoInput() {
    let credit = CurrentValueSubject(1)
    let doubled = Computed { credit.value * 2 }
    let subscription = effect { _ = doubled.value }
    credit.value = 2
    #expect(!doubled.has(ReactiveFlags.readsObservation))
    #expect(ObservationInput.of(doubled) == nil)
    subscription.cancel()
  }

  @Test func anObservedComputedSettlesOnTheNextTurnOncePerChange() async {
    let grading = Grading()
    let credit = CurrentValueSubject(50)
    var runs = 0
    let total = Computed {
      runs += 1
      return credit.value + grading.bonus
    }
    var heard: [Int] = []
    let subscription = total.subscribe { heard.append($0) }
    grading.bonus = 5
    #expect(heard == [50])  // told on the next turn
    await mainQueueTurn()
    #expect(heard == [50, 55])
    #expect(runs == 2)
    subscription.cancel()
  }

  @Test func aReadAfterTheWriteReturnedIsNewEvenBeforeTheTurn() async {
    let grading = Grading()
    let total = Computed { grading.bonus * 2 }
    var heard: [Int] = []
    let subscription = total.subscribe { heard.append($0) }
    grading.bonus = 4
    #expect(total.value == 8)
    await mainQueueTurn()
    #expect(heard == [0, 8])  // the pull settled it; its observers are told once
    subscription.cancel()
  }

  @Test func anEqualResultIsCutOff() async {
    let grading = Grading()
    let parity = Computed { grading.bonus % 2 }
    var heard: [Int] = []
    let subscription = parity.subscribe { heard.append($0) }
    grading.bonus = 2
    await mainQueueTurn()
    grading.bonus = 3
    await mainQueueTurn()
    #expect(heard == [0, 1])
    subscription.cancel()
  }

  @Test func anEffectRunsOncePerChange() async {
    let grading = Grading()
    var seen: [Int] = []
    let subscription = effect { seen.append(grading.bonus) }
    grading.bonus = 1
    grading.bonus = 2  // before the turn: one run sees the last
    await mainQueueTurn()
    grading.bonus = 3
    await mainQueueTurn()
    #expect(seen == [0, 2, 3])
    subscription.cancel()
  }

  /// Glitch-free beside Rill's values: a run never mixes an old property with a new Rill value, or the reverse.
  @Test func anEffectNeverSeesAMixedValue() async {
    let grading = Grading()
    let credit = CurrentValueSubject(50)
    let total = Computed { credit.value + grading.bonus }
    var mixed = 0
    var runs = 0
    let subscription = effect {
      runs += 1
      if total.value != credit.value + grading.bonus { mixed += 1 }
    }
    for step in 1...20 {
      if step % 3 == 0 { credit.value += step } else { grading.bonus += step }
      if step % 4 == 0 { await mainQueueTurn() }
    }
    await mainQueueTurn()
    #expect(mixed == 0)
    #expect(runs > 1)
    subscription.cancel()
  }

  /// Rule 13 with Observation: a property the last run did not read is not a dependency.
  @Test func aPropertyTheLastRunDidNotReadIsNoDependency() async {
    let grading = Grading()
    var runs = 0
    let shown = Computed {
      runs += 1
      return grading.useBonus ? grading.bonus : grading.base
    }
    let subscription = shown.subscribe { _ in }
    grading.useBonus = true
    await mainQueueTurn()
    #expect(shown.value == 0 && runs == 2)
    grading.base = 99
    await mainQueueTurn()
    #expect(runs == 2)
    grading.bonus = 7
    await mainQueueTurn()
    #expect(shown.value == 7 && runs == 3)
    subscription.cancel()
  }

  /// A write from inside a propagation (an effect) is queued behind it, as a write to a subject there is: the
  /// computed that read the property is heard in the same propagation, with the value stored.
  @Test func aWriteFromAnEffectIsHeardInTheSamePropagation() {
    let grading = Grading()
    let credit = CurrentValueSubject(0)
    let total = Computed { grading.bonus + 100 }
    var seen: [Int] = []
    let reader = total.subscribe { seen.append($0) }
    let writer = effect { grading.bonus = credit.value }  // its first run writes 0: an equal result, cut off
    credit.value = 5
    #expect(seen == [100, 105])
    reader.cancel()
    writer.cancel()
  }

  /// Observation merges a nested tracking into the one around it: a first run that evaluates another computation's
  /// first run hears that one's properties too, until it runs again. It may run once more than needed; it never sees
  /// a mixed or old value.
  @Test func aNestedFirstRunMayRunTheOuterOnceMoreButNeverWrong() async {
    let grading = Grading()
    let parity = Computed { grading.bonus % 2 }
    var seen: [Int] = []
    let subscription = effect { seen.append(parity.value) }
    grading.bonus = 2  // parity is still 0
    await mainQueueTurn()
    #expect(seen.allSatisfy { $0 == 0 } && seen.count <= 2)
    grading.bonus = 4
    await mainQueueTurn()
    grading.bonus = 6
    await mainQueueTurn()
    #expect(seen.count <= 2)  // from its second run on, only its own reads count
    grading.bonus = 7
    await mainQueueTurn()
    #expect(seen.last == 1)
    subscription.cancel()
  }

  /// Inside a batch, what the change marked runs when the batch ends, after the value is stored.
  @Test func aWriteInsideABatchIsHeardAtItsEnd() {
    let grading = Grading()
    let credit = CurrentValueSubject(0)
    var seen: [Int] = []
    let subscription = effect { seen.append(credit.value + grading.bonus) }
    batch {
      grading.bonus = 3
      credit.value = 4
    }
    #expect(seen == [0, 7])
    subscription.cancel()
  }

  /// Code that runs inside the change's notice (another tracking's `onChange`) sees the value before the change, as
  /// the property itself reads there; the next turn runs the computed again, so it does not keep that value.
  @Test func aReadInsideTheNoticeIsCorrectedOnTheNextTurn() async {
    let grading = Grading()
    nonisolated(unsafe) let doubled = Computed { grading.bonus * 2 }
    _ = doubled.value
    nonisolated(unsafe) var seenInNotice: Int?
    withObservationTracking {
      _ = grading.bonus
    } onChange: {
      MainActor.assumeIsolated { seenInNotice = doubled.value }
    }
    grading.bonus = 5
    #expect(seenInNotice == 0)
    await mainQueueTurn()
    #expect(doubled.value == 10)
  }

  /// A change waiting for its turn (marked at the notice, its graph's work left for the next turn) does not hold
  /// back the report of a value watched under Observation that another graph's write changes now.
  @Test func aChangeWaitingForItsTurnDoesNotHoldBackAnotherGraphsReport() async {
    let grading = Grading()
    let waiting = Computed { grading.bonus }
    let subscription = waiting.subscribe { _ in }
    let credit = CurrentValueSubject(1)
    let doubled = Computed { credit.value * 2 }.reportingToObservation()
    let changes = ChangeCounter()
    changes.track { _ = doubled.value }
    grading.bonus = 5  // marked; what it marked waits for the next turn
    credit.value = 2  // another graph: its report is due now
    #expect(changes.count == 1)
    await mainQueueTurn()
    #expect(waiting.value == 5)
    subscription.cancel()
  }

  /// The limit of looking at first runs only: a computation whose first run read no property does not depend on the
  /// ones a later run reads. A debug build says so, once.
  @Test func aPropertyReadOnlyAfterTheFirstRunIsNoDependencyAndIsWarnedOf() {
    let grading = Grading()
    let useBonus = CurrentValueSubject(false)
    var runs = 0
    let shown = Computed {
      runs += 1
      return useBonus.value ? grading.bonus : -1
    }
    _ = shown.value
    #if DEBUG
      #expect(shown.has(ReactiveFlags.checksLateObservationReads))  // a debug build looks for a late read
    #endif
    useBonus.value = true
    #expect(shown.value == 0)
    #if DEBUG
      #expect(!shown.has(ReactiveFlags.checksLateObservationReads))  // found, warned of, and no longer looked for
    #endif
    grading.bonus = 5
    #expect(shown.value == 0 && runs == 2)  // not a dependency: the documented limit
    useBonus.value = false
    useBonus.value = true
    #expect(shown.value == 5)
    #expect(!shown.has(ReactiveFlags.readsObservation))
  }

  /// A later run that evaluates another computation for the first time, which reads properties, is not warned of:
  /// those reads are the other one's (Observation merged them into this run's tracking).
  @Test func aNestedComputationsReadsAreNotWarnedOf() {
    let grading = Grading()
    let showsTotal = CurrentValueSubject(false)
    let total = Computed { grading.bonus + 1 }
    let summary = Computed { showsTotal.value ? "total \(total.value)" : "none" }
    _ = summary.value
    showsTotal.value = true
    #expect(summary.value == "total 1")
    #if DEBUG
      #expect(summary.has(ReactiveFlags.checksLateObservationReads))  // not warned of: still looking
    #endif
    grading.bonus = 4
    #expect(summary.value == "total 5")
  }

  /// Each run ends the tracking the last one started: a computed run many times by Rill's values leaves one
  /// registration, so a change of the property is heard by one tracking, not by one per run (memory stays flat).
  @Test func runsEndTheirLastTracking() async {
    let grading = Grading()
    let credit = CurrentValueSubject(0)
    let total = Computed { credit.value + grading.bonus }
    let subscription = total.subscribe { _ in }
    for value in 1...500 { credit.value = value }
    let input = try! #require(ObservationInput.of(total))
    let before = input.noticesInDomain
    grading.bonus = 1
    #expect(input.noticesInDomain - before <= 2)  // this run's tracking, and the first run's (which reads no key)
    await mainQueueTurn()
    #expect(total.value == 501)
    subscription.cancel()
  }

  /// A write on another thread to a property a main-actor computation read is heard on the main queue's next turn,
  /// and again 10 ms later: the notice comes before that thread stores the value, so the first may see the old one.
  @Test func aWriteOnAnotherThreadIsHeardOnTheMainQueue() async throws {
    let grading = SharedGrading()
    var seen: [Int] = []
    let subscription = effect { seen.append(grading.bonus) }
    await Task.detached { grading.bonus = 9 }.value
    for _ in 0..<100 where seen.last != 9 { try await Task.sleep(for: .milliseconds(10)) }
    try await Task.sleep(for: .milliseconds(20))  // the second write, whose run (if any) cuts nothing off: effects run
    #expect(seen.first == 0 && seen.last == 9 && seen.count <= 3, "\(seen)")
    subscription.cancel()
  }

  /// Freed while its tracking waits: the input goes with it, and a later change reaches nothing.
  @Test func aComputedFreedWhileTrackedLeavesNothing() async {
    let grading = Grading()
    weak var gone: Computed<Int>?
    weak var input: ObservationInput?
    do {
      let total = Computed { grading.bonus + 1 }
      _ = total.value
      input = ObservationInput.of(total)
      #expect(input != nil)
      gone = total
    }
    #expect(gone == nil)
    #expect(input == nil)
    grading.bonus = 3
    await mainQueueTurn()
  }

  /// A computed freed on another thread while tracked (rule 8): its input goes there, and nothing crashes after.
  @Test func aComputedFreedOnAnotherThreadLeavesNothing() async {
    let grading = Grading()
    nonisolated(unsafe) var total: Computed<Int>? = Computed { grading.bonus + 1 }
    _ = total!.value
    weak let input = ObservationInput.of(total!)
    #expect(input != nil)
    await Task.detached { total = nil }.value
    #expect(input == nil)
    grading.bonus = 3
    await mainQueueTurn()
  }
}

/// A computation whose domain is a thread (not the main queue): marked at the notice, run by the graph's next
/// propagation.
@Suite(.freesEverything) struct ObservationInputsOnAThreadTests {
  @Test func aPullAfterTheWriteIsNewAndTheNextPropagationRunsTheRest() {
    let grading = LocalGrading()
    let credit = CurrentValueSubject(0)
    let total = Computed { grading.bonus * 10 }
    var seen: [Int] = []
    let subscription = effect { seen.append(total.value + credit.value) }
    grading.bonus = 2
    #expect(total.value == 20)
    credit.value = 1  // the graph's next propagation runs what the notice marked, with it
    #expect(seen == [0, 21])
    subscription.cancel()
  }
}
