import Testing

@testable import Rill

@Suite(.freesEverything) struct FirstWhereTests {
  @Test(arguments: [
    ([1, 2, 3, 4], [3]),
    ([5, 1, 9], [5]),
    ([1, 2], []),
  ])
  func emitsTheFirstValueThatPasses(inputs: [Int], expected: [Int]) {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.first { $0 > 2 }.subscribe { log.append($0) }
    for n in inputs { numbers.send(n) }
    #expect(log == expected)
    withExtendedLifetime(subscription) {}
  }

  @Test func endsTheUpstreamSubscriptionAndStopsTestingAfterTheMatch() {
    let numbers = Subject<Int>()
    var tested: [Int] = []
    let subscription = numbers.first { n in
      tested.append(n)
      return n.isMultiple(of: 2)
    }.subscribe { _ in }
    for n in 1...5 { numbers.send(n) }
    #expect(tested == [1, 2])
    #expect(numbers.observerCount == 0)
    withExtendedLifetime(subscription) {}
  }

  @Test func aMatchingReplayEndsItInsideSubscribeAndIsReplayedToLaterSubscribers() {
    let credit = CurrentValueSubject(80)
    let passed = credit.first { $0 >= 70 }
    var log: [String] = []
    let a = passed.subscribe { log.append("a \($0)") }
    #expect(credit.observerCount == 0)
    credit.value = 90
    let b = passed.subscribe { log.append("b \($0)") }
    #expect(log == ["a 80", "b 80"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func searchesAfreshWhenSubscribedAgainAfterEveryoneLeft() {
    let numbers = Subject<Int>()
    let firstEven = numbers.first { $0.isMultiple(of: 2) }
    var log: [String] = []
    let a = firstEven.subscribe { log.append("a \($0)") }
    numbers.send(2)
    a.cancel()
    let b = firstEven.subscribe { log.append("b \($0)") }
    numbers.send(3)
    numbers.send(4)
    numbers.send(6)
    #expect(log == ["a 2", "b 4"])
    withExtendedLifetime(b) {}
  }

  /// Rule 5: of several values in one propagation, the first that passes is emitted, and only it.
  @Test func picksTheFirstMatchWithinOnePropagation() {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = merge(numbers, numbers.map { $0 * 10 }).first { $0 > 5 }.subscribe { log.append($0) }
    numbers.send(1)
    numbers.send(7)
    #expect(log == [10])
    withExtendedLifetime(subscription) {}
  }
}
