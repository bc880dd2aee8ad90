import Testing

@testable import Rill

/// The debug-only live-object counter behind the `.freesEverything` trait.
@Suite struct LiveObjectsTests {
  @Test func countsWhatIsCreatedInItsScopeUntilItIsFreed() {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      var subject: Subject<Int>? = Subject()
      var subscription = subject?.map { $0 + 1 }.subscribe { _ in }
      // The map connects to its subject by an edge, no subscription: the subscriber's is the one.
      #expect(scope.counts == LiveObjectCounts(signals: 2, graphs: 1, subscriptions: 1))
      subscription = nil
      #expect(scope.counts == LiveObjectCounts(signals: 1, graphs: 1, subscriptions: 0))
      subject = nil
      withExtendedLifetime((subject, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// A join's settle, which its connection owns by hand, is counted from connect to disconnect. (A `combine` of two
  /// to six sources is its own settle: seven here, a join that subscribes to each.)
  @Test func countsAJoinsSettleWhileItIsConnected() {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let a = Subject<Int>()
      let b = Subject<Int>()
      let joined = combine(a, b, a, b, a, b, a)
      var subscription: Subscription? = joined.subscribe { _ in }
      #expect(scope.counts.joins == 1)
      subscription = nil
      #expect(scope.counts.joins == 0)
      withExtendedLifetime((joined, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  @Test func seesACycle() {
    let scope = LiveObjectScope()
    let holder = LiveObjectScope.$current.withValue(scope) {
      let holder = CycleHolder()
      let subject = Subject<Int>()
      // The observer keeps its own subscription, which keeps the subject, which keeps the observer.
      holder.subscription = subject.subscribe { _ in withExtendedLifetime(holder) {} }
      return holder
    }
    #expect(scope.counts == LiveObjectCounts(signals: 1, graphs: 1, subscriptions: 1))
    holder.subscription = nil
    #expect(scope.counts == LiveObjectCounts())
  }

  /// The counts print as one line, counted or not: `print(LiveObjects.counts)` needs no unwrapping.
  @Test func theCountsDescribeThemselvesInOneLine() {
    #expect(LiveObjects.counts.isCounted)  // the tests run a debug build
    #expect("\(LiveObjects.counts)".hasSuffix(" alive"))
    #expect(
      LiveObjectCounts(signals: 12, graphs: 3, subscriptions: 9, joins: 2).description
        == "12 signals, 3 graphs, 9 subscriptions, 2 join settles alive")
    #expect(
      LiveObjectCounts(signals: 1, graphs: 1, subscriptions: 1, joins: 1).description
        == "1 signal, 1 graph, 1 subscription, 1 join settle alive")
    #expect(LiveObjectCounts.notCounted.description == "not counted: a release build of Rill counts nothing")
    #expect(!LiveObjectCounts.notCounted.isCounted && LiveObjectCounts.notCounted.total == 0)
    #expect(LiveObjectCounts.notCounted != LiveObjectCounts())
  }

  @Test func countsNothingOutsideAScope() {
    let subject = Subject<Int>()
    #expect(LiveObjectScope.current == nil)
    withExtendedLifetime(subject) {}
  }
}

/// Holds a subscription whose observer holds the holder.
final class CycleHolder {
  var subscription: Subscription?
}

/// `LiveObjects.counts`, the process-wide count an app's debug build reads: checked in a child process, where no
/// other test makes signals meanwhile, on one thread (the body has no suspension point).
@Suite struct ProcessLiveObjectsTests {
  @Test func theProcessCountFollowsWhatIsMadeAndFreedAnywhere() async {
    await #expect(processExitsWith: .success) {
      let before = LiveObjects.counts
      guard before.isCounted else { fatalError("a debug build counts") }
      var subject: Subject<Int>? = Subject()
      var subscription = subject?.map { $0 + 1 }.subscribe { _ in }
      let during = LiveObjects.counts
      guard during.signals == before.signals + 2, during.subscriptions == before.subscriptions + 1,
        during.graphs == before.graphs + 1
      else { fatalError("during: \(during), before: \(before)") }
      // Read on another thread, and waited for here: this body stays on one thread, where the subscription is
      // freed below at once (freed on another thread, it would leave its observer to the signal's next delivery).
      onThread(stackSize: 1 << 20) {
        guard LiveObjects.counts == during else { fatalError("one count for the whole process") }
      }
      subscription = nil
      subject = nil
      withExtendedLifetime((subject, subscription)) {}
      guard LiveObjects.counts == before else { fatalError("after: \(LiveObjects.counts), before: \(before)") }
      guard during.total == during.signals + during.graphs + during.subscriptions + during.joins else { fatalError() }
    }
  }
}
