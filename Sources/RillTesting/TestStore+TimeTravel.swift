public import Foundation
public import Testing

// The test store's time-travel steps: undo, redo, jump and import made by the test, and time travel
// received from others.

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestStore {
  /// Undoes the last action (`Store.undo()`) and checks the state it left: `update` describes the
  /// change from the state before, as in ``send(_:sourceLocation:_:)``.
  ///
  /// Fails when there is nothing to undo, and as `send` does.
  ///
  /// ```swift
  /// store.send(.increase) { $0.count = 1 }
  /// store.undo { $0.count = 0 }
  /// ```
  public func undo(sourceLocation: SourceLocation = #_sourceLocation, _ update: ((inout State) throws -> Void)? = nil) {
    guard store.canUndo else {
      record("Called undo() with nothing to undo", at: sourceLocation)
      return
    }
    step(.timeTravel(.undo), at: sourceLocation, update: update) { store.undo() }
  }

  /// Redoes the last undone action (`Store.redo()`) and checks the state it left, as
  /// ``undo(sourceLocation:_:)`` does.
  ///
  /// Fails when there is nothing to redo, and as `send` does.
  ///
  /// ```swift
  /// store.undo { $0.count = 0 }
  /// store.redo { $0.count = 1 }
  /// ```
  public func redo(sourceLocation: SourceLocation = #_sourceLocation, _ update: ((inout State) throws -> Void)? = nil) {
    guard store.canRedo else {
      record("Called redo() with nothing to redo", at: sourceLocation)
      return
    }
    step(.timeTravel(.redo), at: sourceLocation, update: update) { store.redo() }
  }

  /// Makes the state the state after the first `position` recorded actions (`Store.jump(to:)`) and
  /// checks it, as ``undo(sourceLocation:_:)`` does.
  ///
  /// Fails, without stopping the test, when `position` is outside the history (where `Store.jump(to:)`
  /// stops the program), and as `send` does.
  ///
  /// ```swift
  /// store.send(.increase) { $0.count = 1 }
  /// store.send(.increase) { $0.count = 2 }
  /// store.jump(to: 0) { $0.count = 0 }
  /// ```
  public func jump(
    to position: Int,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) {
    let count = store.history.entries.count
    guard (0...count).contains(position) else {
      record(
        "Called jump(to: \(position)), which is out of range: the history has \(count) "
          + (count == 1 ? "entry" : "entries"), at: sourceLocation)
      return
    }
    step(.timeTravel(.jump(to: position)), at: sourceLocation, update: update) { store.jump(to: position) }
  }

  /// Waits for the next time-travel step made by something other than the test (a subscriber or a
  /// `run` task that calls `undo()`, say), checks that it is `timeTravel`, and checks the state it left
  /// as ``send(_:sourceLocation:_:)`` does.
  ///
  /// Fails as ``receive(_:timeout:sourceLocation:_:)`` does.
  ///
  /// ```swift
  /// store.send(.increase) { $0.count = 2 }                      // a subscriber undoes a count of 2
  /// await store.receive(timeTravel: .undo) { $0.count = 1 }
  /// ```
  nonisolated(nonsending) public func receive(
    timeTravel: TimeTravel,
    timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.timeTravel(timeTravel), timeout: timeout, at: sourceLocation, update: update)
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestStore where Action: Codable {
  /// Replaces the history with the session in `data` and the state with the state it replays to
  /// (`Store.importHistory(_:)`), and checks it, as ``undo(sourceLocation:_:)`` does.
  ///
  /// Fails as `send` does.
  ///
  /// ```swift
  /// try store.importHistory(session) { $0.count = 2 }
  /// ```
  ///
  /// - Throws: `HistoryImportError` when `data` is not a session of this store's actions; the store is
  ///   then untouched.
  public func importHistory(
    _ data: Data,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) throws {
    try step(.timeTravel(.importHistory), at: sourceLocation, update: update) { try store.importHistory(data) }
  }
}
