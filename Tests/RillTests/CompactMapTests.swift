import Rill
import Testing

@Suite(.freesEverything) struct CompactMapTests {
  @Test(arguments: [
    (["1", "x", "2", "", "3"], [1, 2, 3]),
    (["a", "b"], []),
    (["-4", "4"], [-4, 4]),
  ])
  func emitsNonNilResults(inputs: [String], expected: [Int]) {
    let input = Subject<String>()
    var log: [Int] = []
    let subscription = input.compactMap { Int($0) }.subscribe { log.append($0) }
    for text in inputs { input.send(text) }
    #expect(log == expected)
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysLastNonNilResult() {
    let input = CurrentValueSubject("1")
    let numbers = input.compactMap { Int($0) }
    var log: [String] = []
    let first = numbers.subscribe { log.append("first \($0)") }
    input.value = "2"
    input.value = "x"
    let second = numbers.subscribe { log.append("second \($0)") }
    input.value = "3"
    #expect(log == ["first 1", "first 2", "second 2", "first 3", "second 3"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func replaysNothingWhenReplayedValueIsDropped() {
    let input = CurrentValueSubject("x")
    let numbers = input.compactMap { Int($0) }
    var log: [String] = []
    let first = numbers.subscribe { log.append("first \($0)") }
    let second = numbers.subscribe { log.append("second \($0)") }
    #expect(log.isEmpty)
    withExtendedLifetime((first, second)) {}
  }

  @Test func replaysNothingFromSubject() {
    let input = Subject<String>()
    let numbers = input.compactMap { Int($0) }
    var log: [String] = []
    let first = numbers.subscribe { log.append("first \($0)") }
    input.send("1")
    let second = numbers.subscribe { log.append("second \($0)") }
    input.send("2")
    #expect(log == ["first 1", "first 2", "second 2"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func disconnectsWhenLastSubscriberCancels() {
    let input = Subject<String>()
    var calls = 0
    let numbers = input.compactMap { text -> Int? in
      calls += 1
      return Int(text)
    }
    let subscription = numbers.subscribe { _ in }
    input.send("1")
    subscription.cancel()
    input.send("2")
    #expect(calls == 1)
  }

  @Test func docExample() {
    var output: [Int] = []
    let input = Subject<String>()
    let numbers = input.compactMap { Int($0) }
    let subscription = numbers.subscribe { output.append($0) }
    input.send("12")
    input.send("x")
    input.send("7")
    #expect(output == [12, 7])
    withExtendedLifetime(subscription) {}
  }
}
