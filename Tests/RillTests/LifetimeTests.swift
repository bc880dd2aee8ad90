import Testing

@testable import Rill

/// Rule 7: a pipeline stays alive exactly as long as something is subscribed to its end; no cycles.
@Suite(.freesEverything) struct LifetimeTests {
  @Test func intermediateNodesAreFreedWhenTheLastSubscriptionEnds() {
    let source = CurrentValueSubject(1)
    weak var first: Signal<Int>?
    weak var second: Signal<String>?
    var subscription: Subscription?
    do {
      let mapped = source.map { $0 * 2 }
      let described = mapped.filter { $0 > 0 }.map { "\($0)" }
      first = mapped
      second = described
      subscription = described.subscribe { _ in }
    }
    #expect(first != nil)
    #expect(second != nil)
    subscription?.cancel()
    #expect(first == nil)
    #expect(second == nil)
    withExtendedLifetime(subscription) {}
  }

  @Test(arguments: OperatorPipeline.allCases)
  func everyOperatorsNodeIsFreedAndDisconnectedAfterItsLastSubscriptionEnds(pipeline: OperatorPipeline) {
    let source = Subject<Int>()
    var signal: Signal<Int>? = pipeline.make(source)
    weak let node = signal
    let subscription = signal?.subscribe { _ in }
    for value in 1...3 { source.send(value) }
    signal = nil
    #expect(node != nil)
    subscription?.cancel()
    #expect(node == nil)
    #expect(source.observerCount == 0)
  }

  @Test func aSubscribedPipelineStaysAliveWithoutOtherReferences() {
    let source = Subject<Int>()
    var log: [Int] = []
    let subscription = source.map { $0 + 1 }.filter { $0 > 0 }.subscribe { log.append($0) }
    source.send(1)
    #expect(log == [2])
    withExtendedLifetime(subscription) {}
  }

  @Test func combineNodesAreFreedWhenTheLastSubscriptionEnds() {
    let source = CurrentValueSubject(1)
    weak var joined: Signal<(Int, Int)>?
    weak var branch: Signal<Int>?
    var subscription: Subscription?
    do {
      let left = source.map { $0 * 2 }
      let both = combine(left, source)
      joined = both
      branch = left
      subscription = both.subscribe { _ in }
    }
    #expect(joined != nil)
    subscription?.cancel()
    #expect(joined == nil)
    #expect(branch == nil)
    withExtendedLifetime(subscription) {}
  }

  @Test func anUnsubscribedPipelineIsFreedWithItsLastReference() {
    let source = Subject<Int>()
    weak var node: Signal<Int>?
    do {
      let mapped = source.map { $0 }
      node = mapped
    }
    #expect(node == nil)
  }

  @Test func theSourceIsFreedWhenNothingReferencesIt() {
    weak var weakSource: CurrentValueSubject<Int>?
    var subscription: Subscription?
    do {
      let source = CurrentValueSubject(0)
      weakSource = source
      subscription = source.map { $0 }.subscribe { _ in }
    }
    #expect(weakSource != nil)
    subscription?.cancel()
    subscription = nil
    #expect(weakSource == nil)
  }

  @Test func aClosureCapturingItsOwnSubjectDoesNotLeakOnceCancelled() {
    weak var weakSubject: Subject<Int>?
    var subscription: Subscription?
    do {
      let subject = Subject<Int>()
      weakSubject = subject
      subscription = subject.subscribe { value in if value < 0 { subject.send(0) } }
    }
    #expect(weakSubject != nil)
    subscription?.cancel()
    #expect(weakSubject == nil)
    withExtendedLifetime(subscription) {}
  }

  @Test func cancelReleasesTheClosureAtOnceNotAtCompaction() {
    final class Marker {}
    weak var weakMarker: Marker?
    let subject = Subject<Int>()
    var subscriptions = (0..<10).map { _ in subject.subscribe { _ in } }
    do {
      let marker = Marker()
      weakMarker = marker
      subscriptions.insert(subject.subscribe { _ in withExtendedLifetime(marker) {} }, at: 0)
    }
    #expect(weakMarker != nil)
    subscriptions[0].cancel()
    #expect(weakMarker == nil)
    withExtendedLifetime(subscriptions) {}
  }

