import Foundation
import Observation
import Synchronization
import TestSupport
import Testing

@testable import Rill

/// `reportingToObservation()`: a `Computed` or a `CurrentValueSubject` read inside `withObservationTracking` (what a
/// SwiftUI body does) tells that tracking of its next change, after the cut-off.
@Suite(.freesEverything) struct ObservationReadsTests {
  @Test func aComputedReadUnderTrackingReportsItsChange() {
    let source = CurrentValueSubject(1)
    let doubled = Computed { source.value * 2 }.reportingToObservation()
    let changes = ChangeCounter()
    changes.track { #expect(doubled.value == 2) }
    source.value = 2
    #expect(changes.count == 1)
    #expect(doubled.value == 4)
  }

  @Test func anEqualReEvaluationReportsNothing() {
    let source = CurrentValueSubject(1)
    let parity = Computed { source.value % 2 }.reportingToObservation()
    let changes = ChangeCounter()
    changes.track { _ = parity.value }
    source.value = 3
    #expect(changes.count == 0)
    source.value = 4
    #expect(changes.count == 1)
  }

  @Test func withoutTheCallObservationSeesNoRead() {
    let source = CurrentValueSubject(1)
    let doubled = Computed { source.value * 2 }
    let changes = ChangeCounter()
    changes.track { _ = doubled.value }
    source.value = 2
    #expect(changes.count == 0)
    #expect(!ObservationReads.isWatching(doubled))
  }

  @Test func aSubjectReportsEveryWriteEqualOrNot() {
    let subject = CurrentValueSubject(1).reportingToObservation()
    let changes = ChangeCounter()
    changes.track { _ = subject.value }
    subject.value = 1
    #expect(changes.count == 1)
    changes.track { _ = subject.value }
    subject.value = 2
    #expect(changes.count == 2)
  }

  /// Observation's tracking is one-shot: once told, a tracking hears nothing more until it reads again, and the
  /// computed, which nothing linked, is evaluated only when read.
  @Test func theComputedStaysLazyAndIsLeftAloneOnceReported() {
    let source = CurrentValueSubject(1)
    var evaluations = 0
    let doubled = Computed {
      evaluations += 1
      return source.value * 2
    }.reportingToObservation()
    let changes = ChangeCounter()
    changes.track { _ = doubled.value }
    #expect(source.dependents.isEmpty)  // nothing links it
    source.value = 2  // checked after the write: evaluated, changed, reported
    #expect(changes.count == 1)
    #expect(evaluations == 2)
    #expect(!ObservationReads.isWatching(doubled))
    source.value = 3
    source.value = 4
    #expect(evaluations == 2)
    #expect(changes.count == 1)
    #expect(doubled.value == 8)
    #expect(evaluations == 3)
  }

  @Test func aBatchReportsOnceAfterItEnds() {
    let width = CurrentValueSubject(1).reportingToObservation()
    let height = CurrentValueSubject(1)
    let area = Computed { width.value * height.value }.reportingToObservation()
    let widthChanges = ChangeCounter()
    let areaChanges = ChangeCounter()
    widthChanges.track { _ = width.value }
    areaChanges.track { _ = area.value }
    batch {
      width.value = 2
      width.value = 3
      height.value = 4
      #expect(widthChanges.count == 0)
      #expect(areaChanges.count == 0)
    }
    #expect(widthChanges.count == 1)
    #expect(areaChanges.count == 1)
    #expect(area.value == 12)
  }

  /// The value a tracking is told of is whole: by the report, every write of the propagation is in.
  @Test func whatTheTrackingReadsWhenToldIsTheNewValue() {
    let width = CurrentValueSubject(1)
    let height = CurrentValueSubject(1)
    nonisolated(unsafe) let area = Computed { width.value * height.value }.reportingToObservation()
    nonisolated(unsafe) var seen: [Int] = []
    withObservationTracking {
      _ = area.value
    } onChange: {
      seen.append(area.value)
    }
    batch {
      width.value = 2
      height.value = 3
    }
    #expect(seen == [6])
  }

  /// A read inside a Rill computation is that computation's dependency, not Observation's: a tracking that reads
  /// the outer computed (which does not report) hears nothing, and no watch starts.
  @Test func aReadInsideAComputationIsNotReported() {
    let source = CurrentValueSubject(1).reportingToObservation()
    let inner = Computed { source.value * 2 }.reportingToObservation()
    let outer = Computed { inner.value + 1 }
    let changes = ChangeCounter()
    changes.track { _ = outer.value }
    #expect(!ObservationReads.isWatching(source))
    #expect(!ObservationReads.isWatching(inner))
    source.value = 2
    #expect(changes.count == 0)
  }

  /// Two computeds that report, one reading the other: a tracking of the outer hears a change of the outer only,
  /// after its cut-off.
  @Test func anOuterComputedCutsOffAnInnerChange() {
    let source = CurrentValueSubject(1)
    let inner = Computed { source.value * 2 }.reportingToObservation()
    let isLarge = Computed { inner.value > 10 }.reportingToObservation()
    let changes = ChangeCounter()
    changes.track { _ = isLarge.value }
    source.value = 2
    source.value = 3
    #expect(changes.count == 0)
    source.value = 6
    #expect(changes.count == 1)
  }

  /// A read outside any tracking is harmless: the watch it starts ends at the value's next change, telling nobody.
  @Test func aReadOutsideAnyTrackingTellsNobody() {
    let source = CurrentValueSubject(1)
    let doubled = Computed { source.value * 2 }.reportingToObservation()
    #expect(doubled.value == 2)
    #expect(ObservationReads.isWatching(doubled))
    source.value = 2
    #expect(!ObservationReads.isWatching(doubled))
  }

  @Test func aValueFreedWhileWatchedTakesItsWatchWithIt() {
    let source = CurrentValueSubject(1)
    let changes = ChangeCounter()
    var identity: ObjectIdentifier?
    do {
      let doubled = Computed { source.value * 2 }.reportingToObservation()
      identity = ObjectIdentifier(doubled)
      changes.track { _ = doubled.value }
      #expect(ObservationReads.hasEntry(for: identity!))
    }
    #expect(!ObservationReads.hasEntry(for: identity!))
    source.value = 2
    #expect(changes.count <= 1)  // Observation may tell a tracking that the registrar went
  }

  /// Freed on another thread while watched (rule 8): the entry goes there, under the lock, and a write here
  /// afterwards finds nothing to check. (The test waits for that thread without suspending: a watch left running
  /// on a pool thread across a suspension would be checked by whatever test ran there meanwhile.)
  @Test func aValueFreedOnAnotherThreadWhileWatchedIsForgotten() {
    let source = CurrentValueSubject(1)
    let changes = ChangeCounter()
    nonisolated(unsafe) var doubled: Computed<Int>? = Computed { source.value * 2 }.reportingToObservation()
    let identity = ObjectIdentifier(doubled!)
    changes.track { _ = doubled!.value }
    let freed = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      doubled = nil
      freed.signal()
    }
    freed.wait()
    #expect(!ObservationReads.hasEntry(for: identity))
    source.value = 2
  }
}

