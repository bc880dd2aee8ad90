import Foundation
public import RillStore

/// One of the demo apps: its state, actions and reducer, the pipeline from the store to its view, and
/// how it reads commands and keys.
///
/// Nothing renders except through ``view(of:)``: a demo's store's `state` flows through `select`,
/// `map` and `combine` into a `View`, and the renderers only turn each `View` the pipeline emits into
/// text (``line(for:palette:)`` off a terminal, ``screen(for:palette:)`` on one).
///
/// The commands every demo shares — `undo`, `redo`, `quit` on standard input; `u`, `r`, `q` and
/// Ctrl-C as keys — are handled by ``command(forLine:)`` and ``command(for:)``; a demo adds only its
/// own actions, with ``action(forWord:)`` and ``action(for:)``.
public protocol Demo {
  /// The demo's state.
  associatedtype State
  /// Its actions: plain values, `Codable` so a session can be recorded and replayed.
  associatedtype Action: Codable
  /// What one rendered state shows.
  associatedtype View: Equatable

  /// The subcommand that runs it, and the name a recording carries: `"credit"`.
  static var name: String { get }
  /// The state a session starts from.
  var initialState: State { get }
  /// The pure reducer.
  var reducer: Reducer<State, Action> { get }
  /// The pipeline from `store`'s state to the view: emits once per state change, never a mixed view.
  func view(of store: Store<State, Action>) -> Signal<View>
  /// One line for `view`, as printed off a terminal (no escape codes unless `palette` paints).
  func line(for view: View, palette: Palette) -> String
  /// The lines of the interactive screen for `view`, above the key legend.
  func screen(for view: View, palette: Palette) -> [String]
  /// The demo's own keys, for the legend: `"space, enter or + click"`.
  var keyLegend: String { get }
  /// The demo's own words on standard input, for the error message: `["add", "+"]`.
  var actionWords: [String] { get }
  /// The action a demo's own (lowercased) word stands for, or `nil`.
  func action(forWord word: String) -> Action?
  /// The action a demo's own key stands for, or `nil`.
  func action(for key: Key) -> Action?
  /// The action `--clicks N` / `--increments N` repeats.
  var repeatedAction: Action { get }
}

/// What a line of input or a key asks a demo session to do.
public enum DemoCommand<Action> {
  /// Dispatch an action to the store.
  case dispatch(Action)
  /// Undo the last action (the store's history).
  case undo
  /// Redo the last undone action.
  case redo
  /// End the session.
  case quit
}

extension DemoCommand: Equatable where Action: Equatable {}
extension DemoCommand: Sendable where Action: Sendable {}

/// How a line of standard input reads.
public enum ScriptLine<Action> {
  /// A command.
  case command(DemoCommand<Action>)
  /// An empty (or all-blank) line: skipped without a word.
  case blank
  /// A word no command has: reported on standard error and skipped.
  case unknown(String)
}

extension ScriptLine: Equatable where Action: Equatable {}
extension ScriptLine: Sendable where Action: Sendable {}

extension Demo {
  /// Every command word on standard input, for messages: `"add, +, undo, redo or quit"`.
  public var commandWords: String {
    let words = actionWords + ["undo", "redo"]
    return words.joined(separator: ", ") + " or quit"
  }

  /// How `line` reads: surrounding blanks are ignored and case does not matter.
  ///
  /// ```swift
  /// CreditDemo().command(forLine: " ADD ")   // .command(.dispatch(.click))
  /// CreditDemo().command(forLine: "jump")    // .unknown("jump")
  /// ```
  public func command(forLine line: String) -> ScriptLine<Action> {
    let word = line.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    switch word {
    case "": return .blank
    case "undo": return .command(.undo)
    case "redo": return .command(.redo)
    case "quit": return .command(.quit)
    default: return action(forWord: word).map { .command(.dispatch($0)) } ?? .unknown(word)
    }
  }

  /// The command `key` stands for on the interactive screen, or `nil` for a key that does nothing.
  public func command(for key: Key) -> DemoCommand<Action>? {
    switch key {
    case .character("u"): .undo
    case .character("r"): .redo
    case .character("q"), .control("c"), .control("d"): .quit
    default: action(for: key).map { .dispatch($0) }
    }
  }

  /// The full key legend under the screen; `quitLabel` is "quit", or "back" under the home screen.
  public func legend(quitLabel: String) -> String {
    keyLegend + " · u undo · r redo · q " + quitLabel
  }
}
