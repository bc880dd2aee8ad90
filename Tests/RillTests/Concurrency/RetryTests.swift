import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `retry(attempts:backoff:clock:_:)` driven by a `ManualClock`, and `Backoff`'s delays.
  @MainActor @Suite(.timeLimit(.minutes(5))) struct RetryTests {
    enum Failure: Error, Equatable { case busy(Int) }

    /// An operation that fails until its attempt `succeedsOn`, logging the second of each attempt and
    /// ringing after it.
    @MainActor final class Flaky {
      let clock: ManualClock
      let succeedsOn: Int
      private(set) var log: [Int64] = []
      let rings: AsyncStream<Void>
      private let bell: AsyncStream<Void>.Continuation
      private var waiting: AsyncStream<Void>.Iterator

      init(clock: ManualClock, succeedsOn: Int) {
        self.clock = clock
        self.succeedsOn = succeedsOn
        (rings, bell) = AsyncStream<Void>.makeStream()
        waiting = rings.makeAsyncIterator()
      }

      func attempt() throws(Failure) -> String {
        log.append(clock.now.offset.components.seconds)
        bell.yield()
        guard log.count >= succeedsOn else { throw .busy(log.count) }
        return "done on \(log.count)"
      }

      /// Waits until the next attempt has run.
      func nextAttempt() async {
        var iterator = waiting
        _ = await iterator.next(isolation: MainActor.shared)
        waiting = iterator
      }
    }

    let clock = ManualClock()

    /// Starts retrying `flaky`'s attempts on the main actor.
    func retrying(
      _ flaky: Flaky, attempts: Int, backoff: Backoff<Duration>
    ) -> Task<Result<String, Failure>, Never> {
      Task { [clock] in
        await retry(attempts: attempts, backoff: backoff, clock: clock) { () throws(Failure) in try flaky.attempt() }
      }
    }

    @Test func triesAgainAfterEachBackoffUntilItSucceeds() async {
      let flaky = Flaky(clock: clock, succeedsOn: 3)
      let run = retrying(flaky, attempts: 5, backoff: .exponential(initial: .seconds(1)))
      await flaky.nextAttempt()
      await clock.advance(by: .seconds(1))
      await flaky.nextAttempt()
      await clock.advance(by: .seconds(2))
      await flaky.nextAttempt()
      #expect(await run.value == .success("done on 3"))
      #expect(flaky.log == [0, 1, 3])
    }

    @Test func givesUpWithTheLastFailureAfterTheLastAttempt() async {
      let flaky = Flaky(clock: clock, succeedsOn: 10)
      let run = retrying(flaky, attempts: 2, backoff: .constant(.seconds(5)))
      await flaky.nextAttempt()
      await clock.advance(by: .seconds(5))
      await flaky.nextAttempt()
      #expect(await run.value == .failure(.busy(2)))
      #expect(flaky.log == [0, 5])
      #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingDuringABackoffReturnsTheLastFailureAtOnce() async {
      let flaky = Flaky(clock: clock, succeedsOn: 10)
      let run = retrying(flaky, attempts: 5, backoff: .constant(.seconds(5)))
      await flaky.nextAttempt()
      await clock.advance(by: .seconds(1))  // retry is asleep now
      run.cancel()
      #expect(await run.value == .failure(.busy(1)))
      #expect(flaky.log == [0])
      #expect(clock.sleeperCount == 0)
    }

    @Test func retriesEachValueOfAnAsyncMapAndCarriesTheResult() async {
      let flaky = Flaky(clock: clock, succeedsOn: 2)
      let query = Subject<String>()
      var out: [String] = []
      let results = query.map(.latest) { [clock] text in
        await retry(attempts: 3, backoff: .constant(.seconds(1)), clock: clock) { () throws(Failure) in
          "\(text): \(try flaky.attempt())"
        }
      }
      let subscription = results.subscribe { result in
        switch result {
        case .success(let value): out.append(value)
        case .failure(let failure): out.append("\(failure)")
        }
      }
      query.send("rill")
      await flaky.nextAttempt()
      await clock.advance(by: .seconds(1))
      await flaky.nextAttempt()  // it succeeds, and its result is emitted before the test goes on
      subscription.cancel()
      #expect(out == ["rill: done on 2"])
    }

    @Test(arguments: [
      (Backoff<Duration>.constant(.seconds(3)), [3, 3, 3, 3]),
      (.exponential(initial: .seconds(1)), [1, 2, 4, 8]),
      (.exponential(initial: .seconds(1), factor: 3, maximum: .seconds(10)), [1, 3, 9, 10]),
      (.exponential(initial: .seconds(20), maximum: .seconds(10)), [10, 10, 10, 10]),
    ])
    func backoffDelays(backoff: Backoff<Duration>, seconds: [Int64]) {
      #expect((1...4).map { backoff.delay(afterFailure: $0).components.seconds } == seconds)
    }
  }
}
