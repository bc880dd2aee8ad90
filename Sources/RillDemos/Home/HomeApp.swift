public import RillStore

/// The app behind `rill` with no arguments: a home screen that opens either demo and comes back.
///
/// The route lives in the home store's state. Keys only dispatch ``HomeAction``s; the store's
/// ``Router`` follows the route and tells a ``ScreenSwitcher`` (the `Routable` handler) what to push
/// or pop, and the switcher shows and hides screens. Screens know nothing of each other: a demo's
/// quit key just ends its screen, and the app turns that into `.back`.
public final class HomeApp: InteractiveScreen {
  /// The store whose state holds the route.
  public let store: Store<HomeState, HomeAction>
  /// Shows the screen the route names.
  public let switcher: ScreenSwitcher
  private let router: Router<HomeState, HomeAction>

  /// The app; `palette` colours every screen.
  public init(palette: Palette) {
    let store = Store(initialState: HomeState(), reducer: HomeMenu.reducer)
    let home = HomeScreen(store: store, palette: palette)
    let screens: [String: () -> any InteractiveScreen] = [
      CreditDemo.name: { DemoScreen(session: DemoSession(demo: CreditDemo()), palette: palette, quitLabel: "back") },
      CounterDemo.name: { DemoScreen(session: DemoSession(demo: CounterDemo()), palette: palette, quitLabel: "back") },
    ]
    self.store = store
    switcher = ScreenSwitcher(home: home, screens: screens)
    router = Router(store: store, route: \.route, handler: switcher)
  }

  /// Shows the screen the route names (home at first).
  public func show(_ draw: @escaping (String) -> Void) {
    switcher.show(draw)
  }

  /// Stops drawing.
  public func hide() {
    switcher.hide()
  }

  /// Ctrl-C quits from anywhere; a demo's quit key goes back home; home's quit key quits.
  public func handle(_ key: Key) -> Bool {
    if key == .control("c") { return false }
    guard switcher.current.handle(key) else {
      if store.currentState.route.isEmpty { return false }
      store.dispatch(.back)
      return true
    }
    return true
  }
}

/// The home screen: the menu, drawn from the home store's highlight.
public final class HomeScreen: InteractiveScreen {
  private let store: Store<HomeState, HomeAction>
  private let palette: Palette
  private var rendering: Subscription?

  /// The menu on `store`.
  public init(store: Store<HomeState, HomeAction>, palette: Palette) {
    self.store = store
    self.palette = palette
  }

  /// Draws the menu from the highlight in the home store, once per change.
  public func show(_ draw: @escaping (String) -> Void) {
    let palette = self.palette
    rendering = store.select(\.selection)
      .map { Frame.render(HomeMenu.screen(selection: $0, palette: palette)) }
      .subscribe(draw)
  }

  /// Stops drawing.
  public func hide() {
    rendering?.cancel()
    rendering = nil
  }

  /// Arrows (or `j`/`k`) move the highlight, enter opens it, `1`/`2` open an entry directly, `q`
  /// quits. Each key only dispatches a ``HomeAction``.
  public func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .character("k"): store.dispatch(.moveSelection(-1))
    case .down, .character("j"), .tab: store.dispatch(.moveSelection(1))
    case .enter, .character(" "), .right:
      store.dispatch(.open(HomeMenu.entries[store.currentState.selection].segment))
    case .character(let digit) where digit.wholeNumberValue.map({ (1...HomeMenu.entries.count).contains($0) }) == true:
      store.dispatch(.open(HomeMenu.entries[digit.wholeNumberValue! - 1].segment))
    case .character("q"), .escape, .control("d"): return false
    default: break
    }
    return true
  }
}

/// The router's handler: a stack of screens over the home screen, one per route segment; the top one
/// is shown. A demo's screen is made on first visit and kept, so its state survives going back.
public final class ScreenSwitcher: Routable {
  private let home: any InteractiveScreen
  private let makeScreen: [String: () -> any InteractiveScreen]
  private var made: [String: any InteractiveScreen] = [:]
  private var stack: [any InteractiveScreen] = []
  private var draw: ((String) -> Void)?

  /// A switcher over `home`, making the screen for a segment with `screens[segment]`.
  public init(home: any InteractiveScreen, screens: [String: () -> any InteractiveScreen]) {
    self.home = home
    self.makeScreen = screens
  }

  /// The screen on top: the one shown and given the keys.
  public var current: any InteractiveScreen { stack.last ?? home }

  /// Starts drawing the current screen through `draw`.
  public func show(_ draw: @escaping (String) -> Void) {
    self.draw = draw
    current.show(draw)
  }

  /// Stops drawing.
  public func hide() {
    current.hide()
    draw = nil
  }

  /// Shows the screen for `segment` over the current one.
  public func push(_ segment: String) {
    guard let screen = screen(for: segment) else { return }
    switchScreen { stack.append(screen) }
  }

  /// Goes back to the screen below.
  public func pop(_ segment: String) {
    guard !stack.isEmpty else { return }
    switchScreen { _ = stack.removeLast() }
  }

  /// Replaces the top screen with the one for `new`.
  public func change(from old: String, to new: String) {
    guard let screen = screen(for: new), !stack.isEmpty else { return }
    switchScreen { stack[stack.count - 1] = screen }
  }

  private func screen(for segment: String) -> (any InteractiveScreen)? {
    if let screen = made[segment] { return screen }
    let screen = makeScreen[segment]?()
    made[segment] = screen
    return screen
  }

  /// Hides the current screen, changes the stack, shows the new current screen (if drawing).
  private func switchScreen(_ change: () -> Void) {
    guard let draw else { return change() }
    current.hide()
    change()
    current.show(draw)
  }
}
