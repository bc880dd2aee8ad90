import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `ManualClock`: time moves only on `advance`, sleepers wake in deadline order.
  @Suite(.timeLimit(.minutes(5))) struct ManualClockTests {
    @Test func startsAtZeroAndMovesOnlyWhenAdvanced() async {
      let clock = ManualClock()
      #expect(clock.now == .zero)
      await clock.advance(by: .seconds(3))
      #expect(clock.now == ManualClock.Instant(offset: .seconds(3)))
      await clock.advance(to: ManualClock.Instant(offset: .seconds(1)))
      #expect(clock.now == ManualClock.Instant(offset: .seconds(3)))
    }

    @Test @MainActor func wakesSleepersInDeadlineOrderAtTheirDeadlines() async {
      let clock = ManualClock()
      var log: [String] = []
      // Timers on the main actor go to sleep in the order they were started, so equal deadlines have a
      // known order.
      var timers: [Task<Void, Never>] = []
      for (name, seconds) in [("c", 5), ("a", 2), ("b", 5), ("d", 9)] {
        timers.append(
          startTimer(on: clock, at: .zero.advanced(by: .seconds(seconds)), isolation: MainActor.shared) {
            log.append("\(name)@\(clock.now.offset.components.seconds)")
          })
      }
      await clock.advance(by: .seconds(6))
      #expect(log == ["a@2", "c@5", "b@5"])
      #expect(clock.sleeperCount == 1)
      #expect(clock.now == .zero.advanced(by: .seconds(6)))
      await clock.advance(by: .seconds(3))
      #expect(log == ["a@2", "c@5", "b@5", "d@9"])
      #expect(clock.sleeperCount == 0)
    }

    /// Timers with one deadline fire in the order they were started, however their tasks reach their sleep: each
    /// takes its place when it is started (a timer's task hops to the global executor on its way to sleep, so the
    /// order it registered in was a race).
    @Test @MainActor func timersWithOneDeadlineFireInTheOrderTheyWereStarted() async {
      for _ in 0..<50 {
        let clock = ManualClock()
        var log: [Int] = []
        var timers: [Task<Void, Never>] = []
        for index in 0..<12 {
          timers.append(
            startTimer(on: clock, at: .zero.advanced(by: .seconds(1)), isolation: MainActor.shared) {
              log.append(index)
            })
        }
        await clock.advance(by: .seconds(1))
        #expect(log == Array(0..<12))
        for timer in timers { await timer.value }
      }
    }

    @Test func wakesAPlainSleeperAtItsDeadline() async throws {
      let clock = ManualClock()
      let sleeper = Task {
        try await clock.sleep(until: .zero.advanced(by: .seconds(2)))
        return clock.now
      }
      while clock.sleeperCount == 0 { await Task.yield() }
      await clock.advance(by: .seconds(1))
      #expect(clock.sleeperCount == 1)
      await clock.advance(by: .seconds(4))
      #expect(try await sleeper.value >= .zero.advanced(by: .seconds(2)))
      #expect(clock.sleeperCount == 0)
    }

    @Test func aDeadlineAlreadyPassedReturnsAtOnce() async throws {
      let clock = ManualClock(now: .zero.advanced(by: .seconds(10)))
      try await clock.sleep(until: .zero.advanced(by: .seconds(4)))
      try await clock.sleep(for: .zero)
      #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsAndRemovesIt() async {
      let clock = ManualClock()
      let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
      while clock.sleeperCount == 0 { await Task.yield() }
      sleeper.cancel()
      let result = await sleeper.result
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(clock.sleeperCount == 0)
    }

    @Test func aSleeperCancelledBeforeItSleepsThrows() async {
      let clock = ManualClock()
      let result = await Task {
        withUnsafeCurrentTask { $0?.cancel() }
        try await clock.sleep(for: .seconds(1))
      }.result
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(clock.sleeperCount == 0)
    }

    @Test @MainActor func advanceWaitsForTheTimersItFires() async {
      let clock = ManualClock()
      var log: [String] = []
      // A timer that starts another: `advance` follows the chain to its end within the advanced time.
      _ = startTimer(on: clock, at: .zero.advanced(by: .seconds(1)), isolation: MainActor.shared) {
        log.append("1 at \(clock.now.offset)")
        _ = startTimer(on: clock, at: clock.now.advanced(by: .seconds(1)), isolation: MainActor.shared) {
          log.append("2 at \(clock.now.offset)")
        }
      }
      await clock.advance(by: .seconds(5))
      #expect(log == ["1 at 1.0 seconds", "2 at 2.0 seconds"])
      #expect(clock.now == .zero.advanced(by: .seconds(5)))
    }

    @Test @MainActor func aCancelledTimerNeverFires() async {
      let clock = ManualClock()
      var log: [String] = []
      let timer = startTimer(on: clock, at: .zero.advanced(by: .seconds(1)), isolation: MainActor.shared) {
        log.append("fired")
      }
      timer.cancel()
      await clock.advance(by: .seconds(2))
      #expect(log == [])
      #expect(clock.sleeperCount == 0)
    }
  }
}
