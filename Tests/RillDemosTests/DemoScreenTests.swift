import RillDemos
import Testing

@Suite struct DemoScreenTests {
  /// The last row with text before the legend, for each frame.
  func valueRows(_ frames: [String]) -> [String] {
    frames.map { frame in String(frame.split(separator: "\n")[1]) }
  }

  @Test func drawsAFramePerStateFromShowUntilHide() {
    let screen = DemoScreen(session: DemoSession(demo: CreditDemo()), palette: .plain)
    var frames: [String] = []
    screen.show { frames.append($0) }
    let keys: [Key] = [.character(" "), .enter, .character("x"), .character("u")]
    let results = keys.map(screen.handle)
    screen.hide()
    _ = screen.handle(.character("+"))
    #expect(results == [true, true, true, true])
    #expect(
      valueRows(frames) == [
        "  Credit: 0 [gray]   Status: not set",
        "  Credit: 5 [gray]   Status: fail",
        "  Credit: 10 [gray]   Status: fail",
        "  Credit: 5 [gray]   Status: fail",
      ])
    #expect(screen.session.store.currentState == CreditState(credit: 10))
  }

  @Test func eachFrameClearsTheScreenAndEndsWithTheLegend() throws {
    let screen = DemoScreen(session: DemoSession(demo: CounterDemo()), palette: .ansi, quitLabel: "back")
    var frames: [String] = []
    screen.show { frames.append($0) }
    screen.hide()
    let frame = try #require(frames.first)
    #expect(frame.hasPrefix(ANSI.clearScreen))
    #expect(frame.hasSuffix("+ increment · - decrement · u undo · r redo · q back\n"))
  }

  @Test func quitKeysEndTheScreen() {
    let screen = DemoScreen(session: DemoSession(demo: CreditDemo()), palette: .plain)
    #expect(!screen.handle(.character("q")))
    #expect(!screen.handle(.control("c")))
  }

  @Test func theReplayScreenStepsWithTheArrowKeys() throws {
    let recorded = DemoSession(demo: CounterDemo())
    recorded.repeatAction(times: 2)
    let replay = try Replay(demo: CounterDemo(), recording: Recording.decode(recorded.recording()))
    let screen = ReplayScreen(replay: replay, palette: .plain)
    var frames: [String] = []
    screen.show { frames.append($0) }
    let results = [Key.right, .right, .right, .left, .up, .down, .character("q")].map(screen.handle)
    screen.hide()
    #expect(results == [true, true, true, true, true, true, false])
    let summary = frames.map { frame in
      frame.split(separator: "\n").filter { $0.contains("Counter: ") || $0.hasPrefix("Replay") }.joined(
        separator: " | ")
    }
    #expect(
      summary == [
        "  Counter: 0 | Replay: step 0 of 2",
        "  Counter: 1 | Replay: step 1 of 2",
        "  Counter: 2 | Replay: step 2 of 2",
        "  Counter: 1 | Replay: step 1 of 2",
        "  Counter: 0 | Replay: step 0 of 2",
        "  Counter: 2 | Replay: step 2 of 2",
      ])
  }
}
