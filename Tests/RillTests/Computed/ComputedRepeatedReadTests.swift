import Testing

@testable import Rill

/// A read of a value the running computation has read already is answered by one compare of stamps (the node's
/// and the run's), without checking that the node is up to date: it was when first read, and nothing is written while
/// a computation runs. These pin where that shortcut must not be taken.
@Suite(.freesEverything) struct ComputedRepeatedReadTests {
  /// A read made in a drain while no run records reads (a subscriber of a computed settling) checks the node as
  /// usual, even when the node was never read by a run: "no run" is no node's stamp.
  @Test func aReadOutsideAnyRunInADrainStillPulls() {
    let source = CurrentValueSubject(1)
    let tens = Computed { source.value * 10 }
    let deeper = Computed { tens.value + 0 }  // settles after `early`: a rank below
    let deeperSubscription = deeper.subscribe { _ in }  // observed, read by no run
    let early = Computed { source.value + 1 }
    var seen: [Int] = []
    let earlySubscription = early.subscribe { _ in seen.append(deeper.value) }
    source.value = 2
    source.value = 3
    #expect(seen == [10, 20, 30])
    withExtendedLifetime((deeperSubscription, earlySubscription)) {}
  }

  /// A value read many times in a run is recorded once, and each run of a computed whose reads change between
  /// runs sees the values of now.
  @Test func repeatedReadsAreOneDependencyAndSeeTheCurrentValue() {
    let source = CurrentValueSubject(1)
    let double = Computed { source.value * 2 }
    let inverse = Computed { -source.value }
    var runs = 0
    let current = Computed {
      runs += 1
      var total = 0
      for _ in 0..<5 { total += source.value % 2 == 1 ? double.value : inverse.value }
      return total
    }
    var seen: [Int] = []
    let subscription = current.subscribe { seen.append($0) }
    source.value = 2
    source.value = 3
    #expect(seen == [10, -10, 30])
    #expect(runs == 3)
    // What the last run read: the source and `double` (a nested run of `double`, pulled inside it, took the source's
    // stamp in between, so the source may be there twice; never `inverse`).
    let read = Set((0..<current.dependencies.count).map { current.dependencies[$0].source.toOpaque() })
    #expect(read == [Unmanaged.passUnretained(source).toOpaque(), Unmanaged.passUnretained(double).toOpaque()])
    withExtendedLifetime(subscription) {}
  }

  /// A nested run reading the same value takes its stamp; the outer run's next read of it is still recorded, and
  /// the outer computed still follows it.
  @Test func aNestedRunBetweenTwoReadsLeavesTheOuterRunsEdge() {
    let source = CurrentValueSubject(1)
    let inner = Computed { source.value + 100 }
    let outer = Computed { source.value + inner.value + source.value }
    var seen: [Int] = []
    let subscription = outer.subscribe { seen.append($0) }
    source.value = 2
    #expect(seen == [103, 106])
    withExtendedLifetime(subscription) {}
    #expect(outer.value == 106)
    source.value = 3
    #expect(outer.value == 109)
  }

  /// An effect's write is queued behind its run (rule 14): a value it reads again after writing is the value of its
  /// run's start, and the write runs it again.
  @Test func anEffectReadsTheSameValueBeforeAndAfterItsWrite() {
    let source = CurrentValueSubject(1)
    let double = Computed { source.value * 2 }
    var pairs: [[Int]] = []
    let subscription = effect {
      let before = double.value
      if source.value == 1 { source.value = 5 }
      pairs.append([before, double.value])
    }
    #expect(pairs == [[2, 2], [10, 10]])
    withExtendedLifetime(subscription) {}
  }
}
