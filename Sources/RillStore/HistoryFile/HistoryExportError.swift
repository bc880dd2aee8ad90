// Why an export fails: `HistoryExportError`.

/// Why ``Store/exportHistory()`` cannot export the history.
public enum HistoryExportError: Error, Equatable, CustomStringConvertible {
  /// The store was created with `recording: .disabled`.
  case recordingDisabled
  /// A bounded recording folded this many old entries into the state undo starts from, so the session
  /// cannot be replayed from the initial state. The default recording, `.bounded(100)`, does so once it
  /// holds 200 actions: a store whose sessions are exported records with `recording: .unbounded`.
  case entriesDropped(count: Int)

  /// One line saying what is wrong.
  public var description: String {
    switch self {
    case .recordingDisabled:
      "cannot export the history: the store records none (recording: .disabled)"
    case .entriesDropped(let count):
      "cannot export the history: its bounded recording has folded the \(count) oldest actions into the state "
        + "undo starts from (the default, .bounded(100), does so at 200), so the session no longer replays from "
        + "the initial state; to export whole sessions, create the store with `recording: .unbounded`"
    }
  }
}
