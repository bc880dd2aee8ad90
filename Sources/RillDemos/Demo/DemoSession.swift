public import Foundation
public import RillStore

/// A demo running on its own store: commands in, rendered views out.
///
/// The session owns the store; everything it shows goes through the demo's pipeline
/// (``Demo/view(of:)``), which ``view`` exposes.
///
/// ```swift
/// let session = DemoSession(demo: CreditDemo())
/// let rendering = session.renderLines(palette: .plain) { print($0) }   // Credit: 0 [gray]  Status: not set
/// session.perform(.dispatch(.click))                                     // Credit: 5 [gray]  Status: fail
/// session.perform(.undo)                                                 // Credit: 0 [gray]  Status: not set
/// ```
public final class DemoSession<D: Demo> {
  /// The demo.
  public let demo: D
  /// The store the demo runs on.
  public let store: Store<D.State, D.Action>

  /// A session on a fresh store in the demo's initial state.
  public init(demo: D) {
    self.demo = demo
    store = Store(initialState: demo.initialState, reducer: demo.reducer, recording: .unbounded)
  }

  /// The demo's view pipeline on this session's store. Replays the current view.
  public var view: Signal<D.View> { demo.view(of: store) }

  /// Renders every view as one line through `output`, starting with the current one, until the
  /// returned subscription ends.
  public func renderLines(palette: Palette, to output: @escaping (String) -> Void) -> Subscription {
    let demo = self.demo
    return view.subscribe { output(demo.line(for: $0, palette: palette)) }
  }

  /// Performs `command`: dispatches, undoes or redoes. Returns `false` for ``DemoCommand/quit``.
  ///
  /// Undo with nothing to undo, and redo with nothing to redo, change nothing, so nothing renders.
  @discardableResult
  public func perform(_ command: DemoCommand<D.Action>) -> Bool {
    switch command {
    case .dispatch(let action): store.dispatch(action)
    case .undo: store.undo()
    case .redo: store.redo()
    case .quit: return false
    }
    return true
  }

  /// Runs the commands in `lines`, one per line, until `quit` or the end of `lines`. An unknown word
  /// goes to `unknown` (with the words that are known) and is skipped; blank lines are skipped.
  public func run(lines: some Sequence<String>, unknown: (String) -> Void) {
    for line in lines {
      switch demo.command(forLine: line) {
      case .blank: continue
      case .unknown(let word): unknown("unknown command '\(word)' (expected \(demo.commandWords))")
      case .command(let command): guard perform(command) else { return }
      }
    }
  }

  /// Dispatches the demo's repeated action (a click, an increment) `count` times, or fewer if
  /// `proceed` says to stop (it is asked before each one).
  public func repeatAction(times count: Int, while proceed: () -> Bool = { true }) {
    for _ in 0..<count {
      guard proceed() else { return }
      store.dispatch(demo.repeatedAction)
    }
  }
}

extension DemoSession where D.Action: Codable {
  /// The session's history in a ``Recording`` envelope that names the demo, as JSON.
  public func recording() throws -> Data {
    try Recording.encode(demo: D.name, history: store.exportHistory())
  }
}
