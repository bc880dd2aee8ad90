import Rill
import Testing

@Suite struct MergeTests {
  @Test func interleavesValuesAsTheyArrive() {
    let a = Subject<String>()
    let b = Subject<String>()
    let c = Subject<String>()
    var log: [String] = []
    let subscription = merge(a, b, c).subscribe { log.append($0) }
    a.send("a1")
    c.send("c1")
    b.send("b1")
    a.send("a2")
    #expect(log == ["a1", "c1", "b1", "a2"])
    withExtendedLifetime(subscription) {}
  }

  @Test(arguments: [0, 1, 4])
  func arrayFormTakesAnyNumberOfSignals(count: Int) {
    let sources = (0..<count).map { _ in Subject<Int>() }
    var log: [Int] = []
    let subscription = merge(sources).subscribe { log.append($0) }
    for (index, source) in sources.enumerated().reversed() { source.send(index) }
    #expect(log == Array((0..<count).reversed()))
    withExtendedLifetime(subscription) {}
  }

  @Test func firstSubscriberGetsEveryReplayedValueLaterOnesTheLastEmitted() {
    let a = CurrentValueSubject("a0")
    let b = CurrentValueSubject("b0")
    let merged = merge(a, b)
    var log: [String] = []
    let first = merged.subscribe { log.append("first \($0)") }
    a.value = "a1"
    let second = merged.subscribe { log.append("second \($0)") }
    b.value = "b1"
    #expect(log == ["first a0", "first b0", "first a1", "second a1", "first b1", "second b1"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func mergeOfAPrependDeliversTheWholePrefix() {
    let subject = Subject<Int>()
    var log: [Int] = []
    let subscription = merge(subject.prepend(1, 2, 3)).subscribe { log.append($0) }
    subject.send(4)
    #expect(log == [1, 2, 3, 4])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysTheOneReplayingSource() {
    let taps = Subject<String>()
    let state = CurrentValueSubject("ready")
    var log: [String] = []
    let subscription = merge(taps, state).subscribe { log.append($0) }
    taps.send("tap")
    #expect(log == ["ready", "tap"])
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysNothingFromSubjects() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let merged = merge(a, b)
    var log: [String] = []
    let first = merged.subscribe { log.append("first \($0)") }
    a.send(1)
    let second = merged.subscribe { log.append("second \($0)") }
    b.send(2)
    #expect(log == ["first 1", "first 2", "second 2"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func diamondDeliversBothBranchesInSubscriptionOrder() {
    let source = Subject<Int>()
    var log: [String] = []
    let subscription = merge(source.map { "x\($0)" }, source.map { "y\($0)" }).subscribe { log.append($0) }
    source.send(1)
    source.send(2)
    #expect(log == ["x1", "y1", "x2", "y2"])
    withExtendedLifetime(subscription) {}
  }

  @Test func sendFromObserverIsQueuedBehindCurrentDelivery() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    var log: [String] = []
    let merged = merge(a, b)
    let first = merged.subscribe { value in
      log.append("first \(value)")
      if value == 1 { b.send(2) }
    }
    let second = merged.subscribe { log.append("second \($0)") }
    a.send(1)
    #expect(log == ["first 1", "second 1", "first 2", "second 2"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func disconnectsFromEverySourceWhenLastSubscriberCancels() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    var calls: [Int] = []
    let observe: (Int) -> Int = { value in
      calls.append(value)
      return value
    }
    let subscription = merge(a.map(observe), b.map(observe)).subscribe { _ in }
    a.send(1)
    b.send(2)
    subscription.cancel()
    a.send(3)
    b.send(4)
    #expect(calls == [1, 2])
  }

  @Test func docExample() {
    var output: [String] = []
    let taps = Subject<String>()
    let keys = Subject<String>()
    let subscription = merge(taps, keys).subscribe { output.append($0) }
    taps.send("tap")
    keys.send("k")
    #expect(output == ["tap", "k"])
    withExtendedLifetime(subscription) {}
  }

  @Test func docExampleArray() {
    var output: [String] = []
    let rooms = [Subject<String>(), Subject<String>()]
    let subscription = merge(rooms).subscribe { output.append($0) }
    rooms[1].send("hi")
    rooms[0].send("yo")
    #expect(output == ["hi", "yo"])
    withExtendedLifetime(subscription) {}
  }
}
