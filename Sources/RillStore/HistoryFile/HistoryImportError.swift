// Why an import refuses a file: `HistoryImportError`, its cases and its one-line messages.

/// Why ``Store/importHistory(_:)`` refused a file. Each case says what is wrong and where.
///
/// ``description`` is one line fit for a command-line error message, for example
/// `entry 3 is invalid: at action.amount: expected Int, found a string`.
public enum HistoryImportError: Error, Equatable, CustomStringConvertible {
  /// The data is empty, or only white space: nothing was written (a file created and never filled, say).
  case empty
  /// The data ends in the middle of the JSON text (the file was cut short) at this byte offset.
  case truncated(atByte: Int)
  /// The data is not valid JSON: a syntax error at this byte offset (0-based), inside the entry at index
  /// `entry` when it is inside one, for `reason` (`a raw line feed in a string (escape it as \n)`).
  case invalidJSON(atByte: Int, entry: Int?, reason: String)
  /// The JSON is not a Rill history: `format` is missing or is not `"rill.history"`.
  case wrongFormat(found: String?)
  /// The file's format version is not one this library reads.
  case unsupportedVersion(found: Int, supported: Int)
  /// The file records actions of another type than this store's.
  case actionTypeMismatch(expected: String, found: String)
  /// A top-level field is missing or has the wrong type.
  case invalidField(name: String, reason: String)
  /// The entry at `index` (0-based) does not decode; `path` is where in the entry.
  case invalidEntry(index: Int, path: String, reason: String)
  /// The position is not between 0 and the number of entries.
  case positionOutOfRange(position: Int, entryCount: Int)

  /// One line naming the problem and where it is.
  public var description: String {
    let text =
      switch self {
      case .empty:
        "the history file is empty"
      case .truncated(let offset):
        "the history file is truncated: the JSON ends unfinished at byte \(offset)"
      case .invalidJSON(let offset, let entry?, let reason):
        "the history file is not valid JSON: syntax error at byte \(offset), in entry \(entry): \(reason)"
      case .invalidJSON(let offset, nil, let reason):
        "the history file is not valid JSON: syntax error at byte \(offset): \(reason)"
      case .wrongFormat(let found?):
        "not a Rill history file: format is \"\(found)\", expected \"\(HistoryFileHeader.formatName)\""
      case .wrongFormat(nil):
        "not a Rill history file: no \"format\" field"
      case .unsupportedVersion(let found, let supported):
        "unsupported history version \(found): this library reads version \(supported)"
      case .actionTypeMismatch(let expected, let found):
        "the history records actions of type \(found), but this store's actions are \(expected)"
      case .invalidField(let name, let reason):
        "the history's \"\(name)\" field is invalid: \(reason)"
      case .invalidEntry(let index, let path, let reason):
        path.isEmpty ? "entry \(index) is invalid: \(reason)" : "entry \(index) is invalid at \(path): \(reason)"
      case .positionOutOfRange(let position, let count):
        "the history's position \(position) is out of range: it has \(count) \(count == 1 ? "entry" : "entries")"
      }
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
