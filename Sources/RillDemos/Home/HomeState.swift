public import RillStore

/// The home screen's state: the route (which screen is open) and the highlighted menu entry.
///
/// The route is state, as in the store's router: `[]` is the home screen, `["credit"]` the credit
/// demo opened from it. Screens change only by dispatching ``HomeAction``s.
public struct HomeState: Equatable, Sendable {
  /// The open screens below home, as route segments.
  public var route: [String]
  /// The index of the highlighted entry in ``HomeMenu/entries``.
  public var selection: Int

  /// The home screen with nothing open and the first entry highlighted.
  public init(route: [String] = [], selection: Int = 0) {
    self.route = route
    self.selection = selection
  }
}

/// What the home screen's keys do.
public enum HomeAction: Equatable, Sendable {
  /// Opens the screen `segment` (one of the menu's entries; any other is ignored).
  case open(String)
  /// Closes the open screen, back to home.
  case back
  /// Moves the highlight by `delta` entries, staying within the menu.
  case moveSelection(Int)
}

/// The home screen's menu.
public enum HomeMenu {
  /// Route segment and title of each entry, in order.
  public static let entries: [(segment: String, title: String)] = [
    (CreditDemo.name, "Student credit: each click adds 5"),
    (CounterDemo.name, "Counter: + and -"),
  ]

  /// The home reducer: routes and the highlight.
  public static var reducer: Reducer<HomeState, HomeAction> {
    Reducer { state, action in
      switch action {
      case .open(let segment):
        if entries.contains(where: { $0.segment == segment }) { state.route = [segment] }
      case .back:
        if !state.route.isEmpty { state.route.removeLast() }
      case .moveSelection(let delta):
        state.selection = min(max(state.selection + delta, 0), entries.count - 1)
      }
    }
  }

  /// The home screen's lines for a highlighted entry.
  public static func screen(selection: Int, palette: Palette) -> [String] {
    var lines = ["Rill: reactive pipelines on a store", ""]
    for (index, entry) in entries.enumerated() {
      let text = "\(index + 1). \(entry.title)"
      lines.append(index == selection ? "> " + palette.paint(text, sgr: "7") : "  " + text)
    }
    return lines + ["", "↑ ↓ choose · enter open · 1 2 open directly · q quit"]
  }
}
