import Foundation
import Testing

@testable import Rill

/// A subject, a computed and a computed's signal get a graph when something needs one (issue 31, step 1): a subject
/// nobody used and an unobserved computed cost no graph (344 bytes each before), and everything works the same once
/// one is made.
@Suite struct GraphOnFirstUseTests {
  /// Counts the graphs `body` makes that are still alive when it returns.
  private func graphsMade(by body: () -> Void) -> Int {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) { body() }
    return scope.counts.graphs
  }

  @Test func aSubjectNobodyUsedHasNoGraph() {
    var kept: [AnyObject] = []
    let made = graphsMade {
      kept.append(Subject<Int>())
      kept.append(CurrentValueSubject(0))
    }
    #expect(made == 0)
    withExtendedLifetime(kept) {}
  }

  @Test(arguments: [1, 100])
  func unobservedComputedsReadOftenMakeNoGraph(levels: Int) {
    let source = CurrentValueSubject(1)
    _ = Computed { source.value }.value  // the subject, read by a computation, takes its graph: made here
    var top: Computed<Int>?
    let made = graphsMade {
      var level = Computed { source.value }
      for _ in 1..<levels { level = Computed { [level] in level.value &+ 1 } }
      #expect(level.value == levels)
      source.value = 2
      #expect(level.value == levels + 1)
      top = level
    }
    #expect(made == 0)
    withExtendedLifetime(top) {}
  }

  /// A computed first read unobserved, then observed by an effect, takes the graph of what it joins: its values
  /// and the effect's runs are those of a computed that had a graph all along.
  @Test func aComputedObservedAfterItsFirstReadJoinsTheGraphOfWhatReadsIt() {
    let source = CurrentValueSubject(1)
    let doubled = Computed { source.value * 2 }
    #expect(doubled.value == 2)
    var seen: [Int] = []
    let subscription = effect { seen.append(doubled.value) }
    source.value = 5
    batch {
      source.value = 6
      source.value = 7
    }
    #expect(seen == [2, 10, 14])
    subscription.cancel()
  }

  /// A computed subscribed first, linked to what it read after: it joins that graph, so a write propagates once,
  /// glitch-free, beside an operator pipeline on the same subject.
  @Test func aComputedsSignalAndNodeShareTheGraphMadeAtSubscribe() {
    let source = CurrentValueSubject(1)
    let doubled = Computed { source.value * 2 }
    let joined = combine(doubled, source.map { $0 + 1 })
    var seen: [String] = []
    let subscription = joined.subscribe { seen.append("\($0.0)/\($0.1)") }
    source.value = 3
    #expect(seen == ["2/2", "6/4"])
    subscription.cancel()
  }

  /// A send to a subject with no graph and no observer, then a subscriber: the send needed a graph, the
  /// subscriber gets the value sent.
  @Test func aSendToASubjectWithNoGraphGivesItOne() {
    let subject = CurrentValueSubject(0)
    subject.value = 4
    var seen: [Int] = []
    let subscription = subject.subscribe { seen.append($0) }
    subject.value = 5
    #expect(seen == [4, 5])
    subscription.cancel()
  }

  /// Every thread's subjects and computeds start from the one shared placeholder, which nothing writes: graphs
  /// built and used on eight threads at once stay apart (the thread sanitizer's run checks the sharing).
  @Test func threadsBuildingGraphsAtOnceShareOnlyThePlaceholder() {
    let results = LockedState<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      let source = CurrentValueSubject(thread)
      let chain = Computed { source.value * 10 }
      let top = Computed { chain.value + 1 }
      var last = top.value
      let subscription = effect { last = top.value }
      for value in 0..<100 { source.value = value + thread }
      subscription.cancel()
      results.withLock { $0.append(last) }
    }
    let expected: [Int] = (0..<8).map { thread in (thread + 99) * 10 + 1 }
    let finals: [Int] = results.withLock { $0.sorted() }
    #expect(finals == expected)
  }
}
