// The public export and import of a store's history: `Store.exportHistory()` and `Store.importHistory(_:)`.

public import Foundation

extension Store where Action: Codable {
  /// The session as JSON: the recorded actions with their dates, and the position.
  ///
  /// The file describes itself: a `format` of `"rill.history"`, a `version`, the Swift `actionType`,
  /// the `position`, and `entries`, each an `action` (as its `Codable` conformance encodes it) and a
  /// `date` (ISO 8601 text in UTC, `"2026-11-25T02:06:35.9809027Z"`, with the fractional digits that read
  /// back as the same `Date`). ``importHistory(_:)`` reads it back, and also reads the dates of older
  /// files, which were numbers (seconds since 2001-01-01 UTC). A date no such text gives exactly (before
  /// the year 0000, after 9999, or a fraction 17 digits cannot give) is written as such a number, in
  /// the shortest form that reads back as the same `Date`: every export imports as the same history,
  /// and exporting that import gives the same bytes.
  ///
  /// ```swift
  /// let data = try store.exportHistory()
  /// let replay = Store(initialState: Counter(), reducer: counter)
  /// try replay.importHistory(data)   // replay.currentState == store.currentState
  /// ```
  ///
  /// The file holds the whole session, replayed from the initial state, so export needs every action
  /// recorded: a store whose sessions you export records with `recording: .unbounded`. The default
  /// recording, `.bounded(100)`, exports until it holds 200 actions; then it folds the oldest 100 into the
  /// state undo starts from, and export throws ``HistoryExportError/entriesDropped(count:)``. (A file
  /// cannot carry that state instead: it would need `State: Codable`, and an import replays from the
  /// importing store's initial state.)
  ///
  /// - Throws: ``HistoryExportError`` when the history is incomplete (recording disabled, or a bounded
  ///   recording folded old entries); an `EncodingError` when an action fails to encode.
  public func exportHistory() throws -> Data {
    guard recorder.isRecording else { throw HistoryExportError.recordingDisabled }
    guard recorder.droppedCount == 0 else { throw HistoryExportError.entriesDropped(count: recorder.droppedCount) }
    let file = HistoryFile(
      format: HistoryFile<Action>.formatName,
      version: HistoryFile<Action>.currentVersion,
      actionType: HistoryFile<Action>.actionTypeName,
      position: recorder.position,
      entries: recorder.entries)
    return try file.encoded()
  }

  /// Replaces this store's history with the session in `data`, and its state with the state the
  /// reducer computes from the initial state by replaying the session's actions up to its position.
  ///
  /// Everything is checked before the store changes: that `data` is complete, valid JSON, a Rill
  /// history of a supported version, for this store's `Action` type, that every entry decodes, and
  /// that the position is in range. A date must name one instant a `Date` holds: text of a day that
  /// does not exist (`2026-02-31`), an hour 24, a minute 60 or a leap second (`23:59:60`), or a number
  /// beyond `Double`'s range (`1e400`), is an error naming the entry, not a neighbouring date. Then subscribers are told the new state. Middleware does not
  /// run. Called from a subscriber or middleware, the replacement is queued like a dispatch.
  ///
  /// - Throws: ``HistoryImportError``, saying what is wrong and where; the store is then untouched. Text
  ///   that is not JSON is a syntax error naming the byte and, inside `entries`, the entry:
  ///   `the history file is not valid JSON: syntax error at byte 219, in entry 2: the number 01 has a
  ///   leading zero`. Data with nothing in it (none, or only white space) is ``HistoryImportError/empty``.
  public func importHistory(_ data: Data) throws {
    let file = try HistoryFile<Action>.decode(data)
    submit(.replace(file.entries, position: file.position), name: "importHistory(_:)")
  }
}
