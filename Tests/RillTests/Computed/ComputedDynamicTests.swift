import Rill
import TestSupport
import Testing

/// Rule 13: a computation depends on exactly what its last run read; re-reading the same values in the same order
/// allocates nothing.
@Suite(.freesEverything) struct ComputedDynamicTests {
  @Test func aSourceNoLongerReadTriggersNothing() {
    let showDetails = CurrentValueSubject(true)
    let details = CurrentValueSubject("details")
    let summary = CurrentValueSubject("summary")
    var runs = 0
    let shown = Computed {
      runs += 1
      return showDetails.value ? details.value : summary.value
    }
    var heard: [String] = []
    let subscription = shown.subscribe { heard.append($0) }
    summary.value = "summary 2"  // not read: nothing runs
    #expect(runs == 1)
    showDetails.value = false
    #expect(heard == ["details", "summary 2"])
    details.value = "details 2"  // no longer read
    #expect(runs == 2)
    summary.value = "summary 3"
    #expect(heard == ["details", "summary 2", "summary 3"])
    #expect(runs == 3)
    withExtendedLifetime(subscription) {}
  }

  @Test func anEffectFollowsTheBranchItReads() {
    let flag = CurrentValueSubject(true)
    let left = CurrentValueSubject(1)
    let right = CurrentValueSubject(10)
    var seen: [Int] = []
    let subscription = effect { seen.append(flag.value ? left.value : right.value) }
    right.value = 11
    left.value = 2
    flag.value = false
    left.value = 3
    right.value = 12
    #expect(seen == [1, 2, 11, 12])
    withExtendedLifetime(subscription) {}
  }

  @Test func readsInAnotherOrderStillTrackEverything() {
    let a = CurrentValueSubject(1)
    let b = CurrentValueSubject(2)
    let c = CurrentValueSubject(3)
    let order = CurrentValueSubject(0)
    let sum = Computed {
      switch order.value {
      case 0: return a.value * 100 + b.value * 10 + c.value
      case 1: return c.value + b.value * 10 + a.value * 100
      default: return b.value * 10 + a.value * 100 + c.value
      }
    }
    var heard: [Int] = []
    let subscription = sum.subscribe { heard.append($0) }
    for step in 1...6 {
      order.value = step % 3
      a.value += 1
      b.value += 1
      c.value += 1
    }
    #expect(heard.last == 789)
    #expect(sum.value == 789)
    withExtendedLifetime(subscription) {}
  }

  @Test func aValueReadTwiceIsOneDependency() {
    let source = CurrentValueSubject(1)
    let other = CurrentValueSubject(0)
    var runs = 0
    let twice = Computed {
      runs += 1
      return source.value + other.value + source.value
    }
    let subscription = twice.subscribe { _ in }
    source.value = 2
    #expect(runs == 2)
    #expect(twice.value == 4)
    withExtendedLifetime(subscription) {}
  }

  @Test(.allocationsCounted) func reTrackingTheSameReadsAllocatesNothing() {
    let head = CurrentValueSubject(0)
    let double = Computed { head.value * 2 }
    let inverse = Computed { -head.value }
    let current = Computed {
      var total = 0
      for _ in 0..<20 { total += head.value % 2 == 1 ? double.value : inverse.value }
      return total
    }
    var sink = 0
    let subscription = effect { sink &+= current.value }
    for value in 0..<100 { head.value = value }  // warm: every array has its capacity
    let count = allocations {
      for value in 100..<1_100 { head.value = value }
    }
    #expect(count == 0)
    let expected = 20 * 1_099 * 2
    #expect(current.value == expected)
    withExtendedLifetime(subscription) {}
  }

  /// A computed read for the first time inside another's run evaluates nested in it: what it reads is its own
  /// dependency, not the outer one's, even a value of the outer one's graph.
  @Test func aNestedFirstEvaluationTracksItsOwnReads() {
    let source = CurrentValueSubject(1)
    let useTens = CurrentValueSubject(false)
    let tens = Computed { source.value * 10 }
    var outerRuns = 0
    let shown = Computed {
      outerRuns += 1
      return useTens.value ? tens.value : source.value
    }
    var heard: [Int] = []
    let subscription = shown.subscribe { heard.append($0) }
    useTens.value = true  // `shown` settles, reads `tens` for the first time: `tens` reads `source` nested
    source.value = 2
    #expect(heard == [1, 10, 20])
    #expect(outerRuns == 3)
    withExtendedLifetime(subscription) {}
  }

  /// Inside `untracked`, a computed evaluated for the first time still tracks its own reads.
  @Test func aComputedEvaluatedInsideUntrackedTracksItsOwnReads() {
    let source = CurrentValueSubject(1)
    let trigger = CurrentValueSubject(0)
    let doubled = Computed { source.value * 2 }
    var seen: [Int] = []
    let subscription = effect {
      _ = trigger.value
      seen.append(untracked { doubled.value })
    }
    source.value = 5  // not a dependency of the effect
    #expect(seen == [2])
    trigger.value = 1
    #expect(seen == [2, 10])
    withExtendedLifetime(subscription) {}
  }

  /// A value read inside `untracked` is no dependency, whether the run reads it tracked before or after: a run that
  /// records no reads has stamp 0, so a read there neither records nor counts as the run's read of it.
  @Test(arguments: [false, true])
  func anUntrackedReadBeforeOrAfterATrackedOneChangesNothing(untrackedFirst: Bool) {
    let tracked = CurrentValueSubject(1)
    let other = CurrentValueSubject(10)
    var runs = 0
    let sum = Computed {
      runs += 1
      if untrackedFirst { return untracked { other.value + tracked.value } + tracked.value }
      return tracked.value + untracked { tracked.value + other.value }
    }
    let subscription = sum.subscribe { _ in }
    other.value = 20
    #expect(runs == 1)
    tracked.value = 2
    #expect(runs == 2 && sum.value == 24)
    withExtendedLifetime(subscription) {}
  }
}

/// Rule 9 for computeds: a steady-state write through observed computeds allocates nothing.
@Suite(.freesEverything) struct ComputedCostTests {
  @Test(.allocationsCounted, arguments: [1, 10, 100])
  func aWriteThroughSubscribedComputedsAllocatesNothing(count: Int) {
    let head = CurrentValueSubject(-1)
    var sink = 0
    let nodes = (0..<count).map { offset in Computed { head.value &+ offset } }
    let subscriptions = nodes.map { node in node.subscribe { sink &+= $0 } }
    for value in 0..<10 { head.value = value }
    let allocated = allocations {
      for value in 10..<110 { head.value = value }
    }
    #expect(allocated == 0)
    #expect(sink != 0)
    withExtendedLifetime(subscriptions) {}
  }

  @Test(.allocationsCounted, arguments: [1, 10, 100])
  func aWriteThroughEffectsAllocatesNothing(count: Int) {
    let head = CurrentValueSubject(-1)
    var sink = 0
    let nodes = (0..<count).map { offset in Computed { head.value &+ offset } }
    let subscriptions = nodes.map { node in effect { sink &+= node.value } }
    for value in 0..<10 { head.value = value }
    let allocated = allocations {
      for value in 10..<110 { head.value = value }
    }
    #expect(allocated == 0)
    #expect(sink != 0)
    withExtendedLifetime(subscriptions) {}
  }
}
