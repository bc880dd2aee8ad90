import Rill
import Testing

@Suite(.freesEverything) struct RemoveDuplicatesTests {
  @Test(arguments: [
    ([1, 1, 2, 2, 2, 1, 3, 3], [1, 2, 1, 3]),
    ([4, 4, 4], [4]),
    ([1, 2, 3], [1, 2, 3]),
    ([], []),
  ])
  func emitsOnlyChanges(inputs: [Int], expected: [Int]) {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.removeDuplicates().subscribe { log.append($0) }
    for n in inputs { numbers.send(n) }
    #expect(log == expected)
    withExtendedLifetime(subscription) {}
  }

  @Test func comparesWithLastEmittedValueByPredicate() {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let closeEnough = numbers.removeDuplicates { abs($0 - $1) <= 1 }
    let subscription = closeEnough.subscribe { log.append($0) }
    for n in [0, 1, 2, 3, 10, 9] { numbers.send(n) }
    #expect(log == [0, 2, 10])
    withExtendedLifetime(subscription) {}
  }

  @Test func theFirstValuePassesWhateverThePredicateSays() {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.removeDuplicates { _, _ in true }.subscribe { log.append($0) }
    for n in [1, 2, 3] { numbers.send(n) }
    #expect(log == [1])
    withExtendedLifetime(subscription) {}
  }

  @Test func thePredicateGetsTheLastEmittedValueThenTheNewOne() {
    let letters = Subject<String>()
    var calls: [String] = []
    let subscription = letters.removeDuplicates { previous, next in
      calls.append(previous + next)
      return false
    }.subscribe { _ in }
    for letter in ["a", "b", "c"] { letters.send(letter) }
    #expect(calls == ["ab", "bc"])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysLastEmittedValue() {
    let credit = CurrentValueSubject(0)
    let changes = credit.removeDuplicates()
    var log: [String] = []
    let a = changes.subscribe { log.append("a \($0)") }
    credit.value = 0
    credit.value = 5
    credit.value = 5
    let b = changes.subscribe { log.append("b \($0)") }
    credit.value = 5
    credit.value = 6
    #expect(log == ["a 0", "a 5", "b 5", "a 6", "b 6"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func replaysNothingFromSubject() {
    let numbers = Subject<Int>()
    let changes = numbers.removeDuplicates()
    var log: [String] = []
    let a = changes.subscribe { log.append("a \($0)") }
    numbers.send(1)
    let b = changes.subscribe { log.append("b \($0)") }
    numbers.send(1)
    numbers.send(2)
    #expect(log == ["a 1", "a 2", "b 2"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func forgetsLastValueAfterLastSubscriberLeaves() {
    let numbers = Subject<Int>()
    let changes = numbers.removeDuplicates()
    var log: [String] = []
    let a = changes.subscribe { log.append("a \($0)") }
    numbers.send(1)
    a.cancel()
    let b = changes.subscribe { log.append("b \($0)") }
    numbers.send(1)
    #expect(log == ["a 1", "b 1"])
    withExtendedLifetime(b) {}
  }

  @Test func disconnectsWhenLastSubscriberCancels() {
    let numbers = Subject<Int>()
    var comparisons = 0
    let changes = numbers.removeDuplicates { lhs, rhs in
      comparisons += 1
      return lhs == rhs
    }
    let subscription = changes.subscribe { _ in }
    numbers.send(1)
    numbers.send(1)
    subscription.cancel()
    numbers.send(1)
    #expect(comparisons == 1)
  }

  @Test func docExampleByPredicate() {
    var output: [String] = []
    let names = Subject<String>()
    let changes = names.removeDuplicates { $0.lowercased() == $1.lowercased() }
    let subscription = changes.subscribe { output.append($0) }
    names.send("a")
    names.send("A")
    names.send("b")
    #expect(output == ["a", "b"])
    withExtendedLifetime(subscription) {}
  }

  @Test func docExampleEquatable() {
    var output: [Int] = []
    let credit = Subject<Int>()
    let changes = credit.removeDuplicates()
    let subscription = changes.subscribe { output.append($0) }
    for c in [0, 0, 5, 5, 0] { credit.send(c) }
    #expect(output == [0, 5, 0])
    withExtendedLifetime(subscription) {}
  }
}

@Suite(.freesEverything) struct RemoveDuplicatesByKeyPathTests {
  struct Player: Equatable {
    var name: String
    var score: Int
  }

  @Test func comparesTheKeyPathOfTheLastEmittedValue() {
    let players = Subject<Player>()
    var log: [String] = []
    let subscription = players.removeDuplicates(by: \.name).subscribe { log.append("\($0.name) \($0.score)") }
    for (name, score) in [("a", 1), ("a", 2), ("b", 2), ("b", 3), ("a", 3)] {
      players.send(Player(name: name, score: score))
    }
    #expect(log == ["a 1", "b 2", "a 3"])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysTheLastValueEmitted() {
    let player = CurrentValueSubject(Player(name: "a", score: 1))
    let byName = player.removeDuplicates(by: \.name)
    var log: [String] = []
    let a = byName.subscribe { log.append("a \($0.score)") }
    player.value.score = 2
    let b = byName.subscribe { log.append("b \($0.score)") }
    #expect(log == ["a 1", "b 1"])
    withExtendedLifetime((a, b)) {}
  }
}
