import Rill
import Testing

@Suite(.freesEverything) struct CombineTests {
  @Test func emitsOnlyOnceEverySourceHasValue() {
    let count = Subject<Int>()
    let name = Subject<String>()
    var log: [String] = []
    let subscription = combine(count, name).subscribe { log.append("\($0) \($1)") }
    count.send(1)
    count.send(2)
    name.send("a")
    count.send(3)
    name.send("b")
    #expect(log == ["2 a", "3 a", "3 b"])
    withExtendedLifetime(subscription) {}
  }

  @Test func arityOneEmitsEachValue() {
    let count = Subject<Int>()
    var log: [Int] = []
    let subscription = combine(count).subscribe { log.append($0) }
    count.send(1)
    count.send(2)
    #expect(log == [1, 2])
    withExtendedLifetime(subscription) {}
  }

  @Test func arityThreeWithMixedTypes() {
    let count = CurrentValueSubject(1)
    let name = Subject<String>()
    let flag = CurrentValueSubject(false)
    var log: [String] = []
    let subscription = combine(count, name, flag).subscribe { log.append("\($0) \($1) \($2)") }
    name.send("a")
    flag.value = true
    count.value = 2
    #expect(log == ["1 a false", "1 a true", "2 a true"])
    withExtendedLifetime(subscription) {}
  }

  @Test func arityFiveWithMixedTypes() {
    let count = CurrentValueSubject(1)
    let name = CurrentValueSubject("a")
    let flag = CurrentValueSubject(false)
    let ratio = Subject<Double>()
    let tags = CurrentValueSubject<[String]>([])
    var log: [String] = []
    let subscription = combine(count, name, flag, ratio, tags).subscribe { values in
      let (count, name, flag, ratio, tags) = values
      log.append("\(count) \(name) \(flag) \(ratio) \(tags)")
    }
    ratio.send(0.5)
    tags.value = ["x"]
    #expect(log == ["1 a false 0.5 []", "1 a false 0.5 [\"x\"]"])
    withExtendedLifetime(subscription) {}
  }

  @Test func emitsOnceOnSubscribeWhenAllSourcesReplay() {
    let count = CurrentValueSubject(1)
    let name = CurrentValueSubject("a")
    let flag = CurrentValueSubject(true)
    var log: [String] = []
    let subscription = combine(count, name, flag).subscribe { log.append("\($0) \($1) \($2)") }
    #expect(log == ["1 a true"])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysLastTupleToLaterSubscriber() {
    let count = CurrentValueSubject(1)
    let name = CurrentValueSubject("a")
    let pair = combine(count, name)
    var log: [String] = []
    let a = pair.subscribe { log.append("a \($0)\($1)") }
    name.value = "b"
    let b = pair.subscribe { log.append("b \($0)\($1)") }
    count.value = 2
    #expect(log == ["a 1a", "a 1b", "b 1b", "a 2b", "b 2b"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func replaysNothingFromSubjects() {
    let count = Subject<Int>()
    let name = Subject<String>()
    let pair = combine(count, name)
    var log: [String] = []
    let a = pair.subscribe { log.append("a \($0)\($1)") }
    count.send(1)
    name.send("a")
    let b = pair.subscribe { log.append("b \($0)\($1)") }
    count.send(2)
    #expect(log == ["a 1a", "a 2a", "b 2a"])
    withExtendedLifetime((a, b)) {}
  }

  @Test(arguments: [false, true])
  func isGlitchFreeInDiamond(rightBranchConnectedFirst: Bool) {
    let source = CurrentValueSubject(1)
    let left = source.map { $0 * 10 }
    let right = source.map { "v\($0)" }
    let warmUp = rightBranchConnectedFirst ? right.subscribe { _ in } : left.subscribe { _ in }
    var log: [String] = []
    let subscription = combine(left, right, source).subscribe { log.append("\($0) \($1) \($2)") }
    source.value = 2
    source.value = 3
    #expect(log == ["10 v1 1", "20 v2 2", "30 v3 3"])
    withExtendedLifetime((warmUp, subscription)) {}
  }

