import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `timeout(_:clock:fallback:)` against timelines on a `ManualClock` (duration 10 s).
  @MainActor @Suite(.timeLimit(.minutes(5))) struct TimeoutTests {
    let clock = ManualClock()
    let input = Subject<String>()

    @Test func forwardsValuesAndEmitsTheFallbackOncePerGapLongerThanTheDuration() async {
      let output = TimelineRecorder(input.timeout(.seconds(10), clock: clock, fallback: "F"), clock: clock)
      await clock.advance(toSecond: 3)
      input.send("a")
      await clock.advance(toSecond: 5)
      input.send("b")
      await clock.advance(toSecond: 20)
      input.send("c")
      await clock.advance(toSecond: 60)
      #expect(output.events == ["3:a", "5:b", "15:F", "20:c", "30:F"])
    }

    @Test func theFirstGapStartsWhenTheSignalConnects() async {
      await clock.advance(toSecond: 7)
      let output = TimelineRecorder(input.timeout(.seconds(10), clock: clock, fallback: "F"), clock: clock)
      await clock.advance(toSecond: 16)
      let before = output.events
      await clock.advance(toSecond: 17)
      #expect(before == [])
      #expect(output.events == ["17:F"])
    }

    @Test func disconnectingCancelsTheTimerAndALaterConnectionStartsANewGap() async {
      let timed = input.timeout(.seconds(10), clock: clock, fallback: "F")
      let first = TimelineRecorder(timed, clock: clock)
      input.send("a")
      first.cancel()
      await clock.advance(toSecond: 5)
      let sleepersAfterCancel = clock.sleeperCount
      let second = TimelineRecorder(timed, clock: clock)
      await clock.advance(toSecond: 30)
      #expect(sleepersAfterCancel == 0)
      #expect(first.events == ["0:a"])
      #expect(second.events == ["15:F"])
    }

    @Test func aReplayedValueStartsTheFirstGapAndTheFallbackIsReplayed() async {
      let status = CurrentValueSubject("online")
      let timed = status.timeout(.seconds(10), clock: clock, fallback: "offline")
      let first = TimelineRecorder(timed, clock: clock)
      await clock.advance(toSecond: 12)
      let late = TimelineRecorder(timed, clock: clock)
      #expect(first.events == ["0:online", "10:offline"])
      #expect(late.events == ["12:offline"])
    }

    @Test func evaluatesTheFallbackEachTime() async {
      var made = 0
      let timed = input.timeout(
        .seconds(10), clock: clock,
        fallback: {
          made += 1
          return "F\(made)"
        }())
      let output = TimelineRecorder(timed, clock: clock)
      await clock.advance(toSecond: 10)
      input.send("a")
      await clock.advance(toSecond: 30)
      #expect(output.events == ["10:F1", "10:a", "20:F2"])
    }
  }
}