extension ObservationReadsTests {
  /// A tracking's `onChange` may write to Rill: the report runs as the propagation ends, and a write to its graph
  /// is queued behind it like an effect's, then delivered; nothing of the library's is left alive (the suite's
  /// trait checks).
  @Test func aWriteFromTheReportIsQueuedBehindThePropagationThatMadeIt() {
    nonisolated(unsafe) let source = CurrentValueSubject(1)
    let doubled = Computed { source.value * 2 }.reportingToObservation()
    var seen: [Int] = []
    let subscription = doubled.subscribe { seen.append($0) }
    withObservationTracking {
      _ = doubled.value
    } onChange: {
      if source.value < 10 { source.value = 10 }
    }
    source.value = 2
    #expect(source.value == 10)
    #expect(seen == [2, 4, 20])
    subscription.cancel()
  }

  /// A write from `onChange` to a value of another graph goes ahead at once, as any write outside a propagation.
  @Test func aWriteFromTheReportToAnotherGraphGoesAhead() {
    let source = CurrentValueSubject(1)
    nonisolated(unsafe) let doubled = Computed { source.value * 2 }.reportingToObservation()
    nonisolated(unsafe) let log = CurrentValueSubject<[Int]>([])
    var seen: [[Int]] = []
    let subscription = log.subscribe { seen.append($0) }
    withObservationTracking {
      _ = doubled.value
    } onChange: {
      log.value.append(doubled.value)
    }
    source.value = 2
    #expect(seen == [[], [4]])
    subscription.cancel()
  }

  /// While a watch runs, each propagation that writes a value computations read is checked: with no allocation
  /// (the check is an effect made once a thread, its list of watches due keeps its memory).
  @Test(.allocationsCounted) func aWriteWhileAWatchRunsAllocatesNothing() {
    let other = CurrentValueSubject(1)
    let watched = Computed { other.value * 2 }.reportingToObservation()
    _ = watched.value  // a watch, which no write below ends
    let head = CurrentValueSubject(0)
    var sink = 0
    let subscription = effect { sink &+= head.value }
    for value in 0..<100 { head.value = value }
    let count = allocations {
      for value in 100..<1_100 { head.value = value }
    }
    #expect(count == 0)
    #expect(ObservationReads.isWatching(watched))
    withExtendedLifetime(subscription) {}
  }

  /// A watch is checked in the domain it started in: a thread with none pays no check and makes no checker, even
  /// while another thread's watch runs (CI once saw an unrelated test's write allocate the checker mid-measure).
  @Test(.allocationsCounted) func aWriteInADomainWithNoWatchIsNotChecked() {
    let warmedUp = DispatchSemaphore(value: 0)
    let watchStarted = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<(allocated: UInt64, madeAChecker: Bool)>((0, false))
    Thread.detachNewThread {
      let head = CurrentValueSubject(0)
      var sink = 0
      let subscription = effect { sink &+= head.value }
      for value in 0..<100 { head.value = value }
      warmedUp.signal()
      watchStarted.wait()
      let allocated = allocations {
        for value in 100..<1_100 { head.value = value }
      }
      let madeAChecker = TrackingContext.withCurrent { $0.observationChecker != nil }
      result.withLock { $0 = (allocated, madeAChecker) }
      withExtendedLifetime(subscription) {}
      done.signal()
    }
    warmedUp.wait()
    let other = CurrentValueSubject(1)
    let watched = Computed { other.value * 2 }.reportingToObservation()
    _ = watched.value  // a watch on this thread, which runs while the other thread writes
    watchStarted.signal()
    done.wait()
    #expect(ObservationReads.isWatching(watched))
    result.withLock { result in
      #expect(result.allocated == 0)
      #expect(!result.madeAChecker)
    }
  }
}

extension ObservationReads {
  /// Whether a watch of `node` runs, for the tests.
  static func isWatching(_ node: ReactiveNode) -> Bool {
    state.withLock { $0.watched.contains(ObjectIdentifier(node)) }
  }

  /// Whether the value `id` names has an entry, for the tests.
  static func hasEntry(for id: ObjectIdentifier) -> Bool {
    state.withLock { $0.entries[id] != nil }
  }
}
