public import Foundation

extension Store where Action: Codable {
  /// The session as JSON: the recorded actions with their dates, and the position.
  ///
  /// The file describes itself: a `format` of `"rill.history"`, a `version`, the Swift `actionType`,
  /// the `position`, and `entries`, each an `action` (as its `Codable` conformance encodes it) and a
  /// `date` (seconds since 2001-01-01 UTC). ``importHistory(_:)`` reads it back.
  ///
  /// ```swift
  /// let data = try store.exportHistory()
  /// let replay = Store(initialState: Counter(), reducer: counter)
  /// try replay.importHistory(data)   // replay.currentState == store.currentState
  /// ```
  ///
  /// - Throws: ``HistoryExportError`` when the history is incomplete (recording disabled, or a bounded
  ///   recording dropped old entries); an `EncodingError` when an action fails to encode.
  public func exportHistory() throws -> Data {
    guard recorder.isRecording else { throw HistoryExportError.recordingDisabled }
    guard recorder.droppedCount == 0 else { throw HistoryExportError.entriesDropped(count: recorder.droppedCount) }
    let file = HistoryFile(
      format: HistoryFile<Action>.formatName,
      version: HistoryFile<Action>.currentVersion,
      actionType: HistoryFile<Action>.actionTypeName,
      position: recorder.position,
      entries: recorder.entries)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(file)
  }

  /// Replaces this store's history with the session in `data`, and its state with the state the
  /// reducer computes from the initial state by replaying the session's actions up to its position.
  ///
  /// Everything is checked before the store changes: that `data` is complete, valid JSON, a Rill
  /// history of a supported version, for this store's `Action` type, that every entry decodes, and
  /// that the position is in range. Then subscribers are told the new state. Middleware does not
  /// run. Called from a subscriber or middleware, the replacement is queued like a dispatch.
  ///
  /// - Throws: ``HistoryImportError``, saying what is wrong and where; the store is then untouched.
  public func importHistory(_ data: Data) throws {
    let file = try HistoryFile<Action>.decode(data)
    submit(.replace(file.entries, position: file.position), name: "importHistory(_:)")
  }
}

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

/// Why ``Store/importHistory(_:)`` refused a file. Each case says what is wrong and where.
///
/// ``description`` is one line fit for a command-line error message, for example
/// `entry 3 is invalid: at action.amount: expected Int, found a string`.
public enum HistoryImportError: Error, Equatable, CustomStringConvertible {
  /// The data ends in the middle of the JSON text (the file was cut short) at this byte offset.
  case truncated(atByte: Int)
  /// The data is not valid JSON.
  case invalidJSON(reason: String)
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
      case .truncated(let offset):
        "the history file is truncated: the JSON ends unfinished at byte \(offset)"
      case .invalidJSON(let reason):
        "the history file is not valid JSON: \(reason)"
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
        "the history's position \(position) is out of range: it has \(count) entries"
      }
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}

/// The first fields of a history file, read before the entries so the format, version and action type
/// are checked first.
struct HistoryFileHeader: Decodable {
  static let formatName = "rill.history"

  var format: String?
  var version: Int?
  var actionType: String?
}

/// A history file, encoded and decoded by synthesized `Codable`.
struct HistoryFile<Action: Codable>: Codable {
  static var formatName: String { HistoryFileHeader.formatName }
  static var currentVersion: Int { 1 }
  static var actionTypeName: String { String(reflecting: Action.self) }

  var format: String
  var version: Int
  var actionType: String
  var position: Int
  var entries: [HistoryEntry<Action>]

  /// Decodes and checks a whole file, or throws the first problem found.
  static func decode(_ data: Data) throws(HistoryImportError) -> HistoryFile {
    if let offset = JSONCompleteness.truncationOffset(of: data) {
      throw .truncated(atByte: offset)
    }
    let decoder = JSONDecoder()
    let header: HistoryFileHeader
    do {
      header = try decoder.decode(HistoryFileHeader.self, from: data)
    } catch let error as DecodingError {
      switch error {
      case .dataCorrupted(let context) where context.codingPath.isEmpty:
        throw .invalidJSON(reason: syntaxError(in: data) ?? describe(context))
      case .typeMismatch(_, let context) where context.codingPath.isEmpty:
        throw .wrongFormat(found: nil)
      default:
        throw importError(for: error)
      }
    } catch {
      throw .invalidJSON(reason: "\(error)")
    }
    guard header.format == formatName else { throw .wrongFormat(found: header.format) }
    guard let version = header.version else { throw .invalidField(name: "version", reason: "missing") }
    guard version == currentVersion else { throw .unsupportedVersion(found: version, supported: currentVersion) }
    guard let actionType = header.actionType else {
      throw .invalidField(name: "actionType", reason: "missing")
    }
    guard actionType == actionTypeName else {
      throw .actionTypeMismatch(expected: actionTypeName, found: actionType)
    }
    let file: HistoryFile
    do {
      file = try decoder.decode(HistoryFile.self, from: data)
    } catch let error as DecodingError {
      throw importError(for: error)
    } catch {
      throw .invalidJSON(reason: "\(error)")
    }
    guard (0...file.entries.count).contains(file.position) else {
      throw .positionOutOfRange(position: file.position, entryCount: file.entries.count)
    }
    return file
  }

  /// The import error for a decoding error of the whole file: an entry's index and path when it is in
  /// `entries`, else the top-level field.
  static func importError(for error: DecodingError) -> HistoryImportError {
    let (path, reason): ([any CodingKey], String)
    switch error {
    case .typeMismatch(let type, let context):
      (path, reason) = (context.codingPath, "expected \(type): \(describe(context))")
    case .valueNotFound(let type, let context):
      (path, reason) = (context.codingPath, "expected \(type), found null: \(describe(context))")
    case .keyNotFound(let key, let context):
      (path, reason) = (context.codingPath + [key], "missing")
    case .dataCorrupted(let context):
      (path, reason) = (context.codingPath, describe(context))
    @unknown default:
      (path, reason) = ([], "\(error)")
    }
    guard let field = path.first else { return .invalidField(name: "", reason: reason) }
    guard field.stringValue == "entries", path.count >= 2, let index = path[1].intValue else {
      return .invalidField(name: field.stringValue, reason: reason)
    }
    let inside = path.dropFirst(2).map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    let trimmed = inside.hasPrefix(".") ? String(inside.dropFirst()) : inside
    return .invalidEntry(index: index, path: trimmed, reason: reason)
  }

  /// Where the JSON parser stops in `data` ("Invalid value around character 11."), when it does.
  static func syntaxError(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
      return nil
    } catch {
      return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    }
  }

  /// A decoding context's message, with its underlying error when it has one.
  static func describe(_ context: DecodingError.Context) -> String {
    guard let underlying = context.underlyingError else { return context.debugDescription }
    let detail = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(underlying)"
    return "\(context.debugDescription) \(detail)"
  }
}

/// Tells a JSON text cut short from one that is merely invalid.
enum JSONCompleteness {
  /// The byte offset where `data` ends with a string, array or object still open, or `nil` when every
  /// one that opens closes (the text may still be invalid in other ways).
  static func truncationOffset(of data: Data) -> Int? {
    var depth = 0
    var inString = false
    var escaped = false
    var sawValue = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        sawValue = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        sawValue = true
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): break
      default: sawValue = true
      }
      if depth < 0 { return nil }
    }
    return (inString || depth > 0 || !sawValue) ? data.count : nil
  }
}
