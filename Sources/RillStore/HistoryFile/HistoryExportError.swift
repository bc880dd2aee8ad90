// Why an export fails: `HistoryExportError`.

/// Why ``Store/exportHistory()`` cannot export the history.
public enum HistoryExportError: Error, Equatable, CustomStringConvertible {
  /// The store was created with `recording: .disabled`.
  case recordingDisabled
  /// A bounded recording dropped this many old entries, so the session cannot be replayed from the
  /// initial state.
  case entriesDropped(count: Int)

  /// One line saying what is wrong.
  public var description: String {
    switch self {
    case .recordingDisabled:
      "cannot export the history: the store records none (recording: .disabled)"
    case .entriesDropped(let count):
      "cannot export the history: a bounded recording dropped its \(count) oldest entries"
    }
  }
}
