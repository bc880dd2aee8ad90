import Testing

@testable import Rill

@Suite(.freesEverything) struct PairwiseTests {
  @Test(arguments: [
    ([1, 2, 3, 4], ["1 2", "2 3", "3 4"]),
    ([7], []),
    ([5, 5], ["5 5"]),
  ])
  func emitsEachValueWithThePreviousOne(inputs: [Int], expected: [String]) {
    let numbers = Subject<Int>()
    var log: [String] = []
    let subscription = numbers.pairwise().subscribe { log.append("\($0) \($1)") }
    for n in inputs { numbers.send(n) }
    #expect(log == expected)
    withExtendedLifetime(subscription) {}
  }

  @Test func replayedValueIsFirstAndLastPairReplays() {
    let credit = CurrentValueSubject(0)
    let changes = credit.pairwise()
    var log: [String] = []
    let a = changes.subscribe { log.append("a \($0)>\($1)") }
    credit.value = 5
    let b = changes.subscribe { log.append("b \($0)>\($1)") }
    credit.value = 10
    #expect(log == ["a 0>5", "b 0>5", "a 5>10", "b 5>10"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func replaysNothingFromSubject() {
    let numbers = Subject<Int>()
    let pairs = numbers.pairwise()
    var log: [String] = []
    let a = pairs.subscribe { log.append("a \($0)>\($1)") }
    numbers.send(1)
    numbers.send(2)
    let b = pairs.subscribe { log.append("b \($0)>\($1)") }
    numbers.send(3)
    #expect(log == ["a 1>2", "a 2>3", "b 2>3"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func forgetsPreviousValueAfterLastSubscriberLeaves() {
    let numbers = Subject<Int>()
    let pairs = numbers.pairwise()
    var log: [String] = []
    let a = pairs.subscribe { log.append("a \($0)>\($1)") }
    numbers.send(1)
    a.cancel()
    let b = pairs.subscribe { log.append("b \($0)>\($1)") }
    numbers.send(2)
    numbers.send(3)
    #expect(log == ["b 2>3"])
    withExtendedLifetime(b) {}
  }

  @Test func aDisconnectedPairwiseKeepsNoPreviousValue() {
    final class Box {}
    let boxes = Subject<Box>()
    let pairs = boxes.pairwise()
    weak var previous: Box?
    var subscription: Subscription? = pairs.subscribe { _ in }
    do {
      let box = Box()
      previous = box
      boxes.send(box)
    }
    #expect(previous != nil)
    subscription = nil
    withExtendedLifetime((subscription, pairs)) {}
    #expect(previous == nil)
  }

  @Test func docExample() {
    var output: [String] = []
    let credit = CurrentValueSubject(0)
    let subscription = credit.pairwise().subscribe { output.append("\($0) → \($1)") }
    credit.value = 5
    credit.value = 10
    #expect(output == ["0 → 5", "5 → 10"])
    withExtendedLifetime(subscription) {}
  }
}
