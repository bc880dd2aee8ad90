import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `debounce(for:clock:)` against timelines on a `ManualClock` (duration 10 s).
  @MainActor @Suite(.timeLimit(.minutes(5))) struct DebounceTests {
    let clock = ManualClock()
    let input = Subject<String>()

    @Test func emitsTheLastValueOfEachBurstOnceItHasBeenQuietForTheDuration() async {
      let output = TimelineRecorder(input.debounce(for: .seconds(10), clock: clock), clock: clock)
      input.send("a")
      await clock.advance(toSecond: 3)
      input.send("b")
      await clock.advance(toSecond: 12)
      let beforeQuiet = output.events
      await clock.advance(toSecond: 20)
      input.send("c")
      await clock.advance(toSecond: 25)
      input.send("d")
      await clock.advance(toSecond: 50)
      #expect(beforeQuiet == [])
      #expect(output.events == ["13:b", "35:d"])
    }

    @Test func aSteadyStreamFasterThanTheDurationEmitsNothingUntilItPauses() async {
      let output = TimelineRecorder(input.debounce(for: .seconds(10), clock: clock), clock: clock)
      for second in Int64(0)...30 {
        await clock.advance(toSecond: second)
        input.send("v\(second)")
      }
      let whileBusy = output.events
      await clock.advance(toSecond: 100)
      #expect(whileBusy == [])
      #expect(output.events == ["40:v30"])
    }

    @Test func disconnectingCancelsThePendingTimer() async {
      let debounced = input.debounce(for: .seconds(10), clock: clock)
      let first = TimelineRecorder(debounced, clock: clock)
      input.send("dropped")
      first.cancel()
      await clock.advance(toSecond: 0)
      let sleepersAfterCancel = clock.sleeperCount
      let second = TimelineRecorder(debounced, clock: clock)
      await clock.advance(toSecond: 30)
      input.send("kept")
      await clock.advance(toSecond: 40)
      #expect(sleepersAfterCancel == 0)
      #expect(first.events == [])
      #expect(second.events == ["40:kept"])
    }

    @Test func debouncesAReplayedValueAndReplaysWhatItEmitted() async {
      let credit = CurrentValueSubject(5)
      let debounced = credit.debounce(for: .seconds(10), clock: clock)
      let first = TimelineRecorder(debounced, clock: clock)
      await clock.advance(toSecond: 10)
      let late = TimelineRecorder(debounced, clock: clock)
      #expect(first.events == ["10:5"])
      #expect(late.events == ["10:5"])
    }

    @Test func runsOnTheActorThatBuiltIt() async {
      actor Owner {
        let clock = ManualClock()
        let input = Subject<Int>()
        var out: [Int] = []
        func run() async -> [Int] {
          let subscription = input.debounce(for: .seconds(1), clock: clock).subscribe { value in
            self.assertIsolated()
            self.out.append(value)
          }
          input.send(1)
          input.send(2)
          await clock.advance(by: .seconds(1))
          subscription.cancel()
          return out
        }
      }
      #expect(await Owner().run() == [2])
    }
  }
}
