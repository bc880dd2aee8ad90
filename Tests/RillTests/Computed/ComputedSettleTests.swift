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

  /// A chain of computeds that only computeds and effects read settles down the chain without the queue, each once
  /// per change, and the effect at its end sees the last value.
  @Test func aChainSettlesOnceAPerLevelAndItsEffectSeesTheEnd() {
    let source = CurrentValueSubject(0)
    var evaluations = 0
    var level = Computed { source.value &+ 1 }
    for _ in 1..<20 {
      let above = level
      level = Computed {
        evaluations += 1
        return above.value &+ 1
      }
    }
    let end = level
    var seen: [Int] = []
    let subscription = effect { seen.append(end.value) }
    evaluations = 0
    source.value = 1
    source.value = 2
    #expect(seen == [20, 21, 22])
    #expect(evaluations == 38)
    withExtendedLifetime(subscription) {}
  }

  /// A settle runs the sole consumer of its chain next only when nothing else waits: a join of the consumer's rank,
  /// scheduled before the consumer was (by the source's delivery), settles first, as the rank order says (rule 6).
  @Test func aChainWaitsForASettleOfItsRankThatCameFirst() {
    let source = CurrentValueSubject(0)
    var order: [String] = []
    let first = Computed {
      order.append("first")
      return source.value &+ 1
    }
    let second = Computed {
      order.append("second")
      return first.value &+ 1
    }
    let end = effect { _ = second.value }
    // Fed twice by the source, the join settles after the delivery, at rank 2, as `second` does.
    let join = combine(source.map { $0 }, source.map { $0 &+ 1 }).subscribe { _ in order.append("join") }
    order = []
    source.value = 1
    #expect(order == ["first", "join", "second"])
    withExtendedLifetime((end, join)) {}
  }

  /// A computed with observers of its own tells them at its settle, before its consumer settles: a write one of them
  /// makes is queued behind the propagation (rule 5), so the consumer sees it in a propagation of its own.
  @Test func aChainStopsAtAComputedWithObservers() {
    let source = CurrentValueSubject(0)
    let echo = CurrentValueSubject(0)
    var order: [String] = []
    let first = Computed { source.value &+ 1 }
    let told = first.subscribe { value in
      order.append("told \(value)")
      echo.value = value
    }
    let second = Computed {
      order.append("second")
      return first.value &+ echo.value
    }
    let end = effect { order.append("effect \(second.value)") }
    order = []
    source.value = 1
    #expect(order == ["told 2", "second", "effect 3", "second", "effect 4"])
    withExtendedLifetime((told, end)) {}
  }
}
