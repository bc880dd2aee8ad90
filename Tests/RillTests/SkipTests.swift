import Rill
import Testing

@Suite(.freesEverything) struct SkipTests {
  @Test(arguments: [
    (0, [1, 2, 3], [1, 2, 3]),
    (1, [1, 2, 3], [2, 3]),
    (2, [1, 2, 3, 4], [3, 4]),
    (5, [1, 2], [Int]()),
  ])
  func ignoresFirstCountValues(count: Int, inputs: [Int], expected: [Int]) {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.skip(count).subscribe { log.append($0) }
    for n in inputs { numbers.send(n) }
    #expect(log == expected)
    withExtendedLifetime(subscription) {}
  }

  @Test func replayedValueCountsAndLastEmittedValueReplays() {
    let credit = CurrentValueSubject(0)
    let afterFirst = credit.skip(1)
    var log: [String] = []
    let a = afterFirst.subscribe { log.append("a \($0)") }
    credit.value = 1
    let b = afterFirst.subscribe { log.append("b \($0)") }
    credit.value = 2
    #expect(log == ["a 1", "b 1", "a 2", "b 2"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func replaysNothingFromSubject() {
    let numbers = Subject<Int>()
    let afterFirst = numbers.skip(1)
    var log: [String] = []
    let a = afterFirst.subscribe { log.append("a \($0)") }
    numbers.send(1)
    numbers.send(2)
    let b = afterFirst.subscribe { log.append("b \($0)") }
    numbers.send(3)
    #expect(log == ["a 2", "a 3", "b 3"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func subscribersShareOneCountPerConnection() {
    let numbers = Subject<Int>()
    let afterTwo = numbers.skip(2)
    var log: [String] = []
    let a = afterTwo.subscribe { log.append("a \($0)") }
    numbers.send(1)
    let b = afterTwo.subscribe { log.append("b \($0)") }
    numbers.send(2)
    numbers.send(3)
    #expect(log == ["a 3", "b 3"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func countsAfreshAfterLastSubscriberLeaves() {
    let numbers = Subject<Int>()
    let afterOne = numbers.skip(1)
    var log: [String] = []
    let a = afterOne.subscribe { log.append("a \($0)") }
    numbers.send(1)
    numbers.send(2)
    a.cancel()
    let b = afterOne.subscribe { log.append("b \($0)") }
    numbers.send(3)
    numbers.send(4)
    #expect(log == ["a 2", "b 4"])
    withExtendedLifetime(b) {}
  }

  @Test func disconnectsWhenLastSubscriberCancels() {
    let numbers = Subject<Int>()
    var upstreamCalls = 0
    let observed = numbers.map { value -> Int in
      upstreamCalls += 1
      return value
    }
    let subscription = observed.skip(1).subscribe { _ in }
    numbers.send(1)
    numbers.send(2)
    subscription.cancel()
    numbers.send(3)
    #expect(upstreamCalls == 2)
  }

  @Test func docExample() {
    var output: [Int] = []
    let numbers = Subject<Int>()
    let afterTwo = numbers.skip(2)
    let subscription = afterTwo.subscribe { output.append($0) }
    for n in 1...4 { numbers.send(n) }
    #expect(output == [3, 4])
    withExtendedLifetime(subscription) {}
  }
}
