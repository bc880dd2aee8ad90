import TestSupport
import Testing

@testable import Rill

extension ConcurrencyTests {
  /// Owns a signal graph on its own executor and pushes values through it.
  actor Producer {
    let numbers = Subject<Int>()
    private var subscriptions: [Subscription] = []

    func deliver(to sink: Sink<Int>, bufferingPolicy: BufferingPolicy = .unbounded) {
      numbers.subscribe(on: sink, bufferingPolicy: bufferingPolicy) { sink, value in sink.append(value) }
        .store(in: &subscriptions)
    }

    func deliverToMainActor(_ collector: MainActorCollector) {
      numbers.subscribe(on: MainActor.shared) { collector.append($0) }.store(in: &subscriptions)
    }

    func send(_ values: Range<Int>) {
      for value in values { numbers.send(value) }
    }

    func cancelAll() {
      subscriptions.removeAll()
    }
  }

  /// Collects values on the main actor and lets a test wait for a number of them.
  @MainActor final class MainActorCollector {
    private(set) var seen: [Int] = []
    private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func append(_ value: Int) {
      seen.append(value)
      if let waiter, seen.count >= waiter.count {
        self.waiter = nil
        waiter.continuation.resume()
      }
    }

    func wait(forCount count: Int) async {
      if seen.count >= count { return }
      await withCheckedContinuation { waiter = (count, $0) }
    }
  }
}

extension ConcurrencyTests {
  /// 10,000 values across a domain boundary (100,000 with `RILL_STRESS=1`, see ``StressSize``): none lost, none
  /// reordered (run under TSan too).
  @Suite(.timeLimit(.minutes(2))) struct StressTests {
    static let count = StressSize.pick(default: 10_000, stress: 100_000)

    @Test func actorToActor() async {
      let producer = Producer()
      let sink = Sink<Int>()
      await producer.deliver(to: sink)
      await producer.send(0..<Self.count)
      let seen = await sink.values(count: Self.count)
      #expect(seen == Array(0..<Self.count))
    }

    @Test @MainActor func actorToMainActor() async {
      let producer = Producer()
      let collector = MainActorCollector()
      await producer.deliverToMainActor(collector)
      await producer.send(0..<Self.count)
      await collector.wait(forCount: Self.count)
      #expect(collector.seen == Array(0..<Self.count))
    }

    @Test func whileTheProducerSendsInBatchesFromManyTasks() async {
      let producer = Producer()
      let sink = Sink<Int>()
      await producer.deliver(to: sink)
      // Batches are sent one after another, each by its own task hopping onto the producer.
      for start in stride(from: 0, to: Self.count, by: 1_000) {
        await Task.detached { await producer.send(start..<(start + 1_000)) }.value
      }
      let seen = await sink.values(count: Self.count)
      #expect(seen == Array(0..<Self.count))
    }

    @Test func twoProducersIntoOneTargetKeepEachOrder() async {
      let first = Producer()
      let second = Producer()
      let sink = Sink<Int>()
      await first.deliver(to: sink)
      await second.deliver(to: sink)
      let half = Self.count / 2
      async let sentFirst: Void = first.send(0..<half)
      async let sentSecond: Void = second.send(half..<Self.count)
      _ = await (sentFirst, sentSecond)
      let seen = await sink.values(count: Self.count)
      #expect(seen.filter { $0 < half } == Array(0..<half))
      #expect(seen.filter { $0 >= half } == Array(half..<Self.count))
    }

    @Test @MainActor func asyncSequenceFedFromAnotherThreadIntoAMainActorSignal() async {
      let (stream, input) = AsyncStream<Int>.makeStream()
      let signal = Signal.from(stream)
      let collector = MainActorCollector()
      let subscription = signal.subscribe { collector.append($0) }
      let feeder = Task.detached {
        for value in 0..<Self.count { input.yield(value) }
      }
      await feeder.value
      await collector.wait(forCount: Self.count)
      #expect(collector.seen == Array(0..<Self.count))
      subscription.cancel()
    }

    @Test func cancellingWhileDeliveringLeavesAnOrderedPrefix() async {
      let producer = Producer()
      let sink = Sink<Int>()
      await producer.deliver(to: sink)
      async let sent: Void = producer.send(0..<Self.count)
      let some = await sink.values(count: 1_000)
      await producer.cancelAll()
      await sent
      let seen = await sink.seen
      #expect(some.count >= 1_000)
      #expect(seen == Array(0..<seen.count))
    }

    @Test func bufferingNewestUnderLoadDeliversAnIncreasingSubsequenceEndingWithTheLast() async {
      let producer = Producer()
      let sink = Sink<Int>()
      await producer.deliver(to: sink, bufferingPolicy: .bufferingNewest(16))
      await producer.send(0..<Self.count)
      // The last value always arrives: bufferingNewest only drops values with newer ones behind them.
      var seen = await sink.values(count: 1)
      while seen.last != Self.count - 1 { seen = await sink.values(count: seen.count + 1) }
      #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
    }
  }
}
