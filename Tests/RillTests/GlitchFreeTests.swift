import Rill
import Testing

/// Rule 6: within one propagation a combined signal emits at most once, after all of its sources
/// have settled.
@Suite(.freesEverything) struct GlitchFreeTests {
  @Test func diamondEmitsOneConsistentTuplePerSend() {
    let source = Subject<Int>()
    let tens = source.map { $0 * 10 }
    let ones = source.map { $0 + 1 }
    var log: [String] = []
    let subscription = combine(tens, ones).subscribe { log.append("\($0)") }
    for value in 1...3 { source.send(value) }
    #expect(log == ["(10, 2)", "(20, 3)", "(30, 4)"])
    withExtendedLifetime(subscription) {}
  }

  @Test func diamondOverACurrentValueSubjectIncludingTheSourceItself() {
    let source = CurrentValueSubject(1)
    let tens = source.map { $0 * 10 }
    let ones = source.map { $0 + 1 }
    var log: [String] = []
    let subscription = combine(tens, ones, source).subscribe { log.append("\($0)") }
    source.value = 2
    source.value = 3
    #expect(log == ["(10, 2, 1)", "(20, 3, 2)", "(30, 4, 3)"])
    withExtendedLifetime(subscription) {}
  }

  @Test func unevenDiamondWaitsForTheDeeperBranch() {
    let source = CurrentValueSubject(1)
    let shallow = source.map { $0 }
    let deep = source.map { $0 * 2 }.map { $0 * 3 }.filter { _ in true }.map { $0 + 0 }
    var log: [String] = []
    let subscription = combine(shallow, deep).subscribe { log.append("\($0)") }
    source.value = 2
    #expect(log == ["(1, 6)", "(2, 12)"])
    withExtendedLifetime(subscription) {}
  }

  @Test func combineOfCombinesEmitsOncePerSend() {
    let source = CurrentValueSubject(1)
    let inner1 = combine(source.map { $0 * 10 }, source)
    let inner2 = combine(source, source.map { -$0 })
    var log: [String] = []
    let subscription = combine(inner1, inner2, source).subscribe { log.append("\($0)") }
    source.value = 2
    #expect(log == ["((10, 1), (1, -1), 1)", "((20, 2), (2, -2), 2)"])
    withExtendedLifetime(subscription) {}
  }

  @Test func observerOfACombineSeesNoMixedTupleWhileOtherObserversRun() {
    let source = Subject<Int>()
    var log: [String] = []
    let early = source.subscribe { log.append("s\($0)") }
    let combined = combine(source.map { $0 }, source.map { $0 * $0 })
    let subscription = combined.subscribe { log.append("c\($0)") }
    let late = source.subscribe { log.append("t\($0)") }
    source.send(2)
    source.send(3)
    #expect(log == ["s2", "t2", "c(2, 4)", "s3", "t3", "c(3, 9)"])
    withExtendedLifetime((early, subscription, late)) {}
  }

  @Test func sendQueuedFromACombineObserverGetsItsOwnTuple() {
    let source = Subject<Int>()
    let combined = combine(source.map { $0 }, source.map { $0 * 2 })
    var log: [String] = []
    let subscription = combined.subscribe { pair in
      log.append("\(pair)")
      if pair.0 == 1 { source.send(2) }
    }
    source.send(1)
    #expect(log == ["(1, 2)", "(2, 4)"])
    withExtendedLifetime(subscription) {}
  }
}
