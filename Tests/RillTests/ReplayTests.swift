import Rill
import Testing

/// Rule 2: CurrentValueSubject and signals derived from it replay synchronously; Subject does not.
@Suite(.freesEverything) struct ReplayTests {
  @Test func currentValueSubjectReplaysInsideSubscribe() {
    let subject = CurrentValueSubject(7)
    var log: [Int] = []
    let subscription = subject.subscribe { log.append($0) }
    #expect(log == [7])
    withExtendedLifetime(subscription) {}
  }

  @Test func currentValueSubjectReplaysTheLatestValueToLateSubscribers() {
    let subject = CurrentValueSubject(0)
    subject.value = 3
    var log: [Int] = []
    let subscription = subject.subscribe { log.append($0) }
    subject.value = 4
    #expect(log == [3, 4])
    withExtendedLifetime(subscription) {}
  }

  @Test func mapReplaysTheLastValueItEmitted() {
    let subject = CurrentValueSubject(1)
    var calls = 0
    let mapped = subject.map { value -> Int in
      calls += 1
      return value * 10
    }
    var log: [String] = []
    let first = mapped.subscribe { log.append("a\($0)") }
    subject.value = 2
    let second = mapped.subscribe { log.append("b\($0)") }
    #expect(log == ["a10", "a20", "b20"])
    #expect(calls == 2)
    withExtendedLifetime((first, second)) {}
  }

  @Test func filterReplaysTheLastValueThatPassed() {
    let subject = CurrentValueSubject(2)
    let even = subject.filter { $0 % 2 == 0 }
    var log: [String] = []
    let first = even.subscribe { log.append("a\($0)") }
    subject.value = 4
    subject.value = 5
    let second = even.subscribe { log.append("b\($0)") }
    #expect(log == ["a2", "a4", "b4"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func filterReplaysNothingWhenTheCurrentValueDoesNotPass() {
    let subject = CurrentValueSubject(1)
    var log: [Int] = []
    let subscription = subject.filter { $0 % 2 == 0 }.subscribe { log.append($0) }
    #expect(log == [])
    withExtendedLifetime(subscription) {}
  }

  @Test func combineReplaysOnceEverySourceHasAValue() {
    let number = CurrentValueSubject(1)
    let word = CurrentValueSubject("one")
    let joined = combine(number, word)
    var log: [String] = []
    let first = joined.subscribe { log.append("a\($0)") }
    number.value = 2
    let second = joined.subscribe { log.append("b\($0)") }
    #expect(log == ["a(1, \"one\")", "a(2, \"one\")", "b(2, \"one\")"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func combineWithAPlainSubjectWaitsForIt() {
    let number = CurrentValueSubject(1)
    let taps = Subject<String>()
    let joined = combine(number, taps)
    var log: [String] = []
    let first = joined.subscribe { log.append("a\($0)") }
    #expect(log == [])
    taps.send("tap")
    let second = joined.subscribe { log.append("b\($0)") }
    #expect(log == ["a(1, \"tap\")", "b(1, \"tap\")"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func subjectReplaysNothing() {
    let subject = Subject<Int>()
    subject.send(1)
    var log: [Int] = []
    let subscription = subject.subscribe { log.append($0) }
    #expect(log == [])
    withExtendedLifetime(subscription) {}
  }

  @Test func signalsDerivedOnlyFromASubjectReplayNothing() {
    let subject = Subject<Int>()
    let mapped = subject.map { $0 + 1 }.filter { _ in true }
    var log: [String] = []
    let first = mapped.subscribe { log.append("a\($0)") }
    subject.send(1)
    let second = mapped.subscribe { log.append("b\($0)") }
    let third = combine(mapped, subject.map { $0 * 2 }).subscribe { log.append("c\($0)") }
    #expect(log == ["a2"])
    withExtendedLifetime((first, second, third)) {}
  }

  @Test func aReconnectedDerivedSignalReplaysTheCurrentValueNotAStaleOne() {
    let subject = CurrentValueSubject(1)
    let mapped = subject.map { $0 * 10 }
    var log: [String] = []
    mapped.subscribe { log.append("a\($0)") }.cancel()
    subject.value = 2
    let second = mapped.subscribe { log.append("b\($0)") }
    #expect(log == ["a10", "b20"])
    withExtendedLifetime(second) {}
  }

  /// A node keeps a last value of plain data up to two words in itself, and any other in storage of its own: both
  /// replay the value last emitted, and a reconnect starts afresh.
  @Test func replaysValuesKeptInTheNodeAndInStorageOfTheirOwn() {
    struct Three: Equatable { var a, b, c: Int }
    let source = CurrentValueSubject(1)
    let pair = source.map { ($0, $0 * 2) }
    let text = source.map { "v\($0)" }
    let three = source.map { Three(a: $0, b: 0, c: -$0) }
    let byte = source.map { UInt8($0) }
    var log: [String] = []
    let first = [
      pair.subscribe { _ in }, text.subscribe { _ in }, three.subscribe { _ in }, byte.subscribe { _ in },
    ]
    source.value = 7
    let late = [
      pair.subscribe { log.append("\($0)") }, text.subscribe { log.append($0) },
      three.subscribe { log.append("\($0 == Three(a: 7, b: 0, c: -7))") }, byte.subscribe { log.append("\($0)") },
    ]
    #expect(log == ["(7, 14)", "v7", "true", "7"])
    for subscription in first + late { subscription.cancel() }
    source.value = 8
    log = []
    let again = [pair.subscribe { log.append("\($0)") }, text.subscribe { log.append($0) }]
    #expect(log == ["(8, 16)", "v8"])
    withExtendedLifetime(again) {}
  }
}
