import RillDemos
import RillTesting
import Testing

@Suite struct CounterDemoTests {
  @Test func oneLinePerStateFromTheInitialOne() {
    let session = DemoSession(demo: CounterDemo())
    var lines: [String] = []
    let rendering = session.renderLines(palette: .plain) { lines.append($0) }
    session.repeatAction(times: 2)
    session.perform(.dispatch(.decrement))
    session.perform(.dispatch(.decrement))
    session.perform(.dispatch(.decrement))
    session.perform(.undo)
    #expect(
      lines == ["Counter: 0", "Counter: 1", "Counter: 2", "Counter: 1", "Counter: 0", "Counter: -1", "Counter: 0"])
    rendering.cancel()
  }

  @MainActor @Test func theReducerCountsUpAndDown() async {
    let demo = CounterDemo()
    let store = TestStore(initialState: demo.initialState, reducer: demo.reducer)
    store.send(.increment) { $0.count = 1 }
    store.send(.decrement) { $0.count = 0 }
    store.send(.decrement) { $0.count = -1 }
    await store.finish()
  }

  @Test func aPaintingPaletteDrawsTheNumberInBold() {
    #expect(CounterDemo().line(for: CounterView(count: 3), palette: .ansi) == "Counter: \u{1B}[1m3\u{1B}[0m")
  }

  @Test func theScreenColoursPositiveAndNegativeCounts() {
    let demo = CounterDemo()
    #expect(demo.screen(for: CounterView(count: 2), palette: .ansi).last == "  Counter: \u{1B}[1;36m2\u{1B}[0m")
    #expect(demo.screen(for: CounterView(count: -2), palette: .ansi).last == "  Counter: \u{1B}[1;31m-2\u{1B}[0m")
    #expect(demo.screen(for: CounterView(count: 0), palette: .plain).last == "  Counter: 0")
  }

  @Test func wordsAndKeys() {
    let demo = CounterDemo()
    #expect(
      ["increment", "+", "decrement", "-", "add"].map(demo.action(forWord:)) == [
        .increment, .increment, .decrement, .decrement, nil,
      ])
    let keys: [Key] = [.character("+"), .up, .character("-"), .down, .character(" ")]
    #expect(keys.map(demo.action(for:)) == [.increment, .increment, .decrement, .decrement, nil])
  }
}
