// The history file's layout (`HistoryFile`, its header fields and entries) and its thorough decoding, which
// names the field or entry that does not fit. The fast paths are in HistoryFile+Encoding and HistoryFile+QuickDecoding.

import Foundation

/// The first fields of a history file, checked before the entries.
enum HistoryFileHeader {
  static let formatName = "rill.history"
}

/// A history file. Decoding checks the format, version and action type before it reads an entry, and
/// names the field or entry that does not fit (throwing ``HistoryImportError`` from inside the decoder).
///
/// Dates are written as ISO 8601 text (``HistoryDate``); files that wrote them as numbers (seconds since
/// 2001-01-01 UTC) still read.
struct HistoryFile<Action: Codable>: Decodable {
  static var formatName: String { HistoryFileHeader.formatName }
  static var currentVersion: Int { 1 }
  static var actionTypeName: String { String(reflecting: Action.self) }

  var format: String
  var version: Int
  var actionType: String
  var position: Int
  var entries: [HistoryEntry<Action>]

  enum CodingKeys: String, CodingKey {
    case actionType, entries, format, position, version
  }

  init(format: String, version: Int, actionType: String, position: Int, entries: [HistoryEntry<Action>]) {
    self.format = format
    self.version = version
    self.actionType = actionType
    self.position = position
    self.entries = entries
  }

  init(from decoder: any Decoder) throws {
    let container: KeyedDecodingContainer<CodingKeys>
    do {
      container = try decoder.container(keyedBy: CodingKeys.self)
    } catch DecodingError.typeMismatch {
      throw HistoryImportError.wrongFormat(found: nil)
    }
    let format = try container.decodeIfPresent(String.self, forKey: .format)
    guard format == Self.formatName else { throw HistoryImportError.wrongFormat(found: format) }
    guard let version = try Self.wholeNumber(in: container, .version) else {
      throw HistoryImportError.invalidField(name: "version", reason: "missing")
    }
    guard version == Self.currentVersion else {
      throw HistoryImportError.unsupportedVersion(found: version, supported: Self.currentVersion)
    }
    guard let actionType = try container.decodeIfPresent(String.self, forKey: .actionType) else {
      throw HistoryImportError.invalidField(name: "actionType", reason: "missing")
    }
    guard actionType == Self.actionTypeName else {
      throw HistoryImportError.actionTypeMismatch(expected: Self.actionTypeName, found: actionType)
    }
    guard let position = try Self.wholeNumber(in: container, .position) else {
      throw HistoryImportError.invalidField(name: "position", reason: "missing")
    }
    var list = try container.nestedUnkeyedContainer(forKey: .entries)
    var entries: [HistoryEntry<Action>] = []
    entries.reserveCapacity(list.count ?? 0)
    while !list.isAtEnd {
      do {
        entries.append(try list.decode(FileEntry.self).entry)
      } catch let error where !(error is DecodingError) && !(error is HistoryImportError) {
        throw HistoryImportError.invalidEntry(index: entries.count, path: "", reason: Self.reason(for: error))
      }
    }
    self.init(format: Self.formatName, version: version, actionType: actionType, position: position, entries: entries)
  }

