import RillDemos
import Testing

@Suite struct HomeAppTests {
  /// The first line of each frame: the title of the screen it shows.
  func titles(_ frames: [String]) -> [String] {
    frames.map { String($0.dropFirst(ANSI.clearScreen.count).prefix { $0 != "\n" }) }
  }

  @Test func keysRouteThroughTheStoreToTheScreens() {
    let app = HomeApp(palette: .plain)
    var frames: [String] = []
    app.show { frames.append($0) }
    var routes: [[String]] = []
    let following = app.store.select(\.route).subscribe { routes.append($0) }
    for key in [Key.down, .enter, .character("+"), .character("q"), .character("1"), .character("q")] {
      #expect(app.handle(key))
    }
    app.hide()
    #expect(routes == [[], ["counter"], [], ["credit"], []])
    #expect(
      titles(frames) == [
        "Rill: reactive pipelines on a store",
        "Rill: reactive pipelines on a store",
        "Counter",
        "Counter",
        "Rill: reactive pipelines on a store",
        "Student credit: each click adds 5",
        "Rill: reactive pipelines on a store",
      ])
    following.cancel()
  }

  @Test func aDemoKeepsItsStateAcrossVisits() throws {
    let app = HomeApp(palette: .plain)
    var frames: [String] = []
    app.show { frames.append($0) }
    for key in [Key.character("2"), .character("+"), .character("+"), .character("q"), .character("2")] {
      _ = app.handle(key)
    }
    app.hide()
    let last = try #require(frames.last)
    #expect(last.contains("  Counter: 2\n"))
    #expect(last.contains("q back"))
  }

  @Test func quitAtHomeOrCtrlCAnywhereEndsTheApp() {
    let app = HomeApp(palette: .plain)
    app.show { _ in }
    #expect(!app.handle(.character("q")))
    #expect(app.handle(.character("1")))
    #expect(!app.handle(.control("c")))
    app.hide()
  }

  @Test func theSwitcherFollowsPushPopAndChange() {
    final class Probe: InteractiveScreen {
      let name: String
      init(_ name: String) { self.name = name }
      func show(_ draw: @escaping (String) -> Void) { draw(name) }
      func hide() {}
      func handle(_ key: Key) -> Bool { true }
    }
    let switcher = ScreenSwitcher(home: Probe("home"), screens: ["a": { Probe("a") }, "b": { Probe("b") }])
    var drawn: [String] = []
    switcher.show { drawn.append($0) }
    switcher.push("a")
    switcher.change(from: "a", to: "b")
    switcher.pop("b")
    switcher.push("unknown")
    #expect(drawn == ["home", "a", "b", "home"])
  }
}
