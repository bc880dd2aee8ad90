import Testing

@testable import Rill

/// An effect is made with no graph: it takes one in its first run, at its first link (the graph of what it read, or
/// one it makes for both when that had none) or for a write it makes before reading, and that graph runs a
/// propagation until the run ends, as a graph of the effect's own did.
@Suite(.freesEverything) struct EffectGraphTests {
  /// An effect that reads nothing has no graph at all (it had one of its own, for good).
  @Test func anEffectThatReadsNothingHasNoGraph() {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      var runs = 0
      let subscription = effect { runs += 1 }
      #expect(runs == 1)
      #expect(scope.counts.signals == 1 && scope.counts.graphs == 0)
      withExtendedLifetime(subscription) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// An effect reading a value takes that value's graph: one graph for both, and none made for the effect.
  @Test func anEffectTakesTheGraphOfWhatItReads() {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let source = CurrentValueSubject(1)
      var seen: [Int] = []
      let subscription = effect { seen.append(source.value) }
      #expect(scope.counts.graphs == 1)
      source.value = 2
      #expect(seen == [1, 2])
      withExtendedLifetime(subscription) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// A write the first run makes before reading anything is queued behind the run (rule 14), in a graph made for it:
  /// what it writes reaches the other effect after the run's last line.
  @Test func aWriteBeforeAnyReadWaitsForTheEndOfTheFirstRun() {
    let mirror = CurrentValueSubject(0)
    let source = CurrentValueSubject(7)
    var log: [String] = []
    let watch = effect { log.append("mirror \(mirror.value)") }
    let writer = effect {
      log.append("start")
      mirror.value = 1
      log.append("source \(source.value)")
    }
    #expect(log == ["mirror 0", "start", "source 7", "mirror 1"])
    withExtendedLifetime((watch, writer)) {}
  }

  /// The first read is a chain of computeds nothing observed, none with a graph yet: the graph the effect makes at its
  /// first link and the head's become one — a write to the head runs the effect once, after the chain, with
  /// consistent values (rule 11).
  @Test(arguments: [1, 2, 5])
  func anEffectWhoseFirstReadIsAnUnobservedChainJoinsTheHeadsGraph(depth: Int) {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let head = CurrentValueSubject(1)
      var chain = [Computed { head.value * 2 }]
      for _ in 1..<depth {
        let above = chain[chain.count - 1]
        chain.append(Computed { above.value + 1 })
      }
      let last = chain[chain.count - 1]
      var seen: [String] = []
      let subscription = effect { seen.append("\(last.value) \(head.value)") }
      #expect(scope.counts.graphs == 1)
      head.value = 5
      #expect(seen == ["\(2 + depth - 1) 1", "\(10 + depth - 1) 5"])
      withExtendedLifetime((chain, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// An effect whose first read is a computed nothing observed, with no graph yet either, makes the graph they share
  /// (one, not one each).
  @Test func anEffectReadingAComputedWithNoGraphMakesOneForBoth() {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let constant = Computed { 42 }
      var seen: [Int] = []
      let subscription = effect { seen.append(constant.value) }
      #expect(seen == [42])
      #expect(scope.counts.graphs == 1)
      withExtendedLifetime((constant, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// An effect made inside another's run, in a draining graph, writing to what the other reads: its write waits
  /// for the end of the propagation, and the other runs once more after it.
  @Test func anEffectMadeInsideAnotherRunQueuesItsFirstWrite() {
    let count = CurrentValueSubject(0)
    var log: [String] = []
    var inner: Subscription?
    let outer = effect {
      let value = count.value
      log.append("outer \(value)")
      if value == 1 && inner == nil {
        inner = effect {
          let value = count.value
          log.append("inner \(value)")
          if value < 10 {
            count.value = 10
            log.append("inner wrote")
          }
        }
      }
    }
    count.value = 1
    #expect(log == ["outer 0", "outer 1", "inner 1", "inner wrote", "outer 10", "inner 10"])
    withExtendedLifetime((outer, inner)) {}
  }
}