  @Test func cancelDuringDeliveryReleasesTheClosureBeforeCancelReturns() {
    final class Marker {}
    weak var weakMarker: Marker?
    let subject = Subject<Int>()
    var victim: Subscription?
    var releasedInTime: [Bool] = []
    let first = subject.subscribe { _ in
      victim?.cancel()
      releasedInTime.append(weakMarker == nil)
    }
    do {
      let marker = Marker()
      weakMarker = marker
      victim = subject.subscribe { _ in withExtendedLifetime(marker) {} }
    }
    subject.send(1)
    #expect(releasedInTime == [true])
    withExtendedLifetime(first) {}
  }

  /// A delivery calls observers without retaining them: one that frees its own subscription while it runs
  /// keeps its captures until its call returns (AddressSanitizer, in CI, reports a use after free otherwise),
  /// and they are freed when that delivery ends.
  @Test func anObserverFreeingItsOwnSubscriptionRunsToItsEndAndIsFreedAfter() {
    final class Marker { var reads = 0 }
    weak var weakMarker: Marker?
    let subject = Subject<Int>()
    var own: Subscription?
    var freedWhileRunning: [Bool] = []
    do {
      let marker = Marker()
      weakMarker = marker
      own = subject.subscribe { _ in
        own = nil
        marker.reads += 1  // the closure's context must still be alive here
        freedWhileRunning.append(weakMarker == nil)
      }
    }
    let after = subject.subscribe { _ in freedWhileRunning.append(weakMarker == nil) }
    subject.send(1)
    #expect(own == nil)
    #expect(freedWhileRunning == [false, false])
    #expect(weakMarker == nil)
    subject.send(2)
    #expect(freedWhileRunning == [false, false, true])
    withExtendedLifetime(after) {}
  }

  /// The graph keeps a retired observer until its signal's delivery ends: also when that graph is merged into
  /// another while the observer runs (it subscribes to a join of its subject and a subject of another graph).
  @Test func aRetiredObserverIsFreedAfterItsDeliveryThoughItsGraphMergedMeanwhile() {
    final class Marker {}
    weak var weakMarker: Marker?
    let subject = Subject<Int>()
    let other = CurrentValueSubject(0)
    let wider = combine(other, CurrentValueSubject(1))  // other's graph, merged with a third: the subject's joins it
    var own: Subscription?
    var joined: Subscription?
    do {
      let marker = Marker()
      weakMarker = marker
      own = subject.subscribe { _ in
        own = nil
        joined = combine(subject, other).subscribe { _ in withExtendedLifetime(marker) {} }
      }
    }
    subject.send(1)
    #expect(own == nil && joined != nil)
    joined = nil
    #expect(weakMarker == nil)
    withExtendedLifetime(wider) {}
  }

  @Test func lastObserverCancellingDuringDeliveryDisconnectsTheNode() {
    let source = Subject<Int>()
    weak var node: Signal<Int>?
    var log: [String] = []
    var own: Subscription?
    do {
      let mapped = source.map { $0 * 10 }
      node = mapped
      own = mapped.subscribe { value in
        log.append("m\(value)")
        own?.cancel()
      }
    }
    source.send(1)
    source.send(2)
    #expect(log == ["m10"])
    #expect(node == nil)
  }

  @Test func aNodeDisconnectedDuringDeliveryCanReconnectInTheSameDelivery() {
    let source = CurrentValueSubject(0)
    let mapped = source.map { $0 * 10 }
    var log: [String] = []
    var held: [Subscription] = []
    var own: Subscription?
    own = mapped.subscribe { value in
      log.append("a\(value)")
      if value == 10 {
        own?.cancel()
        held.append(mapped.subscribe { log.append("b\($0)") })
      }
    }
    source.value = 1
    source.value = 2
    #expect(log == ["a0", "a10", "b10", "b20"])
    withExtendedLifetime(held) {}
  }

  @Test func releasedClosureThatCancelsOtherSubscriptionsIsSafe() {
    final class CancelsOnDeinit {
      let others: [Subscription]
      init(_ others: [Subscription]) { self.others = others }
      deinit { for other in others { other.cancel() } }
    }
    let subject = Subject<Int>()
    var log: [Int] = []
    let others = (0..<5).map { index in subject.subscribe { _ in log.append(index) } }
    var trigger: Subscription?
    do {
      let guardian = CancelsOnDeinit(Array(others[1...3]))
      trigger = subject.subscribe { _ in withExtendedLifetime(guardian) {} }
    }
    trigger?.cancel()
    subject.send(0)
    #expect(log == [0, 4])
    withExtendedLifetime(others) {}
  }
}
