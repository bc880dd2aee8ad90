import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `delay(for:clock:)` against timelines on a `ManualClock` (duration 10 s).
  @MainActor @Suite(.timeLimit(.minutes(5))) struct DelayTests {
    let clock = ManualClock()
    let input = Subject<String>()

    @Test func shiftsEveryValueByTheDurationInOrder() async {
      let output = TimelineRecorder(input.delay(for: .seconds(10), clock: clock), clock: clock)
      for (second, value) in [(Int64(0), "a"), (3, "b"), (4, "c"), (30, "d")] {
        await clock.advance(toSecond: second)
        input.send(value)
      }
      let atThirty = output.events
      await clock.advance(toSecond: 100)
      #expect(atThirty == ["10:a", "13:b", "14:c"])
      #expect(output.events == ["10:a", "13:b", "14:c", "40:d"])
    }

    @Test func valuesDueAtTheSameInstantKeepTheirOrder() async {
      let output = TimelineRecorder(input.delay(for: .seconds(10), clock: clock), clock: clock)
      input.send("a")
      input.send("b")
      await clock.advance(toSecond: 1)
      input.send("c")
      await clock.advance(toSecond: 20)
      #expect(output.events == ["10:a", "10:b", "11:c"])
    }

    @Test func eachValueIsAPropagationOfItsOwn() async {
      let delayed = input.delay(for: .seconds(10), clock: clock)
      let pairs = combine(delayed.map { "x\($0)" }, delayed.map { "y\($0)" }).map { "\($0.0)\($0.1)" }
      let output = TimelineRecorder(pairs, clock: clock)
      input.send("a")
      input.send("b")
      await clock.advance(toSecond: 10)
      #expect(output.events == ["10:xaya", "10:xbyb"])
    }

    @Test func disconnectingDropsTheWaitingValues() async {
      let delayed = input.delay(for: .seconds(10), clock: clock)
      let first = TimelineRecorder(delayed, clock: clock)
      input.send("a")
      await clock.advance(toSecond: 5)
      input.send("b")
      first.cancel()
      await clock.advance(toSecond: 6)
      let sleepersAfterCancel = clock.sleeperCount
      let second = TimelineRecorder(delayed, clock: clock)
      input.send("c")
      await clock.advance(toSecond: 30)
      #expect(sleepersAfterCancel == 0)
      #expect(first.events == [])
      #expect(second.events == ["16:c"])
    }

    @Test func delaysAReplayedValue() async {
      let credit = CurrentValueSubject(1)
      let output = TimelineRecorder(credit.delay(for: .seconds(10), clock: clock), clock: clock)
      await clock.advance(toSecond: 2)
      credit.value = 2
      await clock.advance(toSecond: 20)
      #expect(output.events == ["10:1", "12:2"])
    }

    @Test func delayStateReleasesOnlyDueValues() {
      var state = DelayState<String, ManualClock.Instant>()
      let at = { (second: Int64) in ManualClock.Instant.zero.advanced(by: .seconds(second)) }
      var log: [String] = []
      log.append("first \(state.append("a", due: at(10)))")
      log.append("second \(state.append("b", due: at(12)))")
      log.append("at 11: \(state.popDue(at: at(11)) ?? "-"), \(state.popDue(at: at(11)) ?? "-")")
      log.append("next \(state.nextDeadline.map { "\($0)" } ?? "-")")
      log.append("at 12: \(state.popDue(at: at(12)) ?? "-")")
      log.append("next \(state.nextDeadline.map { "\($0)" } ?? "-")")
      #expect(log == ["first true", "second false", "at 11: a, -", "next 12.0 seconds", "at 12: b", "next -"])
    }
  }
}
