import Rill
import TestSupport
import Testing

/// `combine(signals) { … }`: one node that behaves as `combine(signals).map { … }`.
@Suite(.freesEverything) struct CombineListTransformTests {
  @Test func emitsTheTransformOnceEverySignalHasAValue() {
    let signals = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
    var log: [Int] = []
    let subscription = combine(signals) { $0.reduce(0, +) }.subscribe { log.append($0) }
    signals[0].send(1)
    signals[1].send(2)
    signals[2].send(3)
    signals[1].send(20)
    #expect(log == [6, 24])
    withExtendedLifetime(subscription) {}
  }

  @Test func runsTheTransformOncePerSendInADiamond() {
    let source = CurrentValueSubject(1)
    var calls = 0
    var log: [[Int]] = []
    let joined = combine((1...5).map { factor in source.map { $0 * factor } }) { values in
      calls += 1
      return values
    }
    let subscription = joined.subscribe { log.append($0) }
    source.value = 2
    #expect(log == [[1, 2, 3, 4, 5], [2, 4, 6, 8, 10]])
    #expect(calls == 2)
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysTheLastResultWithoutRunningTheTransformAgain() {
    let signals = [CurrentValueSubject(1), CurrentValueSubject(2)]
    var calls = 0
    let total = combine(signals) { (values: [Int]) -> Int in
      calls += 1
      return values.reduce(0, +)
    }
    var first: [Int] = []
    var second: [Int] = []
    let one = total.subscribe { first.append($0) }
    signals[1].value = 5
    let two = total.subscribe { second.append($0) }
    #expect(first == [3, 6])
    #expect(second == [6])
    #expect(calls == 2)
    withExtendedLifetime((one, two)) {}
  }

  @Test func theEmptyListGivesTheTransformOfNothingOnceToEachSubscriber() {
    let empty = combine([Signal<Int>]()) { $0.isEmpty ? "empty" : "values" }
    var log: [String] = []
    let one = empty.subscribe { log.append($0) }
    let two = empty.subscribe { log.append($0) }
    #expect(log == ["empty", "empty"])
    withExtendedLifetime((one, two)) {}
  }

  /// The transform reads the array the node writes into; an array it keeps is never changed afterwards.
  @Test func anArrayTheTransformKeepsIsNeverChangedAfterwards() {
    let signals = [CurrentValueSubject(0), CurrentValueSubject(0)]
    var kept: [[Int]] = []
    let subscription = combine(signals) { values in
      kept.append(values)
      return values.count
    }.subscribe { _ in }
    signals[0].value = 1
    signals[1].value = 2
    signals[0].value = 3
    #expect(kept == [[0, 0], [1, 0], [1, 2], [3, 2]])
    withExtendedLifetime(subscription) {}
  }

  /// A steady-state emission writes the value in place and calls the transform: nothing to allocate, whether the
  /// sources replay (current-value subjects) or not (plain subjects).
  @Test(.allocationsCounted, arguments: [true, false])
  func allocatesNothingPerEmission(replaying: Bool) {
    let current = (0..<10).map { _ in CurrentValueSubject(0) }
    let plain = (0..<10).map { _ in Subject<Int>() }
    let signals: [Signal<Int>] = replaying ? current : plain
    func send(_ value: Int, to index: Int) {
      if replaying { current[index].value = value } else { plain[index].send(value) }
    }
    var total = 0
    let subscription = combine(signals) { $0[0] &+ $0[9] }.subscribe { total &+= $0 }
    for value in 0..<100 { send(value, to: value % 10) }
    let count = allocations {
      for value in 0..<1_000 { send(value, to: value % 10) }
    }
    #expect(count == 0)
    #expect(total != 0)
    withExtendedLifetime(subscription) {}
  }

  /// Random sends, some in a batch, to subjects feeding a list with repeats and derived signals: the transform form
  /// emits exactly what the array form followed by a map emits.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func matchesTheArrayFormFollowedByAMap(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let subjects = (0..<4).map { _ in CurrentValueSubject(0) }
    let signals: [Signal<Int>] = [subjects[0], subjects[1].map { $0 &* 3 }, subjects[0], subjects[2], subjects[3]]
    var withTransform: [Int] = []
    var withMap: [Int] = []
    let subscriptions = [
      combine(signals) { $0.enumerated().reduce(0) { $0 &+ $1.offset &* $1.element } }
        .subscribe { withTransform.append($0) },
      combine(signals).map { $0.enumerated().reduce(0) { $0 &+ $1.offset &* $1.element } }
        .subscribe { withMap.append($0) },
    ]
    for _ in 0..<300 {
      let value = Int.random(in: -50...50, using: &random)
      let target = Int.random(in: 0..<4, using: &random)
      if Bool.random(using: &random) {
        batch {
          subjects[target].value = value
          subjects[(target + 2) % 4].value = value &- 1
        }
      } else {
        subjects[target].value = value
      }
    }
    #expect(withTransform == withMap)
    #expect(withTransform.count > 100)
    withExtendedLifetime(subscriptions) {}
  }
}
