import RillStore

/// A time-travel step of the store under test — an undo, a redo, a jump or an import — as a
/// ``TestStore`` step names it.
///
/// Time travel changes the state without an action, so a test describes it as a step of its own:
/// made by the test with ``TestStore/undo(sourceLocation:_:)`` and its siblings, or made by the code
/// under test (a subscriber that calls `undo()`, say) and asserted with
/// ``TestStore/receive(timeTravel:timeout:sourceLocation:_:)``:
///
/// ```swift
/// store.send(.increase) { $0.count = 2 }
/// await store.receive(timeTravel: .undo) { $0.count = 1 }   // a subscriber undid it
/// ```
public enum TimeTravel: Equatable, Sendable, CustomStringConvertible {
  /// `Store.undo()`.
  case undo
  /// `Store.redo()`.
  case redo
  /// `Store.jump(to:)` to this position of the history.
  case jump(to: Int)
  /// `Store.importHistory(_:)`.
  case importHistory

  /// The store method it is, as a failure message names it: `undo()`, `redo()`, `jump(to: 2)`,
  /// `importHistory(_:)`.
  public var description: String {
    switch self {
    case .undo: "undo()"
    case .redo: "redo()"
    case .jump(let position): "jump(to: \(position))"
    case .importHistory: "importHistory(_:)"
    }
  }

  /// The time travel a store command is; `nil` for an action.
  init?<State, Action>(_ command: StoreCommand<State, Action>) {
    switch command {
    case .action: return nil
    case .undo: self = .undo
    case .redo: self = .redo
    case .jump(let position): self = .jump(to: position)
    case .replace: self = .importHistory
    }
  }
}
