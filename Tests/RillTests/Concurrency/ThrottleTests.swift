import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `throttle(for:clock:latest:)` against timelines on a `ManualClock` (duration 10 s).
  @MainActor @Suite(.timeLimit(.minutes(5))) struct ThrottleTests {
    let clock = ManualClock()
    let input = Subject<String>()

    /// Sends a at 0, b at 4, c at 8, d at 12, e at 45, then lets time run to 100.
    private func runTimeline(latest: Bool) async -> [String] {
      let output = TimelineRecorder(input.throttle(for: .seconds(10), clock: clock, latest: latest), clock: clock)
      for (second, value) in [(Int64(0), "a"), (4, "b"), (8, "c"), (12, "d"), (45, "e")] {
        await clock.advance(toSecond: second)
        input.send(value)
      }
      await clock.advance(toSecond: 100)
      return output.events
    }

    @Test func emitsTheFirstValueOfEachWindow() async {
      #expect(await runTimeline(latest: false) == ["0:a", "12:d", "45:e"])
    }

    @Test func withLatestEmitsTheFirstAtOnceAndTheLatestAtTheEndOfEachWindow() async {
      #expect(await runTimeline(latest: true) == ["0:a", "10:c", "20:d", "45:e"])
    }

    @Test func withLatestAWindowEndingWithNothingHeldCloses() async {
      let output = TimelineRecorder(input.throttle(for: .seconds(10), clock: clock, latest: true), clock: clock)
      input.send("a")
      await clock.advance(toSecond: 15)
      let sleepers = clock.sleeperCount
      input.send("b")
      await clock.advance(toSecond: 16)
      #expect(sleepers == 0)
      #expect(output.events == ["0:a", "15:b"])
    }

    @Test func disconnectingDropsTheHeldValueAndCancelsTheWindow() async {
      let throttled = input.throttle(for: .seconds(10), clock: clock, latest: true)
      let first = TimelineRecorder(throttled, clock: clock)
      input.send("a")
      input.send("held")
      first.cancel()
      await clock.advance(toSecond: 0)
      let sleepersAfterCancel = clock.sleeperCount
      await clock.advance(toSecond: 3)
      let second = TimelineRecorder(throttled, clock: clock)
      input.send("b")
      await clock.advance(toSecond: 30)
      #expect(sleepersAfterCancel == 0)
      #expect(first.events == ["0:a"])
      #expect(second.events == ["3:b"])
    }

    @Test func throttleStateDecidesPerWindow() {
      var state = ThrottleState<String, ManualClock.Instant>(window: .seconds(10), latest: false)
      var log: [String] = []
      for (second, value) in [(Int64(0), "a"), (9, "b"), (10, "c"), (19, "d"), (20, "e")] {
        switch state.receive(value, at: .zero.advanced(by: .seconds(second))) {
        case .emit(let startsTimer): log.append("emit \(value) timer:\(startsTimer)")
        case .ignore: log.append("drop \(value)")
        }
      }
      #expect(log == ["emit a timer:false", "drop b", "emit c timer:false", "drop d", "emit e timer:false"])
    }

    @Test func throttleStateWithLatestHoldsTheLatest() {
      var state = ThrottleState<String, ManualClock.Instant>(window: .seconds(10), latest: true)
      var log: [String] = []
      func receive(_ value: String) {
        switch state.receive(value, at: .zero) {
        case .emit(let startsTimer): log.append("emit \(value) timer:\(startsTimer)")
        case .ignore: log.append("hold \(value)")
        }
      }
      receive("a")
      receive("b")
      receive("c")
      log.append("end \(state.windowEnded() ?? "-")")
      log.append("end \(state.windowEnded() ?? "-")")
      receive("d")
      #expect(log == ["emit a timer:true", "hold b", "hold c", "end c", "end -", "emit d timer:true"])
    }
  }
}
