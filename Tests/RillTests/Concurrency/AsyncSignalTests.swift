import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `Signal.from(_:)` and `Signal.task(_:)`: signals fed by async work in the caller's isolation.
  @MainActor @Suite(.timeLimit(.minutes(5))) struct AsyncSignalTests {
    @Test func fromEmitsTheSequenceElementsInOrder() async {
      let (stream, input) = AsyncStream<Int>.makeStream()
      let signal = Signal.from(stream).map { $0 * 10 }
      var output = signal.values.makeAsyncIterator()
      for value in 1...5 { input.yield(value) }
      var out: [Int] = []
      for _ in 1...5 { out.append(await output.next(isolation: MainActor.shared) ?? -1) }
      #expect(out == [10, 20, 30, 40, 50])
    }

    @Test func fromAFactoryMakesAFreshSequenceForEachConnection() async {
      var made = 0
      let signal = Signal.from {
        made += 1
        let (stream, input) = AsyncStream<Int>.makeStream()
        input.yield(made * 10)
        input.yield(made * 10 + 1)
        input.finish()
        return stream
      }
      var out: [Int] = []
      for _ in 0..<2 {
        var iterator = signal.values.makeAsyncIterator()
        out.append(await iterator.next(isolation: MainActor.shared) ?? -1)
        out.append(await iterator.next(isolation: MainActor.shared) ?? -1)
      }
      #expect(made == 2)
      #expect(out == [10, 11, 20, 21])
    }

    @Test func taskStartsWithTheFirstSubscriberAndIsCancelledWithTheLast() async {
      var log: [String] = []
      let (ended, endedInput) = AsyncStream<Void>.makeStream()
      let signal = Signal<Int>.task { send in
        log.append("start")
        send(1)
        send(2)
        while !Task.isCancelled { await Task.yield() }
        log.append("cancelled")
        endedInput.yield()
      }
      #expect(log == [])
      var first: [Int] = []
      var second: [Int] = []
      var iterator: SignalValues<Int>.Iterator? = signal.values.makeAsyncIterator()
      let other = signal.subscribe { second.append($0) }
      first.append(await iterator?.next(isolation: MainActor.shared) ?? -1)
      first.append(await iterator?.next(isolation: MainActor.shared) ?? -1)
      iterator = nil  // one subscriber left: the task keeps running
      #expect(log == ["start"])
      other.cancel()  // the last one: the task is cancelled
      for await _ in ended { break }
      #expect(log == ["start", "cancelled"])
      #expect(first == [1, 2])
      #expect(second == [1, 2])
    }

    @Test func aLaterFirstSubscriberRunsTheOperationAgain() async {
      var runs = 0
      let signal = Signal<Int>.task { send in
        runs += 1
        send(runs)
      }
      var out: [Int] = []
      for _ in 0..<2 {
        var iterator = signal.values.makeAsyncIterator()
        out.append(await iterator.next(isolation: MainActor.shared) ?? -1)
      }
      #expect(out == [1, 2])
    }

    @Test func aCancelledRunCannotSendIntoTheNextConnection() async {
      var runs = 0
      let (marks, mark) = AsyncStream<String>.makeStream()
      let signal = Signal<String>.task { send in
        runs += 1
        let run = runs
        send("before \(run)")
        mark.yield("before \(run)")
        guard run == 1 else { return }
        while !Task.isCancelled { await Task.yield() }
        send("after 1")  // the connection it fed is gone: ignored
        mark.yield("after 1")
      }
      var first: [String] = []
      var second: [String] = []
      var waiting = marks.makeAsyncIterator()
      let subscriptionA = signal.subscribe { first.append($0) }
      _ = await waiting.next(isolation: MainActor.shared)
      subscriptionA.cancel()
      let subscriptionB = signal.subscribe { second.append($0) }
      var seen: Set<String> = []
      while seen != ["after 1", "before 2"], let next = await waiting.next(isolation: MainActor.shared) {
        seen.insert(next)
      }
      #expect(first == ["before 1"])
      #expect(second == ["before 2"])
      withExtendedLifetime(subscriptionB) {}
    }

    @Test func theOperationRunsInTheCallersActor() async {
      actor Owner {
        var log: [String] = []
        func run() async -> [String] {
          let signal = Signal<Int>.task { send in
            // Touches the actor's state synchronously: the closure runs isolated to the owner.
            self.assertIsolated()
            send(1)
          }
          var iterator = signal.values.makeAsyncIterator()
          log.append("got \(await iterator.next(isolation: self) ?? -1)")
          return log
        }
      }
      #expect(await Owner().run() == ["got 1"])
    }

    @Test func emissionsFromTheTaskAreWholePropagations() async {
      let signal = Signal<Int>.task { send in
        send(1)
        send(2)
      }
      let a = signal.map { "a\($0)" }
      let b = signal.map { "b\($0)" }
      var iterator = combine(a, b).values.makeAsyncIterator()
      var out: [String] = []
      for _ in 0..<2 {
        let pair = await iterator.next(isolation: MainActor.shared)
        out.append("\(pair?.0 ?? "-") \(pair?.1 ?? "-")")
      }
      #expect(out == ["a1 b1", "a2 b2"])
    }
  }
}
