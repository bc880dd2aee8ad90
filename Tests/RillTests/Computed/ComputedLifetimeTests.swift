import Rill
import Testing

/// Rule 10's lifetime half, and rule 7 for computeds: an unobserved computed holds no edge from what it read, so a
/// long-lived source never keeps it alive; an observed one lives while observed.
@Suite(.freesEverything) struct ComputedLifetimeTests {
  @Test func anUnobservedComputedIsFreedWithItsLastReferenceThoughItsSourceLives() {
    let source = CurrentValueSubject(1)
    weak var weakComputed: Computed<Int>?
    do {
      let doubled = Computed { source.value * 2 }
      weakComputed = doubled
      #expect(doubled.value == 2)
    }
    #expect(weakComputed == nil)
    source.value = 2
  }

  @Test func aComputedOnceObservedIsFreedAfterItsLastObserverLeaves() {
    let source = CurrentValueSubject(1)
    weak var weakComputed: Computed<Int>?
    do {
      let doubled = Computed { source.value * 2 }
      weakComputed = doubled
      let subscription = doubled.subscribe { _ in }
      let runs = effect { _ = doubled.value }
      subscription.cancel()
      runs.cancel()
    }
    #expect(weakComputed == nil)
  }

  @Test func aSubscriptionKeepsItsComputedAliveAndWorking() {
    let source = CurrentValueSubject(1)
    var heard: [Int] = []
    let subscription = Computed { source.value * 2 }.subscribe { heard.append($0) }
    source.value = 2
    #expect(heard == [2, 4])
    subscription.cancel()
  }

  @Test func anEffectKeepsWhatItReadsAliveAndWorking() {
    let source = CurrentValueSubject(1)
    var seen: [Int] = []
    let subscription = effect { seen.append(Computed { source.value + 1 }.value) }
    source.value = 5
    #expect(seen == [2, 6])
    subscription.cancel()
  }

  @Test func aComputedReadOnlyByAnotherComputedLivesWhileThatOneIsObserved() {
    let source = CurrentValueSubject(1)
    weak var weakInner: Computed<Int>?
    let outer: Computed<Int>
    do {
      let inner = Computed { source.value * 10 }
      weakInner = inner
      outer = Computed { inner.value + 1 }
    }
    var heard: [Int] = []
    let subscription = outer.subscribe { heard.append($0) }
    #expect(weakInner != nil)  // outer's closure holds it
    source.value = 2
    #expect(heard == [11, 21])
    subscription.cancel()
  }

  @Test func anObservedChainUnlinksWhenItsLastObserverLeaves() {
    let source = CurrentValueSubject(0)
    var runs = 0
    let a = Computed {
      runs += 1
      return source.value + 1
    }
    let b = Computed { a.value + 1 }
    let subscription = b.subscribe { _ in }
    source.value = 1
    #expect(runs == 2)
    subscription.cancel()
    source.value = 2
    source.value = 3
    #expect(runs == 2)  // unobserved again: nothing is pushed
    #expect(b.value == 5)
    #expect(runs == 3)
  }

  /// What a computed's closure holds goes with the computed, at once: freed on its own (its `deinit` lets the closure
  /// go as the first step of the release loop), and freed by the free of another (the closure is handed over to the
  /// loop that runs).
  @Test(arguments: [false, true])
  func whatItsClosureHoldsIsFreedWithIt(freedByAnother: Bool) {
    final class Held {
      let number = 1
    }
    weak var weakHeld: Held?
    weak var weakInner: Computed<Int>?
    var outer: Computed<Int>?
    do {
      let held = Held()
      weakHeld = held
      let inner = Computed { held.number }
      weakInner = inner
      #expect(inner.value == 1)
      if freedByAnother {
        let top = Computed { inner.value + 1 }
        #expect(top.value == 2)
        outer = top
      }
    }
    #expect(weakInner == nil || freedByAnother)
    #expect(weakHeld == nil || freedByAnother)
    outer = nil
    #expect(weakInner == nil)
    #expect(weakHeld == nil)
    _ = outer
  }
}
