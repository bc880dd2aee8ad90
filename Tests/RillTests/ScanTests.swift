import Rill
import Testing

@Suite(.freesEverything) struct ScanTests {
  @Test func emitsRunningResults() {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.scan(0, +).subscribe { log.append($0) }
    for n in [1, 2, 3, 4] { numbers.send(n) }
    #expect(log == [1, 3, 6, 10])
    withExtendedLifetime(subscription) {}
  }

  @Test func accumulatesReplayedValueAndReplaysLastResult() {
    let numbers = CurrentValueSubject(10)
    let total = numbers.scan(0, +)
    var log: [String] = []
    let first = total.subscribe { log.append("first \($0)") }
    numbers.value = 1
    let second = total.subscribe { log.append("second \($0)") }
    numbers.value = 2
    #expect(log == ["first 10", "first 11", "second 11", "first 13", "second 13"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func replaysNothingFromSubject() {
    let numbers = Subject<Int>()
    let total = numbers.scan(0, +)
    var log: [String] = []
    let first = total.subscribe { log.append("first \($0)") }
    numbers.send(1)
    let second = total.subscribe { log.append("second \($0)") }
    numbers.send(2)
    #expect(log == ["first 1", "first 3", "second 3"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func subscribersShareOneAccumulatorPerConnection() {
    let numbers = Subject<Int>()
    var calls = 0
    let total = numbers.scan(0) { sum, value in
      calls += 1
      return sum + value
    }
    var log: [String] = []
    let first = total.subscribe { log.append("first \($0)") }
    numbers.send(1)
    let second = total.subscribe { log.append("second \($0)") }
    numbers.send(2)
    #expect(log == ["first 1", "first 3", "second 3"])
    #expect(calls == 2)
    withExtendedLifetime((first, second)) {}
  }

  @Test func startsAfreshAfterLastSubscriberLeaves() {
    let numbers = Subject<Int>()
    let total = numbers.scan(100, +)
    var log: [String] = []
    let first = total.subscribe { log.append("first \($0)") }
    numbers.send(1)
    numbers.send(2)
    first.cancel()
    numbers.send(50)
    let second = total.subscribe { log.append("second \($0)") }
    numbers.send(3)
    #expect(log == ["first 101", "first 103", "second 103"])
    withExtendedLifetime(second) {}
  }

  @Test func docExample() {
    var output: [Int] = []
    let clicks = Subject<Void>()
    let credit = clicks.scan(0) { total, _ in total + 5 }
    let subscription = credit.subscribe { output.append($0) }
    clicks.send()
    clicks.send()
    #expect(output == [5, 10])
    withExtendedLifetime(subscription) {}
  }
}
