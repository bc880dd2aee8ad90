import Rill
import Testing

@Suite(.freesEverything) struct MapTests {
  @Test func emitsTransformedValuesInOrder() {
    let numbers = Subject<Int>()
    var log: [String] = []
    let subscription = numbers.map { "#\($0)" }.subscribe { log.append($0) }
    for n in [1, 2, 3] { numbers.send(n) }
    #expect(log == ["#1", "#2", "#3"])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysTransformedCurrentValueThenLastMappedValue() {
    let credit = CurrentValueSubject(1)
    let doubled = credit.map { $0 * 2 }
    var log: [String] = []
    let first = doubled.subscribe { log.append("first \($0)") }
    credit.value = 5
    let second = doubled.subscribe { log.append("second \($0)") }
    credit.value = 7
    #expect(log == ["first 2", "first 10", "second 10", "first 14", "second 14"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func replaysNothingFromSubject() {
    let numbers = Subject<Int>()
    let doubled = numbers.map { $0 * 2 }
    var log: [String] = []
    let first = doubled.subscribe { log.append("first \($0)") }
    numbers.send(1)
    let second = doubled.subscribe { log.append("second \($0)") }
    numbers.send(2)
    #expect(log == ["first 2", "first 4", "second 4"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func transformRunsOncePerValueForAllSubscribers() {
    let numbers = Subject<Int>()
    var calls = 0
    let mapped = numbers.map { value -> Int in
      calls += 1
      return value
    }
    let subscriptions = (0..<3).map { _ in mapped.subscribe { _ in } }
    numbers.send(1)
    numbers.send(2)
    #expect(calls == 2)
    withExtendedLifetime(subscriptions) {}
  }

  @Test func disconnectsWhenLastSubscriberCancels() {
    let numbers = Subject<Int>()
    var calls = 0
    let mapped = numbers.map { value -> Int in
      calls += 1
      return value
    }
    let first = mapped.subscribe { _ in }
    let second = mapped.subscribe { _ in }
    numbers.send(1)
    first.cancel()
    numbers.send(2)
    second.cancel()
    numbers.send(3)
    #expect(calls == 2)
  }

  @Test func reconnectsWithFreshReplayAfterAllSubscribersLeft() {
    let credit = CurrentValueSubject(1)
    let label = credit.map { "c\($0)" }
    var log: [String] = []
    label.subscribe { log.append("a \($0)") }.cancel()
    credit.value = 2
    let again = label.subscribe { log.append("b \($0)") }
    #expect(log == ["a c1", "b c2"])
    withExtendedLifetime(again) {}
  }

  @Test func docExample() {
    var output: [String] = []
    let credit = CurrentValueSubject(0)
    let label = credit.map { "Credit: \($0)" }
    let subscription = label.subscribe { output.append($0) }
    credit.value = 5
    #expect(output == ["Credit: 0", "Credit: 5"])
    withExtendedLifetime(subscription) {}
  }
}
