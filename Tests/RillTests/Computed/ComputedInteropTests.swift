import Rill
import Testing

/// A `Computed` is a `Signal`: operators work on it, and computeds and operators join glitch-free in either
/// direction (rule 11).
@Suite(.freesEverything) struct ComputedInteropTests {
  @Test func operatorsWorkOnAComputed() {
    let credit = CurrentValueSubject(0)
    let grade = Computed { credit.value >= 70 ? "pass" : "fail" }
    var heard: [String] = []
    let subscription = grade.map { $0.uppercased() }.removeDuplicates().subscribe { heard.append($0) }
    credit.value = 75
    credit.value = 90
    credit.value = 10
    #expect(heard == ["FAIL", "PASS", "FAIL"])
    withExtendedLifetime(subscription) {}
  }

  @Test func aCombineOfAComputedsMapAndItsSourceIsGlitchFree() {
    let source = CurrentValueSubject(1)
    let doubled = Computed { source.value * 2 }
    var heard: [String] = []
    let subscription = combine(doubled.map { $0 + 1 }, source).subscribe { heard.append("\($0)") }
    source.value = 2
    source.value = 3
    #expect(heard == ["(3, 1)", "(5, 2)", "(7, 3)"])
    withExtendedLifetime(subscription) {}
  }

  @Test func aCombineOfTwoComputedsOverOneSourceEmitsOncePerWrite() {
    let source = CurrentValueSubject(1)
    let tens = Computed { source.value * 10 }
    let ones = Computed { source.value + 1 }
    var heard: [String] = []
    let subscription = combine(tens, ones).subscribe { heard.append("\($0)") }
    source.value = 2
    #expect(heard == ["(10, 2)", "(20, 3)"])
    withExtendedLifetime(subscription) {}
  }

  @Test func aComputedReadingATrackedOperatorValueSeesItSettled() {
    let source = CurrentValueSubject(1)
    let viaOperators = source.map { $0 * 100 }.tracked()
    var runs = 0
    let sum = Computed {
      runs += 1
      return viaOperators.value + source.value
    }
    var heard: [Int] = []
    let subscription = sum.subscribe { heard.append($0) }
    source.value = 2
    source.value = 3
    #expect(heard == [101, 202, 303])
    #expect(runs == 3)
    withExtendedLifetime(subscription) {}
  }

  @Test func aTrackedSubjectGivesItsEventsToAnEffect() {
    let taps = Subject<String>()
    let lastTap = taps.tracked(initial: "none")
    var seen: [String] = []
    let subscription = effect { seen.append(lastTap.value) }
    taps.send("a")
    taps.send("a")  // equal: cut off
    taps.send("b")
    #expect(seen == ["none", "a", "b"])
    subscription.cancel()
    taps.send("c")
    #expect(lastTap.value == "b")  // unobserved, a subject's signal replays nothing: the last value heard
  }

  @Test func anUnobservedTrackedReplayingSignalReadsItsCurrentValue() {
    let source = CurrentValueSubject(1)
    let viaOperators = source.map { $0 * 3 }.tracked()
    #expect(viaOperators.value == 3)
    source.value = 4
    #expect(viaOperators.value == 12)
  }

  @Test func aBatchDeliversAComputedOnce() {
    let width = CurrentValueSubject(1)
    let height = CurrentValueSubject(1)
    let area = Computed { width.value * height.value }
    var heard: [Int] = []
    let subscription = area.subscribe { heard.append($0) }
    batch {
      width.value = 2
      height.value = 3
    }
    #expect(heard == [1, 6])
    withExtendedLifetime(subscription) {}
  }

  @Test func withLatestFromAComputed() {
    let clicks = Subject<Void>()
    let credit = CurrentValueSubject(0)
    let grade = Computed { credit.value >= 70 ? "pass" : "fail" }
    var heard: [String] = []
    let subscription = clicks.withLatestFrom(grade).subscribe { heard.append($0.1) }
    clicks.send()
    credit.value = 80
    clicks.send()
    #expect(heard == ["fail", "pass"])
    withExtendedLifetime(subscription) {}
  }