  /// Seven sources take the parameter-pack form (two to six have fixed-arity overloads): it must keep the same
  /// semantics.
  @Test func packFormIsGlitchFreeInDiamondAndReplays() {
    let source = CurrentValueSubject(1)
    let joined = combine(
      source.map { $0 * 10 }, source.map { "v\($0)" }, source, source.map { $0 + 1 }.map { -$0 },
      CurrentValueSubject(0),
      source.map { $0 * 2 }, source.map { $0 > 1 }
    )
    var log: [String] = []
    let first = joined.subscribe { log.append("first \($0) \($1) \($2) \($3) \($4) \($5) \($6)") }
    source.value = 2
    let second = joined.subscribe { log.append("second \($0) \($1) \($2) \($3) \($4) \($5) \($6)") }
    #expect(
      log == [
        "first 10 v1 1 -2 0 2 false", "first 20 v2 2 -3 0 4 true", "second 20 v2 2 -3 0 4 true",
      ])
    withExtendedLifetime((first, second)) {}
  }

  /// Five and six sources take fixed-arity overloads: glitch-free in a diamond, replay once all have a value.
  @Test func aritiesFiveAndSixAreGlitchFreeInDiamondAndReplay() {
    let source = CurrentValueSubject(1)
    let (a, b, c) = (source.map { $0 * 10 }, source.map { "v\($0)" }, source.map { $0 + 1 }.map { -$0 })
    let five = combine(a, b, source, c, CurrentValueSubject(0))
    let six = combine(a, b, source, c, CurrentValueSubject(0), source.map { $0 > 1 })
    var log: [String] = []
    let firstFive = five.subscribe { log.append("five \($0) \($1) \($2) \($3) \($4)") }
    let firstSix = six.subscribe { log.append("six \($0) \($1) \($2) \($3) \($4) \($5)") }
    source.value = 2
    let secondFive = five.subscribe { log.append("again \($0) \($1) \($2) \($3) \($4)") }
    let secondSix = six.subscribe { log.append("again \($0) \($1) \($2) \($3) \($4) \($5)") }
    #expect(
      log == [
        "five 10 v1 1 -2 0", "six 10 v1 1 -2 0 false", "five 20 v2 2 -3 0", "six 20 v2 2 -3 0 true",
        "again 20 v2 2 -3 0", "again 20 v2 2 -3 0 true",
      ])
    withExtendedLifetime((firstFive, firstSix, secondFive, secondSix)) {}
  }

  /// Four sources take the fixed-arity overload: glitch-free in a diamond, replays once all have a value.
  @Test func arityFourIsGlitchFreeInDiamondAndReplays() {
    let source = CurrentValueSubject(1)
    let joined = combine(source.map { $0 * 10 }, source.map { "v\($0)" }, source, source.map { $0 + 1 }.map { -$0 })
    var log: [String] = []
    let first = joined.subscribe { log.append("first \($0) \($1) \($2) \($3)") }
    source.value = 2
    let second = joined.subscribe { log.append("second \($0) \($1) \($2) \($3)") }
    #expect(log == ["first 10 v1 1 -2", "first 20 v2 2 -3", "second 20 v2 2 -3"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func sameSignalTwiceEmitsOncePerSend() {
    let source = Subject<Int>()
    var log: [String] = []
    let subscription = combine(source, source).subscribe { log.append("\($0)\($1)") }
    source.send(1)
    source.send(2)
    #expect(log == ["11", "22"])
    withExtendedLifetime(subscription) {}
  }

  @Test func firstValuesArrivingInOnePropagationEmitOnce() {
    let source = Subject<Int>()
    var log: [String] = []
    let subscription = combine(source.map { $0 + 1 }, source.map { $0 * 2 }).subscribe { log.append("\($0) \($1)") }
    source.send(5)
    #expect(log == ["6 10"])
    withExtendedLifetime(subscription) {}
  }

  @Test func sendFromObserverIsEmittedAfterCurrentPropagation() {
    let count = CurrentValueSubject(0)
    let name = CurrentValueSubject("a")
    var log: [String] = []
    let subscription = combine(count, name).subscribe { number, text in
      log.append("\(number)\(text)")
      if number == 1 && text == "a" {
        name.send("b")
        count.send(2)
      }
    }
    count.value = 1
    #expect(log == ["0a", "1a", "1b", "2b"])
    withExtendedLifetime(subscription) {}
  }

  @Test func startsAfreshAfterLastSubscriberLeaves() {
    let count = Subject<Int>()
    let name = Subject<String>()
    let pair = combine(count, name)
    var log: [String] = []
    let a = pair.subscribe { log.append("a \($0)\($1)") }
    count.send(1)
    name.send("x")
    a.cancel()
    let b = pair.subscribe { log.append("b \($0)\($1)") }
    count.send(2)
    name.send("y")
    #expect(log == ["a 1x", "b 2y"])
    withExtendedLifetime(b) {}
  }

  @Test func disconnectsFromEverySourceWhenLastSubscriberCancels() {
    let count = Subject<Int>()
    let name = Subject<String>()
    var calls: [String] = []
    let observedCount = count.map { value -> Int in
      calls.append("count \(value)")
      return value
    }
    let observedName = name.map { value -> String in
      calls.append("name \(value)")
      return value
    }
    let subscription = combine(observedCount, observedName).subscribe { _ in }
    count.send(1)
    name.send("a")
    subscription.cancel()
    count.send(2)
    name.send("b")
    #expect(calls == ["count 1", "name a"])
  }

  @Test func pairDocExample() {
    var output: [String] = []
    let count = CurrentValueSubject(1)
    let name = CurrentValueSubject("a")
    let subscription = combine(count, name).subscribe { output.append("\($0) \($1)") }
    #expect(output == ["1 a"])
    withExtendedLifetime(subscription) {}
  }

  @Test func tripleDocExample() {
    var output: [String] = []
    let credit = CurrentValueSubject(0)
    let view = combine(credit, credit.map { $0 < 30 }, credit.map { "\($0) €" })
    let subscription = view.subscribe { output.append("\($0)") }
    credit.value = 40
    #expect(output == ["(0, true, \"0 €\")", "(40, false, \"40 €\")"])
    withExtendedLifetime(subscription) {}
  }

  @Test func docExample() {
    var output: [String] = []
    let credit = CurrentValueSubject(0)
    let color = credit.map { $0 < 30 ? "gray" : "purple" }
    let status = credit.map { $0 == 0 ? "not set" : "fail" }
    let view = combine(credit, color, status)
    let subscription = view.subscribe { output.append("\($0)") }
    credit.value = 30
    #expect(output == ["(0, \"gray\", \"not set\")", "(30, \"purple\", \"fail\")"])
    withExtendedLifetime(subscription) {}
  }
}
