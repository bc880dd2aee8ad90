import Testing

@testable import Rill

/// A computed's settle: one per change, which re-evaluates it and tells its observers.
@Suite(.freesEverything) struct ComputedSettleTests {
  /// The settle that re-evaluates a computed tells its observers itself: it does not schedule a second settle of the
  /// same node for them (one settle per node per propagation, a cost the fan-out benchmark measures).
  @Test func aSettleTellsItsObserversWithoutSchedulingItselfAgain() {
    let source = CurrentValueSubject(0)
    let doubled = Computed { source.value &* 2 }
    var scheduledWhileTelling: [Bool] = []
    let subscription = doubled.subscribe { _ in
      scheduledWhileTelling.append(doubled.has(ReactiveFlags.isScheduled))
    }
    source.value = 1
    source.value = 2
    #expect(scheduledWhileTelling == [false, false, false])
    withExtendedLifetime(subscription) {}
  }

  /// Re-evaluated by a read before its turn (pulled), it still tells its observers at its settle, once.
  @Test func aComputedPulledBeforeItsTurnTellsItsObserversOnceAtItsSettle() {
    let source = CurrentValueSubject(0)
    let doubled = Computed { source.value &* 2 }
    var heard: [Int] = []
    let early = source.subscribe { _ in _ = doubled.value }  // reads it before its settle
    let subscription = doubled.subscribe { heard.append($0) }
    source.value = 1
    source.value = 2
    #expect(heard == [0, 2, 4])
    withExtendedLifetime((early, subscription)) {}
  }
}
