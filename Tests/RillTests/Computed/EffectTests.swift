import Rill
import Testing

/// Rule 14: an effect runs once at creation, then once after each propagation (or outermost batch) that changed
/// what it read, in creation order; a write from an effect is queued (rule 5); cancelling stops it (rule 3).
@Suite(.freesEverything) struct EffectTests {
  @Test func runsOncePerPropagationWhateverItRead() {
    let source = CurrentValueSubject(1)
    let a = Computed { source.value + 1 }
    let b = Computed { source.value * 2 }
    var runs: [String] = []
    let subscription = effect { runs.append("\(source.value) \(a.value) \(b.value)") }
    source.value = 2
    #expect(runs == ["1 2 2", "2 3 4"])
    withExtendedLifetime(subscription) {}
  }

  @Test func aBatchRunsItOnceWithEveryNewValue() {
    let width = CurrentValueSubject(1)
    let height = CurrentValueSubject(1)
    let area = Computed { width.value * height.value }
    var runs: [Int] = []
    let subscription = effect { runs.append(area.value) }
    batch {
      width.value = 2
      height.value = 3
      #expect(runs == [1])
      #expect(area.value == 6)  // a read inside the batch sees the new values
    }
    #expect(runs == [1, 6])
    withExtendedLifetime(subscription) {}
  }

  @Test func aBatchThatChangesNothingItReadsRunsNothing() {
    let source = CurrentValueSubject(3)
    let parity = Computed { source.value % 2 }
    var runs = 0
    let subscription = effect {
      _ = parity.value
      runs += 1
    }
    batch {
      source.value = 5
      source.value = 7
    }
    #expect(runs == 1)
    withExtendedLifetime(subscription) {}
  }

  @Test func effectsOfOnePropagationRunInCreationOrder() {
    let source = CurrentValueSubject(0)
    let deep = Computed { Computed { source.value + 1 }.value + 1 }
    var order: [String] = []
    let first = effect { order.append("first \(deep.value)") }
    let second = effect { order.append("second \(source.value)") }
    let third = effect { order.append("third \(deep.value)") }
    order = []
    source.value = 1
    #expect(order == ["first 3", "second 1", "third 3"])
    withExtendedLifetime((first, second, third)) {}
  }

  @Test func effectsRunAfterSubscribersOfThePropagation() {
    let source = CurrentValueSubject(0)
    let doubled = Computed { source.value * 2 }
    var log: [String] = []
    let runs = effect { log.append("effect \(doubled.value)") }
    let subscription = doubled.subscribe { log.append("subscriber \($0)") }
    log = []
    source.value = 1
    #expect(log == ["subscriber 2", "effect 2"])
    withExtendedLifetime((runs, subscription)) {}
  }

  @Test func aWriteFromAnEffectIsQueuedBehindThePropagation() {
    let source = CurrentValueSubject(0)
    let mirror = CurrentValueSubject(0)
    var log: [String] = []
    let copy = effect {
      let value = source.value
      log.append("copy \(value)")
      mirror.value = value * 10
      log.append("copied \(value)")
    }
    let watch = effect { log.append("mirror \(mirror.value)") }
    log = []
    source.value = 1
    #expect(log == ["copy 1", "copied 1", "mirror 10"])
    withExtendedLifetime((copy, watch)) {}
  }

  @Test func aWriteToWhatItReadsRunsItAgainAfterThePropagation() {
    let count = CurrentValueSubject(0)
    var runs: [Int] = []
    let subscription = effect {
      let value = count.value
      runs.append(value)
      if value < 3 { count.value = value + 1 }
    }
    #expect(runs == [0, 1, 2, 3])
    #expect(count.value == 3)
    withExtendedLifetime(subscription) {}
  }

  @Test func cancelStopsItForGoodAndFreesWhatItHolds() {
    let source = CurrentValueSubject(0)
    final class Held {}
    weak var weakHeld: Held?
    var runs = 0
    var subscription: Subscription?
    do {
      let held = Held()
      weakHeld = held
      subscription = effect {
        _ = source.value
        withExtendedLifetime(held) { runs += 1 }
      }
    }
    #expect(weakHeld != nil)
    subscription?.cancel()
    #expect(weakHeld == nil)
    source.value = 1
    #expect(runs == 1)
    subscription = nil
  }

  @Test func droppingTheSubscriptionStopsIt() {
    let source = CurrentValueSubject(0)
    var runs = 0
    var subscription: Subscription? = effect {
      _ = source.value
      runs += 1
    }
    source.value = 1
    subscription = nil
    source.value = 2
    #expect(runs == 2)
    #expect(subscription == nil)
  }

  @Test func anEffectCancelledByAnEarlierOneInThePropagationDoesNotRun() {
    let source = CurrentValueSubject(0)
    var log: [String] = []
    var second: Subscription?
    let first = effect {
      log.append("first \(source.value)")
      if source.value == 1 { second?.cancel() }
    }
    second = effect { log.append("second \(source.value)") }
    source.value = 1
    source.value = 2
    #expect(log == ["first 0", "second 0", "first 1", "first 2"])
    withExtendedLifetime(first) {}
  }

  @Test func anEffectCancellingItselfWhileRunningStopsAfterThatRun() {
    let source = CurrentValueSubject(0)
    var runs: [Int] = []
    var subscription: Subscription?
    subscription = effect {
      runs.append(source.value)
      if source.value == 1 { subscription?.cancel() }
    }
    source.value = 1
    source.value = 2
    #expect(runs == [0, 1])
    subscription = nil
  }

  /// Freed while it waits in the propagation's effects (which hold it unretained), it keeps itself until its turn,
  /// then goes without running.
  @Test func anEffectFreedByAnEarlierOneInThePropagationIsFreedAtItsTurn() {
    let source = CurrentValueSubject(0)
    final class Held {}
    weak var weakHeld: Held?
    var log: [String] = []
    var second: Subscription?
    let first = effect {
      log.append("first \(source.value)")
      if source.value == 1 { second = nil }
    }
    do {
      let held = Held()
      weakHeld = held
      second = effect { withExtendedLifetime(held) { log.append("second \(source.value)") } }
    }
    source.value = 1
    #expect(weakHeld == nil)
    source.value = 2
    #expect(log == ["first 0", "second 0", "first 1", "first 2"])
    #expect(second == nil)
    withExtendedLifetime(first) {}
  }

  /// Freed from inside its own run, it finishes that run, then lets go of its closure and itself.
  @Test func anEffectFreeingItsOwnSubscriptionWhileRunningFinishesThatRunAndGoes() {
    let source = CurrentValueSubject(0)
    final class Held {}
    weak var weakHeld: Held?
    var runs: [Int] = []
    var subscription: Subscription?
    do {
      let held = Held()
      weakHeld = held
      subscription = effect {
        withExtendedLifetime(held) {
          runs.append(source.value)
          if source.value == 1 { subscription = nil }
          runs.append(-source.value)  // the run goes on after its subscription is freed
        }
      }
    }
    source.value = 1
    #expect(weakHeld == nil)
    source.value = 2
    #expect(runs == [0, 0, 1, -1])
    #expect(subscription == nil)
  }

  @Test func untrackedReadsAreNoDependency() {
    let price = CurrentValueSubject(2)
    let quantity = CurrentValueSubject(3)
    var totals: [Int] = []
    let subscription = effect { totals.append(price.value * untracked { quantity.value }) }
    quantity.value = 4
    #expect(totals == [6])
    price.value = 5
    #expect(totals == [6, 20])
    withExtendedLifetime(subscription) {}
  }
}
