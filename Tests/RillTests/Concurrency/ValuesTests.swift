import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `Signal.values`: a signal as an `AsyncSequence`, iterated in the signal's domain.
  @MainActor @Suite(.timeLimit(.minutes(5))) struct ValuesTests {
    @Test func replayingSignalYieldsItsCurrentValueFirst() async {
      let credit = CurrentValueSubject(5)
      var iterator = credit.values.makeAsyncIterator()
      credit.value = 10
      credit.value = 15
      var out: [Int] = []
      for _ in 0..<3 { out.append(await iterator.next(isolation: MainActor.shared) ?? -1) }
      #expect(out == [5, 10, 15])
    }

    @Test func valuesSentBeforeTheConsumerRunsAreBufferedInOrder() async {
      let taps = Subject<Int>()
      var iterator = taps.values.makeAsyncIterator()
      for value in 1...100 { taps.send(value) }
      var out: [Int] = []
      for _ in 1...100 { out.append(await iterator.next(isolation: MainActor.shared) ?? -1) }
      #expect(out == Array(1...100))
    }

    @Test func valuesSentAfterTheSequenceIsMadeButBeforeTheLoopStartsAreKept() async {
      let taps = Subject<Int>()
      let sequence = taps.values
      let consumer = Task { @MainActor in
        var out: [Int] = []
        for await tap in sequence {
          out.append(tap)
          if out.count == 3 { break }
        }
        return out
      }
      taps.send(1)  // the consumer's task has not run yet
      taps.send(2)
      await Task.yield()
      taps.send(3)
      consumer.cancel()  // buffered values are still taken before `next()` returns nil
      #expect(await consumer.value == [1, 2, 3])
      #expect(taps.observerCount == 0)
    }

    @Test func theFirstIteratorTakesTheSequencesSubscriptionAndALaterOneSubscribesAnew() async {
      let taps = Subject<Int>()
      let sequence = taps.values(bufferingPolicy: .bufferingNewest(2))
      #expect(taps.observerCount == 1)
      taps.send(1)
      taps.send(2)
      taps.send(3)
      var first = sequence.makeAsyncIterator()
      var second = sequence.makeAsyncIterator()
      #expect(taps.observerCount == 2)
      taps.send(4)
      var out: [String] = []
      for _ in 0..<2 { out.append("a\(await first.next(isolation: MainActor.shared) ?? -1)") }
      out.append("b\(await second.next(isolation: MainActor.shared) ?? -1)")
      #expect(out == ["a3", "a4", "b4"])
    }

    @Test func aSequenceFreedWithoutIterationUnsubscribes() {
      let taps = Subject<Int>()
      var sequence: SignalValues<Int>? = taps.values
      taps.send(1)
      #expect(taps.observerCount == 1)
      sequence = nil
      #expect(taps.observerCount == 0)
      _ = sequence
    }

    /// Before macOS 15 / iOS 18 the doorbell is awaited with `next()`, off the actor, on a second iterator of
    /// its stream: a consumer waiting that way is woken by each value too, and sees `nil` once cancelled.
    @Test func theDoorbellOfSystemsBeforeIsolatedNextWakesTheConsumer() async {
      let taps = Subject<Int>()
      let bridge = ValuesBridge(signal: taps, policy: .unbounded)
      let (got, gotContinuation) = AsyncStream<Int>.makeStream()
      let consumer = Task { @MainActor in
        var out: [Int] = []
        while let value = await bridge.next(isolation: MainActor.shared, waitsOffActor: true) {
          out.append(value)
          gotContinuation.yield(value)
        }
        return out
      }
      var heard = got.makeAsyncIterator()
      for value in [7, 8, 9] {
        taps.send(value)
        _ = await heard.next(isolation: MainActor.shared)
      }
      consumer.cancel()
      #expect(await consumer.value == [7, 8, 9])
    }

    @Test func aWaitingConsumerIsWokenByEachValue() async {
      let taps = Subject<Int>()
      var iterator = taps.values.makeAsyncIterator()
      let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
      let consumer = Task { @MainActor in
        var out: [Int] = []
        for _ in 0..<3 {
          // Both tasks share the main actor, so the consumer is suspended in `next` by the time the test
          // hears "ready" and sends.
          readyContinuation.yield()
          out.append(await iterator.next(isolation: MainActor.shared) ?? -1)
        }
        return out
      }
      var readiness = ready.makeAsyncIterator()
      for value in [7, 8, 9] {
        _ = await readiness.next(isolation: MainActor.shared)
        taps.send(value)
      }
      #expect(await consumer.value == [7, 8, 9])
    }

    @Test(arguments: [
      (BufferingPolicy.unbounded, [1, 2, 3, 4, 5, 6]),
      (.bufferingNewest(2), [4, 5, 6]),
      (.bufferingOldest(2), [1, 2, 6]),
      (.bufferingNewest(1), [5, 6]),
    ])
    func policyDecidesWhatALaggingConsumerGets(policy: BufferingPolicy, expected: [Int]) async {
      let numbers = Subject<Int>()
      var iterator = numbers.values(bufferingPolicy: policy).makeAsyncIterator()
      for value in 1...5 { numbers.send(value) }
      var out: [Int] = []
      for _ in 0..<(expected.count - 1) { out.append(await iterator.next(isolation: MainActor.shared) ?? -1) }
      numbers.send(6)
      out.append(await iterator.next(isolation: MainActor.shared) ?? -1)
      #expect(out == expected)
    }

    @Test func leavingTheLoopCancelsTheSubscription() async {
      let numbers = CurrentValueSubject(1)
      for await value in numbers.values {
        #expect(value == 1)
        #expect(numbers.observerCount == 1)
        break
      }
      #expect(numbers.observerCount == 0)
    }

    @Test func cancellingTheIteratingTaskEndsTheLoopAndTheSubscription() async {
      let numbers = Subject<Int>()
      var iterator = numbers.values.makeAsyncIterator()
      let (started, startedContinuation) = AsyncStream<Void>.makeStream()
      let consumer = Task { @MainActor in
        var out: [Int] = []
        while let value = await iterator.next(isolation: MainActor.shared) {
          out.append(value)
          startedContinuation.yield()
        }
        return out
      }
      numbers.send(1)
      for await _ in started { break }
      consumer.cancel()
      let out = await consumer.value
      numbers.send(2)
      #expect(out == [1])
      #expect(numbers.observerCount == 0)
    }

    @Test func nextReturnsNilOnceCancelled() async {
      let numbers = Subject<Int>()
      let result = await Task { @MainActor in
        var iterator = numbers.values.makeAsyncIterator()
        withUnsafeCurrentTask { $0?.cancel() }
        let first = await iterator.next(isolation: MainActor.shared)
        return (first, numbers.observerCount)
      }.value
      #expect(result.0 == nil)
      #expect(result.1 == 0)
    }

    @Test func eachIteratorIsItsOwnSubscription() async {
      let numbers = CurrentValueSubject(0)
      let values = numbers.values
      var first = values.makeAsyncIterator()
      numbers.value = 1
      var second = values.makeAsyncIterator()
      numbers.value = 2
      var out: [String] = []
      for _ in 0..<3 { out.append("a\(await first.next(isolation: MainActor.shared) ?? -1)") }
      for _ in 0..<2 { out.append("b\(await second.next(isolation: MainActor.shared) ?? -1)") }
      #expect(out == ["a0", "a1", "a2", "b1", "b2"])
      #expect(numbers.observerCount == 2)
    }

    @Test func worksOnAnyActorWithNonSendableValues() async {
      actor Owner {
        final class Box {
          var value: Int
          init(_ value: Int) { self.value = value }
        }
        let boxes = Subject<Box>()
        func collect() async -> [Int] {
          var iterator = boxes.values.makeAsyncIterator()
          for value in 1...3 { boxes.send(Box(value)) }
          var out: [Int] = []
          for _ in 1...3 { out.append(await iterator.next(isolation: self)?.value ?? -1) }
          return out
        }
      }
      #expect(await Owner().collect() == [1, 2, 3])
    }
  }
}