  @Test func flatMapLatestIntoComputeds() {
    let useTens = CurrentValueSubject(false)
    let source = CurrentValueSubject(1)
    let tens = Computed { source.value * 10 }
    let ones = Computed { source.value }
    var heard: [Int] = []
    let subscription = useTens.flatMapLatest { $0 ? tens : ones }.subscribe { heard.append($0) }
    source.value = 2
    useTens.value = true
    source.value = 3
    #expect(heard == [1, 2, 20, 30])
    withExtendedLifetime(subscription) {}
  }

  @Test func aComputedBelowAFlatMapLatestKeepsItsRankAboveIt() {
    let useTens = CurrentValueSubject(false)
    let source = CurrentValueSubject(1)
    let tens = Computed { source.value * 10 }
    let switched = useTens.flatMapLatest { $0 ? tens.map { $0 } : source.map { $0 } }.tracked()
    let both = Computed { "\(switched.value) \(source.value)" }
    var heard: [String] = []
    let subscription = both.subscribe { heard.append($0) }
    useTens.value = true
    source.value = 2
    #expect(heard == ["1 1", "10 1", "20 2"])
    withExtendedLifetime(subscription) {}
  }

  @Test func subscribeOwnerWorksOnAComputed() {
    final class Owner {}
    let source = CurrentValueSubject(1)
    let doubled = Computed { source.value * 2 }
    var heard: [Int] = []
    var owner: Owner? = Owner()
    doubled.subscribe(owner: owner!) { _, value in heard.append(value) }
    source.value = 2
    owner = nil
    source.value = 3
    #expect(heard == [2, 4])
  }

  @Test func aSubscriberAddedDuringAPropagationGetsTheCurrentValueOnce() {
    let source = CurrentValueSubject(0)
    let doubled = Computed { source.value * 2 }
    var late: [Int] = []
    var lateSubscription: Subscription?
    let trigger = source.subscribe { value in
      if value == 1 { lateSubscription = doubled.subscribe { late.append($0) } }
    }
    source.value = 1
    source.value = 2
    #expect(late == [2, 4])
    withExtendedLifetime((trigger, lateSubscription)) {}
  }

  /// A subscriber that joins an observed computed after this propagation re-evaluated it, before the computed's
  /// turn, hears the new value once: as its replay.
  @Test func aSubscriberJoiningBeforeTheSettleHearsTheNewValueOnce() {
    let source = CurrentValueSubject(0)
    let doubled = Computed { source.value * 2 }
    var first: [Int] = []
    let early = doubled.subscribe { first.append($0) }
    var late: [Int] = []
    var lateSubscription: Subscription?
    let trigger = source.subscribe { value in
      if value == 1 { lateSubscription = doubled.subscribe { late.append($0) } }
    }
    source.value = 1
    source.value = 2
    #expect(first == [0, 2, 4])
    #expect(late == [2, 4])
    withExtendedLifetime((early, trigger, lateSubscription)) {}
  }

  /// In a batch, a subscriber that joined between two changes of the computed hears the last one at the settle.
  @Test func aSubscriberJoiningBetweenTwoChangesInABatchHearsTheLast() {
    let source = CurrentValueSubject(0)
    let doubled = Computed { source.value * 2 }
    var first: [Int] = []
    let early = doubled.subscribe { first.append($0) }
    var late: [Int] = []
    var lateSubscription: Subscription?
    batch {
      source.value = 1
      _ = doubled.value  // re-evaluated now: 2
      lateSubscription = doubled.subscribe { late.append($0) }  // replays 2
      source.value = 2
      _ = doubled.value  // 4, to be delivered at the end of the batch
    }
    #expect(first == [0, 4])
    #expect(late == [2, 4])
    withExtendedLifetime((early, lateSubscription)) {}
  }
}
