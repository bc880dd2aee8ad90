import Rill
import Testing

@Suite(.freesEverything) struct FilterTests {
  @Test func emitsOnlyValuesThatPass() {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.filter { $0 % 2 == 0 }.subscribe { log.append($0) }
    for n in 1...6 { numbers.send(n) }
    #expect(log == [2, 4, 6])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysLastValueThatPassed() {
    let numbers = CurrentValueSubject(2)
    let even = numbers.filter { $0 % 2 == 0 }
    var log: [String] = []
    let first = even.subscribe { log.append("first \($0)") }
    numbers.value = 4
    numbers.value = 5
    let second = even.subscribe { log.append("second \($0)") }
    numbers.value = 6
    #expect(log == ["first 2", "first 4", "second 4", "first 6", "second 6"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func replaysNothingWhenReplayedValueFails() {
    let numbers = CurrentValueSubject(1)
    let even = numbers.filter { $0 % 2 == 0 }
    var log: [String] = []
    let first = even.subscribe { log.append("first \($0)") }
    let second = even.subscribe { log.append("second \($0)") }
    numbers.value = 2
    #expect(log == ["first 2", "second 2"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func replaysNothingFromSubject() {
    let numbers = Subject<Int>()
    let even = numbers.filter { $0 % 2 == 0 }
    var log: [String] = []
    let first = even.subscribe { log.append("first \($0)") }
    numbers.send(2)
    let second = even.subscribe { log.append("second \($0)") }
    numbers.send(4)
    #expect(log == ["first 2", "first 4", "second 4"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func disconnectsWhenLastSubscriberCancels() {
    let numbers = Subject<Int>()
    var calls = 0
    let even = numbers.filter { value in
      calls += 1
      return value % 2 == 0
    }
    let first = even.subscribe { _ in }
    let second = even.subscribe { _ in }
    numbers.send(1)
    first.cancel()
    numbers.send(2)
    second.cancel()
    numbers.send(3)
    #expect(calls == 2)
  }

  @Test func docExample() {
    var output: [Int] = []
    let numbers = Subject<Int>()
    let even = numbers.filter { $0 % 2 == 0 }
    let subscription = even.subscribe { output.append($0) }
    for n in 1...4 { numbers.send(n) }
    #expect(output == [2, 4])
    withExtendedLifetime(subscription) {}
  }
}
