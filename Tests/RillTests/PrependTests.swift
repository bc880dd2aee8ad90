import Rill
import Testing

@Suite(.freesEverything) struct PrependTests {
  @Test func givesEachSubscriberPrefixThenLaterValuesOfSubject() {
    let numbers = Subject<Int>()
    let withPrefix = numbers.prepend(1, 2)
    var log: [String] = []
    let a = withPrefix.subscribe { log.append("a \($0)") }
    numbers.send(3)
    let b = withPrefix.subscribe { log.append("b \($0)") }
    numbers.send(4)
    #expect(log == ["a 1", "a 2", "a 3", "b 1", "b 2", "a 4", "b 4"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func givesPrefixThenReplayOfCurrentValueSubject() {
    let credit = CurrentValueSubject(10)
    let withPrefix = credit.prepend(0)
    var log: [String] = []
    let a = withPrefix.subscribe { log.append("a \($0)") }
    credit.value = 20
    let b = withPrefix.subscribe { log.append("b \($0)") }
    credit.value = 30
    #expect(log == ["a 0", "a 10", "a 20", "b 0", "b 20", "a 30", "b 30"])
    withExtendedLifetime((a, b)) {}
  }

  @Test(arguments: [
    (Array(1...3), [1, 2, 3, 9]),
    ([], [9]),
  ])
  func prependsContentsOfSequence(prefix: [Int], expected: [Int]) {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.prepend(contentsOf: prefix).subscribe { log.append($0) }
    numbers.send(9)
    #expect(log == expected)
    withExtendedLifetime(subscription) {}
  }

  @Test func prependsLazySequenceOnce() {
    let numbers = Subject<Int>()
    var log: [Int] = []
    let subscription = numbers.prepend(contentsOf: stride(from: 0, to: 6, by: 2)).subscribe { log.append($0) }
    #expect(log == [0, 2, 4])
    withExtendedLifetime(subscription) {}
  }

  @Test func downstreamOfPrefixedSubjectReplaysLastValue() {
    let query = Subject<String>()
    let lengths = query.prepend("").map(\.count)
    var log: [String] = []
    let a = lengths.subscribe { log.append("a \($0)") }
    query.send("swift")
    let b = lengths.subscribe { log.append("b \($0)") }
    #expect(log == ["a 0", "a 5", "b 5"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func disconnectsWhenLastSubscriberCancels() {
    let numbers = Subject<Int>()
    var upstreamCalls = 0
    let observed = numbers.map { value -> Int in
      upstreamCalls += 1
      return value
    }
    let subscription = observed.prepend(0).subscribe { _ in }
    numbers.send(1)
    subscription.cancel()
    numbers.send(2)
    #expect(upstreamCalls == 1)
  }

  @Test func docExample() {
    var output: [String] = []
    let query = Subject<String>()
    let searches = query.prepend("")
    let subscription = searches.subscribe { output.append("search '\($0)'") }
    query.send("swift")
    #expect(output == ["search ''", "search 'swift'"])
    withExtendedLifetime(subscription) {}
  }

  @Test func docExampleContentsOf() {
    var output: [Int] = []
    let moves = Subject<Int>()
    let subscription = moves.prepend(contentsOf: 1...3).subscribe { output.append($0) }
    moves.send(4)
    #expect(output == [1, 2, 3, 4])
    withExtendedLifetime(subscription) {}
  }
}
