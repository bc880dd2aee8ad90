public import RillStore

/// The counter state: one number.
public struct CounterState: Equatable, Sendable {
  /// The count, from 0.
  public var count: Int

  /// A state with `count`.
  public init(count: Int = 0) {
    self.count = count
  }
}

/// The counter's actions. Recorded as `"increment"` and `"decrement"`.
public enum CounterAction: String, Codable, Equatable, Sendable {
  /// Adds 1.
  case increment
  /// Subtracts 1.
  case decrement
}

/// What the counter screen shows for one state.
public struct CounterView: Equatable, Sendable {
  /// The count.
  public var count: Int

  /// The view of a count.
  public init(count: Int) {
    self.count = count
  }
}

/// The counter demo, after SwiftFlow's: `+` and `-`, undo and redo.
///
/// ```
/// store.state ─ select(\.count) ─ map(CounterView.init)
/// ```
///
/// Off a terminal each view is one line, `Counter: 3`.
public struct CounterDemo: Demo {
  public static let name = "counter"

  /// The demo.
  public init() {}

  public var initialState: CounterState { CounterState() }

  public var reducer: Reducer<CounterState, CounterAction> {
    Reducer { state, action in
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
    }
  }

  /// `select(\.count)` mapped to a ``CounterView``.
  public func view(of store: Store<CounterState, CounterAction>) -> Signal<CounterView> {
    store.select(\.count).named("count").map(CounterView.init(count:)).named("view")
  }

  /// `Counter: 3`; a painting palette draws the number in bold.
  public func line(for view: CounterView, palette: Palette) -> String {
    "Counter: " + palette.paint(String(view.count), sgr: "1")
  }

  /// A title, then the count in bold (cyan from 1, red below 0).
  public func screen(for view: CounterView, palette: Palette) -> [String] {
    let color = view.count < 0 ? "1;31" : view.count > 0 ? "1;36" : "1"
    return ["Counter", "", "  Counter: " + palette.paint(String(view.count), sgr: color)]
  }

  public var keyLegend: String { "+ increment · - decrement" }

  public var actionWords: [String] { ["increment", "+", "decrement", "-"] }

  public func action(forWord word: String) -> CounterAction? {
    switch word {
    case "increment", "+": .increment
    case "decrement", "-": .decrement
    default: nil
    }
  }

  public func action(for key: Key) -> CounterAction? {
    switch key {
    case .character("+"), .character("="), .up: .increment
    case .character("-"), .character("_"), .down: .decrement
    default: nil
    }
  }

  public var repeatedAction: CounterAction { .increment }
}
