import Rill
import Testing

@Suite(.freesEverything) struct TakeTests {
  @Test(arguments: [
    (0, [1, 2, 3], [Int]()),
    (1, [1, 2, 3], [1]),
    (2, [1, 2, 3, 4], [1, 2]),
    (5, [1, 2], [1, 2]),
  ])
  func emitsFirstCountValues(count: Int, inputs: [Int], expected: [Int]) {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.take(count).subscribe { log.append($0) }
    for n in inputs { numbers.send(n) }
    #expect(log == expected)
    withExtendedLifetime(subscription) {}
  }

  @Test func endsUpstreamSubscriptionAfterLastValue() {
    let numbers = Subject<Int>()
    var upstreamCalls: [Int] = []
    let observed = numbers.map { value -> Int in
      upstreamCalls.append(value)
      return value
    }
    var log: [Int] = []
    let subscription = observed.take(2).subscribe { log.append($0) }
    for n in 1...5 { numbers.send(n) }
    #expect(log == [1, 2])
    #expect(upstreamCalls == [1, 2])
    withExtendedLifetime(subscription) {}
  }

  @Test func takeOneOfReplayingUpstreamDisconnectsInsideSubscribe() {
    let credit = CurrentValueSubject(7)
    var upstreamCalls: [Int] = []
    let observed = credit.map { value -> Int in
      upstreamCalls.append(value)
      return value
    }
    let first = observed.take(1)
    var log: [String] = []
    let a = first.subscribe { log.append("a \($0)") }
    credit.value = 8
    let b = first.subscribe { log.append("b \($0)") }
    credit.value = 9
    #expect(log == ["a 7", "b 7"])
    #expect(upstreamCalls == [7])
    withExtendedLifetime((a, b)) {}
  }

  @Test func takeZeroNeverSubscribesUpstream() {
    let credit = CurrentValueSubject(7)
    var upstreamCalls = 0
    let observed = credit.map { value -> Int in
      upstreamCalls += 1
      return value
    }
    var log: [Int] = []
    let subscription = observed.take(0).subscribe { log.append($0) }
    credit.value = 8
    #expect(log.isEmpty)
    #expect(upstreamCalls == 0)
    withExtendedLifetime(subscription) {}
  }

  @Test func stopsWithinReplayedBurstOfPrefix() {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.prepend(1, 2, 3).take(2).subscribe { log.append($0) }
    numbers.send(4)
    #expect(log == [1, 2])
    withExtendedLifetime(subscription) {}
  }

  @Test func subscribersShareOneCountPerConnection() {
    let numbers = Subject<Int>()
    let firstTwo = numbers.take(2)
    var log: [String] = []
    let a = firstTwo.subscribe { log.append("a \($0)") }
    numbers.send(1)
    let b = firstTwo.subscribe { log.append("b \($0)") }
    numbers.send(2)
    numbers.send(3)
    #expect(log == ["a 1", "a 2", "b 2"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func countsAfreshAfterLastSubscriberLeaves() {
    let numbers = Subject<Int>()
    let firstTwo = numbers.take(2)
    var log: [String] = []
    let a = firstTwo.subscribe { log.append("a \($0)") }
    numbers.send(1)
    numbers.send(2)
    numbers.send(3)
    a.cancel()
    let b = firstTwo.subscribe { log.append("b \($0)") }
    for n in 4...6 { numbers.send(n) }
    #expect(log == ["a 1", "a 2", "b 4", "b 5"])
    withExtendedLifetime(b) {}
  }

  @Test func replaysLastValueOfReplayingUpstreamAfterFinishing() {
    let credit = CurrentValueSubject(1)
    let firstTwo = credit.take(2)
    var log: [String] = []
    let a = firstTwo.subscribe { log.append("a \($0)") }
    credit.value = 2
    credit.value = 3
    let b = firstTwo.subscribe { log.append("b \($0)") }
    #expect(log == ["a 1", "a 2", "b 2"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func replaysNothingFromSubject() {
    let numbers = Subject<Int>()
    let firstTwo = numbers.take(2)
    var log: [String] = []
    let a = firstTwo.subscribe { log.append("a \($0)") }
    numbers.send(1)
    let b = firstTwo.subscribe { log.append("b \($0)") }
    #expect(log == ["a 1"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func docExample() {
    var output: [Int] = []
    let numbers = Subject<Int>()
    let firstTwo = numbers.take(2)
    let subscription = firstTwo.subscribe { output.append($0) }
    for n in 1...4 { numbers.send(n) }
    #expect(output == [1, 2])
    withExtendedLifetime(subscription) {}
  }
}
