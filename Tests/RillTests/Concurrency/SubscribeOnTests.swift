import Testing

@testable import Rill

extension ConcurrencyTests {
  /// Collects values on its own executor and lets a test wait for a number of them.
  actor Sink<Value: Sendable> {
    private(set) var seen: [Value] = []
    private var waiter: (count: Int, continuation: CheckedContinuation<[Value], Never>)?

    func append(_ value: Value) {
      seen.append(value)
      if let waiter, seen.count >= waiter.count {
        self.waiter = nil
        waiter.continuation.resume(returning: seen)
      }
    }

    /// The values seen once there are at least `count`.
    func values(count: Int) async -> [Value] {
      if seen.count >= count { return seen }
      return await withCheckedContinuation { waiter = (count, $0) }
    }
  }
}

extension ConcurrencyTests {
  /// `subscribe(on:)`: delivery of a signal's values on another actor.
  @MainActor @Suite(.timeLimit(.minutes(5))) struct SubscribeOnTests {
    @Test func deliversOnTheTargetActorInOrderReplayFirst() async {
      let sink = Sink<Int>()
      let counter = CurrentValueSubject(0)
      let subscription = counter.subscribe(on: sink) { sink, value in
        sink.assertIsolated()
        sink.append(value)
      }
      for value in 1...5 { counter.value = value }
      #expect(await sink.values(count: 6) == [0, 1, 2, 3, 4, 5])
      withExtendedLifetime(subscription) {}
    }

    @Test func cancelUnsubscribesAtOnceAndStopsDelivery() async {
      let sink = Sink<Int>()
      let numbers = Subject<Int>()
      let subscription = numbers.subscribe(on: sink) { sink, value in sink.append(value) }
      numbers.send(1)
      #expect(await sink.values(count: 1) == [1])
      #expect(numbers.observerCount == 1)
      subscription.cancel()
      #expect(numbers.observerCount == 0)
      numbers.send(2)
      #expect(subscription.isCancelled)
      #expect(await sink.seen == [1])
    }

    @Test func valuesBufferedWhenCancelledAreNotDelivered() async {
      var seen: [Int] = []
      let numbers = Subject<Int>()
      // Target and source share the main actor, so nothing is delivered before the test suspends.
      let subscription = numbers.subscribe(on: MainActor.shared) { seen.append($0) }
      for value in 1...3 { numbers.send(value) }
      subscription.cancel()
      let marker = Sink<Int>()
      let probe = numbers.subscribe(on: MainActor.shared) { value in Task { await marker.append(value) } }
      numbers.send(4)
      #expect(await marker.values(count: 1) == [4])
      #expect(seen == [])
      withExtendedLifetime(probe) {}
    }

    @Test(arguments: [
      (BufferingPolicy.unbounded, [1, 2, 3, 4, 5]),
      (.bufferingNewest(2), [4, 5]),
      (.bufferingOldest(2), [1, 2]),
    ])
    func policyDecidesWhatALaggingTargetGets(policy: BufferingPolicy, expected: [Int]) async {
      var seen: [Int] = []
      let (deliveries, delivered) = AsyncStream<Void>.makeStream()
      let numbers = Subject<Int>()
      // The pump runs on the main actor, which the test holds while it sends: the target lags by five.
      let subscription = numbers.subscribe(on: MainActor.shared, bufferingPolicy: policy) { value in
        seen.append(value)
        delivered.yield()
      }
      for value in 1...5 { numbers.send(value) }
      var waiting = deliveries.makeAsyncIterator()
      for _ in expected { _ = await waiting.next(isolation: MainActor.shared) }
      numbers.send(6)
      _ = await waiting.next(isolation: MainActor.shared)
      #expect(seen == expected + [6])
      withExtendedLifetime(subscription) {}
    }

    @Test func backgroundModelDrivesAMainActorView() async {
      @MainActor final class Label { var lines: [String] = [] }
      actor Model {
        let progress = CurrentValueSubject(0)
        var subscriptions = Set<Subscription>()
        func bind(_ label: Label, done: @escaping @Sendable @MainActor () -> Void) {
          progress.subscribe(on: MainActor.shared) { value in
            label.lines.append("\(value) %")
            if value == 100 { done() }
          }
          .store(in: &subscriptions)
        }
        func run() { for step in 1...4 { progress.value = step * 25 } }
      }
      let label = Label()
      let model = Model()
      await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        Task {
          await model.bind(label) { finished.resume() }
          await model.run()
        }
      }
      #expect(label.lines == ["0 %", "25 %", "50 %", "75 %", "100 %"])
    }
  }
}
