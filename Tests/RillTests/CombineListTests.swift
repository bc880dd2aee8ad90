import TestSupport
import Testing

@testable import Rill

/// `combine(_:)` over a runtime list of signals of one type.
@Suite(.freesEverything) struct CombineListTests {
  @Test func emitsOnlyOnceEverySourceHasValue() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let c = Subject<Int>()
    var log: [[Int]] = []
    let subscription = combine([a, b, c]).subscribe { log.append($0) }
    a.send(1)
    c.send(3)
    a.send(2)
    b.send(20)
    c.send(30)
    a.send(4)
    #expect(log == [[2, 20, 3], [2, 20, 30], [4, 20, 30]])
    withExtendedLifetime(subscription) {}
  }

  @Test func keepsTheOrderOfTheListWhateverOrderValuesArriveIn() {
    let sources = (0..<5).map { _ in Subject<String>() }
    var log: [[String]] = []
    let subscription = combine(sources).subscribe { log.append($0) }
    for index in [3, 0, 4, 1, 2] { sources[index].send("v\(index)") }
    #expect(log == [["v0", "v1", "v2", "v3", "v4"]])
    withExtendedLifetime(subscription) {}
  }

  @Test func aSingleSignalEmitsEachValueInAnArray() {
    let source = Subject<Int>()
    var log: [[Int]] = []
    let subscription = combine([source]).subscribe { log.append($0) }
    source.send(1)
    source.send(2)
    #expect(log == [[1], [2]])
    withExtendedLifetime(subscription) {}
  }

  @Test func emitsOnceOnSubscribeWhenAllSourcesReplay() {
    let a = CurrentValueSubject(1)
    let b = CurrentValueSubject(2)
    var log: [[Int]] = []
    let subscription = combine([a, b]).subscribe { log.append($0) }
    #expect(log == [[1, 2]])
    b.value = 3
    #expect(log == [[1, 2], [1, 3]])
    withExtendedLifetime(subscription) {}
  }

  @Test func withAPlainSubjectWaitsForIt() {
    let number = CurrentValueSubject(1)
    let taps = Subject<Int>()
    var log: [[Int]] = []
    let subscription = combine([number, taps]).subscribe { log.append($0) }
    #expect(log.isEmpty)
    taps.send(7)
    #expect(log == [[1, 7]])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysLastArrayToLaterSubscriber() {
    let a = CurrentValueSubject(1)
    let b = CurrentValueSubject(2)
    let joined = combine([a, b])
    var log: [String] = []
    let first = joined.subscribe { log.append("first \($0)") }
    b.value = 3
    let second = joined.subscribe { log.append("second \($0)") }
    a.value = 4
    #expect(log == ["first [1, 2]", "first [1, 3]", "second [1, 3]", "first [4, 3]", "second [4, 3]"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func replaysNothingFromSubjects() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let joined = combine([a, b])
    var log: [String] = []
    let first = joined.subscribe { log.append("first \($0)") }
    a.send(1)
    b.send(2)
    let second = joined.subscribe { log.append("second \($0)") }
    a.send(3)
    #expect(log == ["first [1, 2]", "first [3, 2]", "second [3, 2]"])
    withExtendedLifetime((first, second)) {}
  }

  @Test(arguments: [false, true])
  func isGlitchFreeInDiamond(deepBranchConnectedFirst: Bool) {
    let source = CurrentValueSubject(1)
    let shallow = source.map { $0 * 10 }
    let deep = source.map { $0 + 1 }.map { $0 * 100 }
    let warmUp = deepBranchConnectedFirst ? deep.subscribe { _ in } : shallow.subscribe { _ in }
    var log: [[Int]] = []
    let subscription = combine([shallow, deep, source]).subscribe { log.append($0) }
    source.value = 2
    source.value = 3
    #expect(log == [[10, 200, 1], [20, 300, 2], [30, 400, 3]])
    withExtendedLifetime((warmUp, subscription)) {}
  }

  @Test func firstValuesArrivingInOnePropagationEmitOnce() {
    let source = Subject<Int>()
    var log: [[Int]] = []
    let subscription = combine([source.map { $0 + 1 }, source.map { $0 * 2 }]).subscribe { log.append($0) }
    source.send(5)
    source.send(6)
    #expect(log == [[6, 10], [7, 12]])
    withExtendedLifetime(subscription) {}
  }

  @Test func theSameSignalTwiceHasTwoElementsAndEmitsOncePerSend() {
    let a = Subject<Int>()
    let b = CurrentValueSubject(0)
    var log: [[Int]] = []
    let subscription = combine([a, b, a]).subscribe { log.append($0) }
    a.send(1)
    a.send(2)
    b.value = 9
    #expect(log == [[1, 0, 1], [2, 0, 2], [2, 9, 2]])
    let pairs = combine([a, a]).subscribe { log.append($0) }
    a.send(3)
    #expect(log.suffix(2) == [[3, 9, 3], [3, 3]])
    withExtendedLifetime((subscription, pairs)) {}
  }

  @Test func aKeptArrayIsASnapshot() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    var kept: [[Int]] = []
    let subscription = combine([a, b]).subscribe { kept.append($0) }
    a.send(1)
    b.send(2)
    a.send(3)
    b.send(4)
    #expect(kept == [[1, 2], [3, 2], [3, 4]])
    withExtendedLifetime(subscription) {}
  }

  @Test func sendFromObserverIsEmittedAfterCurrentPropagation() {
    let a = CurrentValueSubject(0)
    let b = CurrentValueSubject(0)
    var log: [[Int]] = []
    let subscription = combine([a, b]).subscribe { values in
      log.append(values)
      if values == [1, 0] {
        b.send(2)
        a.send(3)
      }
    }
    a.value = 1
    #expect(log == [[0, 0], [1, 0], [1, 2], [3, 2]])
    withExtendedLifetime(subscription) {}
  }

  @Test func cancelledDuringAPropagationBeforeItSettlesEmitsNothing() {
    let source = Subject<Int>()
    var log: [[Int]] = []
    var joined: Subscription? = combine([source, source.map { $0 * 2 }]).subscribe { log.append($0) }
    let canceller = source.subscribe { value in if value == 2 { joined?.cancel() } }
    source.send(1)
    source.send(2)
    source.send(3)
    #expect(log == [[1, 2]])
    joined = nil
    withExtendedLifetime(canceller) {}
  }

  @Test func startsAfreshAfterLastSubscriberLeaves() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let joined = combine([a, b])
    var log: [String] = []
    let first = joined.subscribe { log.append("first \($0)") }
    a.send(1)
    b.send(2)
    first.cancel()
    let second = joined.subscribe { log.append("second \($0)") }
    a.send(3)
    #expect(log == ["first [1, 2]"])
    b.send(4)
    #expect(log == ["first [1, 2]", "second [3, 4]"])
    withExtendedLifetime(second) {}
  }

  @Test func theEmptyListReplaysAnEmptyArrayOnceToEachSubscriber() {
    let joined = combine([Signal<Int>]())
    var log: [String] = []
    let first = joined.subscribe { log.append("first \($0)") }
    let second = joined.subscribe { log.append("second \($0)") }
    #expect(log == ["first []", "second []"])
    first.cancel()
    second.cancel()
    let third = joined.subscribe { log.append("third \($0)") }
    #expect(log == ["first []", "second []", "third []"])
    withExtendedLifetime(third) {}
  }

  @Test func theEmptyListMakesAllSatisfyTrue() {
    var log: [Bool] = []
    let subscription = combine([Signal<Bool>]()).map { $0.allSatisfy { $0 } }.subscribe { log.append($0) }
    #expect(log == [true])
    withExtendedLifetime(subscription) {}
  }

  @Test func disconnectsFromEverySourceAndIsFreedWhenTheLastSubscriberCancels() {
    let a = Subject<Int>()
    let b = CurrentValueSubject(1)
    weak var joined: Signal<[Int]>?
    weak var branch: Signal<Int>?
    var subscription: Subscription?
    do {
      let doubled = a.map { $0 * 2 }
      let node = combine([doubled, b, doubled])
      joined = node
      branch = doubled
      subscription = node.subscribe { _ in }
    }
    a.send(1)
    #expect(joined != nil)
    #expect(branch != nil)
    subscription?.cancel()
    #expect(joined == nil)
    #expect(branch == nil)
    #expect(b.observerCount == 0)
    #expect(a.observerCount == 0)
  }

  @Test func docExample() {
    var output: [[Bool]] = []
    let fields = [CurrentValueSubject("ann"), CurrentValueSubject("")]
    let filled = combine(fields.map { $0.map { !$0.isEmpty } })
    let subscription = filled.subscribe { output.append($0) }
    fields[1].value = "bob"
    #expect(output == [[true, false], [true, true]])
    withExtendedLifetime(subscription) {}
  }

  @Test(.allocationsCounted, arguments: [2, 100])
  func aSteadyStateEmissionAllocatesNothingWhenNoSourceReplays(sources: Int) {
    let subjects = (0..<sources).map { _ in Subject<Int>() }
    var total = 0
    let subscription = combine(subjects).subscribe { total &+= $0[0] }
    for (index, subject) in subjects.enumerated() { subject.send(index) }
    for value in 0..<100 { subjects[value % sources].send(value) }
    let count = allocations {
      for value in 0..<1_000 { subjects[value % sources].send(value) }
    }
    #expect(count == 0)
    #expect(total != 0)
    withExtendedLifetime(subscription) {}
  }

  /// The node's replay cache keeps the last array; the next is written into a second one, without allocating.
  @Test(.allocationsCounted)
  func aReplayingNodeAllocatesNothingPerEmission() {
    let subjects = (0..<10).map { _ in CurrentValueSubject(0) }
    var total = 0
    let subscription = combine(subjects).subscribe { total &+= $0[0] }
    for value in 0..<100 { subjects[value % 10].value = value }
    let count = allocations {
      for value in 0..<1_000 { subjects[value % 10].value = value }
    }
    #expect(count == 0)
    #expect(total != 0)
    withExtendedLifetime(subscription) {}
  }

  /// An array a subscriber keeps is never changed afterwards: the node copies it before writing.
  @Test(.allocationsCounted)
  func aSubscriberKeepingEachArrayCostsOneCopyPerEmission() {
    let subjects = (0..<10).map { _ in CurrentValueSubject(0) }
    var kept: [[Int]] = []
    kept.reserveCapacity(1_200)
    let subscription = combine(subjects).subscribe { kept.append($0) }
    for value in 0..<100 { subjects[value % 10].value = value }
    let count = allocations {
      for value in 0..<1_000 { subjects[value % 10].value = value }
    }
    #expect(count == 1_000)
    var expected = [Int](repeating: 0, count: 10)
    for (write, array) in kept.dropFirst().enumerated() {
      expected[write % 10] = write < 100 ? write : write - 100
      #expect(array == expected)
    }
    withExtendedLifetime(subscription) {}
  }

  /// Seeded: random writes to replaying sources, with subscribers joining between writes and from inside a
  /// delivery. Every array emitted and every replay is the model's latest values, whole.
  @Test(arguments: [1, 2, 3])
  func replaysAndEmissionsMatchTheModelAcrossRandomWrites(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = 1 + Int.random(in: 0..<6, using: &random)
    let subjects = (0..<count).map { CurrentValueSubject($0) }
    var model = Array(0..<count)
    let joined = combine(subjects)
    var emitted: [[Int]] = []
    var lateReplays: [[Int]] = []
    var late: [Subscription] = []
    let main = joined.subscribe { array in
      emitted.append(array)
      if array.reduce(0, +) % 7 == 0 { late.append(joined.subscribe { lateReplays.append($0) }) }
    }
    for _ in 0..<300 {
      let index = Int.random(in: 0..<count, using: &random)
      let value = Int.random(in: 0..<50, using: &random)
      model[index] = value
      subjects[index].value = value
      #expect(emitted.last == model)
      var replay: [Int] = []
      let probe = joined.subscribe { replay = $0 }
      #expect(replay == model)
      probe.cancel()
    }
    #expect(lateReplays.allSatisfy { emitted.contains($0) })
    withExtendedLifetime((main, late)) {}
  }
}