  /// The whole number at `key`, or `nil` when it is missing. A number that is not a whole number in
  /// `Int`'s range is an ``HistoryImportError/invalidField(name:reason:)`` naming the field and the number.
  static func wholeNumber(in container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int? {
    do {
      return try container.decodeIfPresent(Int.self, forKey: key)
    } catch let error where !(error is DecodingError) {
      // JSONDecoder throws its own error for a number that is no Int (1e30, 1.5), and turns it into
      // corrupt data without a coding path when it leaves the decoder: it is caught here, by the field.
      let number = (try? container.decode(Double.self, forKey: key)).map { "\($0)" } ?? "the number"
      let problem = number.contains(".") && !number.hasSuffix(".0") ? "not a whole number" : "too large"
      throw HistoryImportError.invalidField(
        name: key.stringValue, reason: "\(number) is \(problem): expected a whole number from 0 to \(Int.max)")
    }
  }

  /// Why an entry did not decode, for an error its action threw that is no `DecodingError`.
  ///
  /// The file's syntax is checked first, so Foundation's own errors are for a number that does not fit
  /// its type (see ``wholeNumber(in:_:)``), and the decoder cannot say where it is; any other error is
  /// the action's own `init(from:)` refusing the entry.
  static func reason(for error: any Error) -> String {
    guard String(reflecting: type(of: error)).hasPrefix("Foundation") else { return "\(error)" }
    return "a number does not fit its type (too large, or not whole)"
  }

  /// Decodes and checks a whole file, or throws the first problem found.
  static func decode(_ data: Data) throws(HistoryImportError) -> HistoryFile {
    guard !data.withUnsafeBytes(JSONScanner.isBlank) else { throw .empty }
    if let file = decodedQuickly(data) {
      guard (0...file.entries.count).contains(file.position) else {
        throw .positionOutOfRange(position: file.position, entryCount: file.entries.count)
      }
      return file
    }
    switch data.withUnsafeBytes({ JSONSyntax.firstProblem(in: $0.bindMemory(to: UInt8.self)) }) {
    case .unfinished: throw .truncated(atByte: data.count)
    case .invalid(let offset, let entry, let reason): throw .invalidJSON(atByte: offset, entry: entry, reason: reason)
    case nil: break
    }
    let file: HistoryFile
    do {
      file = try JSONDecoder().decode(HistoryFile.self, from: data)
    } catch let error as HistoryImportError {
      throw error
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        // Valid JSON that Foundation's decoder refuses without a place: the syntax check refuses what it
        // refuses (nesting included), and numbers that do not fit are caught by field and by entry, so
        // nothing is known to come here.
        throw .invalidJSON(atByte: 0, entry: nil, reason: "Foundation's JSON decoder refused it: \(describe(context))")
      }
      throw importError(for: error)
    } catch {
      throw .invalidJSON(atByte: 0, entry: nil, reason: "Foundation's JSON decoder refused it: \(error)")
    }
    guard (0...file.entries.count).contains(file.position) else {
      throw .positionOutOfRange(position: file.position, entryCount: file.entries.count)
    }
    return file
  }

  /// An entry as the slow path decodes it: the action, and the date as ISO 8601 text or (older files) a number.
  struct FileEntry: Decodable {
    var entry: HistoryEntry<Action>

    enum CodingKeys: String, CodingKey {
      case action, date
    }

    init(_ entry: HistoryEntry<Action>) {
      self.entry = entry
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let action = try container.decode(Action.self, forKey: .action)
      let date: Date
      if let text = try? container.decode(String.self, forKey: .date) {
        do {
          date = try HistoryDate.parse(text)
        } catch {
          throw DecodingError.dataCorruptedError(
            forKey: .date, in: container, debugDescription: error.reason(for: text))
        }
      } else {
        let seconds: Double
        do {
          seconds = try container.decode(Double.self, forKey: .date)
        } catch let error where !(error is DecodingError) {
          // JSONDecoder's own error for a number beyond Double's range (1e400).
          seconds = .infinity
        }
        guard seconds.isFinite else {
          throw DecodingError.dataCorruptedError(
            forKey: .date, in: container,
            debugDescription: "the number of seconds is out of range: a date is a finite number of seconds")
        }
        date = Date(timeIntervalSinceReferenceDate: seconds)
      }
      entry = HistoryEntry(action: action, date: date)
    }
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

  /// A decoding context's message, with its underlying error when it has one.
  static func describe(_ context: DecodingError.Context) -> String {
    guard let underlying = context.underlyingError else { return context.debugDescription }
    let detail = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(underlying)"
    return "\(context.debugDescription) \(detail)"
  }
}
