public import Foundation

extension Store where Action: Codable {
  /// The session as JSON: the recorded actions with their dates, and the position.
  ///
  /// The file describes itself: a `format` of `"rill.history"`, a `version`, the Swift `actionType`,
  /// the `position`, and `entries`, each an `action` (as its `Codable` conformance encodes it) and a
  /// `date` (ISO 8601 text in UTC, `"2026-11-25T02:06:35.9809027Z"`, with the fractional digits that read
  /// back as the same `Date`). ``importHistory(_:)`` reads it back, and also reads the dates of older
  /// files, which were numbers (seconds since 2001-01-01 UTC).
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
    return try file.encoded()
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
        // A number that does not fit its type (see `wholeNumber`): the decoder cannot say where it is.
        throw HistoryImportError.invalidEntry(
          index: entries.count, path: "", reason: "a number does not fit its type (too large, or not whole)")
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

  /// Decodes and checks a whole file, or throws the first problem found.
  static func decode(_ data: Data) throws(HistoryImportError) -> HistoryFile {
    if let file = decodedQuickly(data) {
      guard (0...file.entries.count).contains(file.position) else {
        throw .positionOutOfRange(position: file.position, entryCount: file.entries.count)
      }
      return file
    }
    if let offset = JSONCompleteness.truncationOffset(of: data) {
      throw .truncated(atByte: offset)
    }
    let file: HistoryFile
    do {
      file = try JSONDecoder().decode(HistoryFile.self, from: data)
    } catch let error as HistoryImportError {
      throw error
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        throw .invalidJSON(reason: syntaxError(in: data) ?? describe(context))
      }
      throw importError(for: error)
    } catch {
      throw .invalidJSON(reason: "\(error)")
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
        guard let parsed = HistoryDate.date(from: text) else {
          throw DecodingError.dataCorruptedError(
            forKey: .date, in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
        }
        date = parsed
      } else {
        date = Date(timeIntervalSinceReferenceDate: try container.decode(Double.self, forKey: .date))
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

/// Follows a JSON text byte by byte through its strings, so that brackets and quotes inside them are
/// not taken for structure.
struct JSONStrings {
  /// Whether the last byte taken is inside a string (its opening quote included, its closing one not).
  private(set) var isInside = false
  private var escaped = false

  /// Takes the next byte; returns whether it belongs to a string (either quote included).
  mutating func take(_ byte: UInt8) -> Bool {
    guard isInside else {
      isInside = byte == UInt8(ascii: "\"")
      return isInside
    }
    if escaped {
      escaped = false
    } else if byte == UInt8(ascii: "\\") {
      escaped = true
    } else if byte == UInt8(ascii: "\"") {
      isInside = false
    }
    return true
  }
}

/// Tells a JSON text cut short from one that is merely invalid.
enum JSONCompleteness {
  /// The byte offset where `data` ends with a string, array or object still open, or `nil` when every
  /// one that opens closes (the text may still be invalid in other ways).
  static func truncationOffset(of data: Data) -> Int? {
    var depth = 0
    var strings = JSONStrings()
    var sawValue = false
    for byte in data {
      if strings.take(byte) {
        sawValue = true
        continue
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        sawValue = true
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): break
      default: sawValue = true
      }
      if depth < 0 { return nil }
    }
    return (strings.isInside || depth > 0 || !sawValue) ? data.count : nil
  }
}

/// A history file's dates: ISO 8601 text in UTC, `2026-11-25T02:06:35.9809027Z`, with as many
/// fractional digits as it takes to read back the same `Date` (none for a whole second, at most 17).
///
/// Reading also takes a time zone offset (`+01:00`) and a space instead of the `T`. Written by hand
/// (days from the civil date and back) because a formatter costs microseconds per date, and a session
/// records one date per action.
enum HistoryDate {
  /// Seconds from 1970-01-01 to 2001-01-01, the reference date.
  static let referenceOffset: Int64 = 978_307_200
  /// Powers of ten, 10⁰ to 10¹⁷.
  static let powersOfTen: [Int64] = (0...17).map { power in (0..<power).reduce(Int64(1)) { value, _ in value * 10 } }

  /// The text for `date`, or `nil` when it is not finite or its year is outside 0000...9999.
  static func text(for date: Date) -> String? {
    var bytes: [UInt8] = []
    guard append(date, to: &bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the text for `date` to `bytes`; `false` (nothing appended) when ``text(for:)`` is `nil`.
  static func append(_ date: Date, to bytes: inout [UInt8]) -> Bool {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, abs(interval) < 1e12 else { return false }
    let whole = interval.rounded(.down)
    let fraction = interval - whole
    let seconds = Int64(whole) + referenceOffset
    let days = floorDivide(seconds, 86_400)
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    guard (0...9999).contains(year) else { return false }
    func append(_ value: Int64, digits: Int) {
      var divisor = powersOfTen[digits - 1]
      var rest = value
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }
    append(year, digits: 4)
    bytes.append(UInt8(ascii: "-"))
    append(month, digits: 2)
    bytes.append(UInt8(ascii: "-"))
    append(day, digits: 2)
    bytes.append(UInt8(ascii: "T"))
    append(secondOfDay / 3600, digits: 2)
    bytes.append(UInt8(ascii: ":"))
    append(secondOfDay / 60 % 60, digits: 2)
    bytes.append(UInt8(ascii: ":"))
    append(secondOfDay % 60, digits: 2)
    if fraction != 0 {
      // The fewest digits that read back as the same interval (reading computes it the same way).
      var digits = 1
      var scaled = Int64((fraction * Double(powersOfTen[1])).rounded())
      while digits < 17
        && (scaled >= powersOfTen[digits] || whole + Double(scaled) / Double(powersOfTen[digits]) != interval)
      {
        digits += 1
        scaled = Int64((fraction * Double(powersOfTen[digits])).rounded())
      }
      if scaled >= powersOfTen[digits] { scaled = powersOfTen[digits] - 1 }
      bytes.append(UInt8(ascii: "."))
      append(scaled, digits: digits)
    }
    bytes.append(UInt8(ascii: "Z"))
    return true
  }

  /// The date `text` names (`YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or `±HH:MM`), or `nil`.
  static func date(from text: String) -> Date? {
    var text = text
    return text.withUTF8 { date(from: $0) }
  }

  /// The date the UTF-8 text `bytes` names, or `nil` (see ``date(from:)-(String)``).
  static func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var index = 0
    func number(_ count: Int) -> Int64? {
      guard index + count <= bytes.count else { return nil }
      var value: Int64 = 0
      for _ in 0..<count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int64(digit)
        index += 1
      }
      return value
    }
    func skip(_ characters: String) -> Bool {
      guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
      index += 1
      return true
    }
    guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
      skip("Tt "), let hour = number(2), skip(":"), let minute = number(2), skip(":"), let second = number(2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var scaled: Int64 = 0
    var digits = 0
    if skip(".,") {
      let start = index
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
        if digits < 17 {
          scaled = scaled * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
          digits += 1
        }
        index += 1
      }
      guard index > start else { return nil }
    }
    var offset: Int64 = 0
    if skip("Zz") {
      offset = 0
    } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = number(2), skip(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }
    let days = days(fromCivil: year, month, day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset - referenceOffset
    return Date(timeIntervalSinceReferenceDate: Double(seconds) + Double(scaled) / Double(powersOfTen[digits]))
  }

  /// `value / divisor` rounded toward negative infinity.
  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  /// Days since 1970-01-01 of a date in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
  static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let year = month <= 2 ? year - 1 : year
    let era = floorDivide(year, 400)
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The year, month and day of `days` since 1970-01-01 (the inverse of ``days(fromCivil:_:_:)``).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// Finds the parts of a JSON text by its brackets, quotes and commas, without building its values.
///
/// The fast paths of history files and recordings read with it: a value's bytes are found here and
/// handed, whole or in batches, to `JSONDecoder`, which checks them. What this scanner does not check
/// (the insides of strings and numbers) is always checked by whoever reads the value.
package struct JSONScanner {
  /// The text.
  package let bytes: UnsafeBufferPointer<UInt8>
  /// Where the scanner is: the next byte to read.
  package var index: Int
  /// Where the scanner stops (the end of the text, or of a value being read).
  package let end: Int

  /// A scanner over `bytes[range]`, at its start (the whole text when `range` is `nil`).
  package init(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>? = nil) {
    self.bytes = bytes
    index = range?.lowerBound ?? 0
    end = range?.upperBound ?? bytes.count
  }

  /// Whether only blanks are left.
  package mutating func isAtEnd() -> Bool {
    skipBlanks()
    return index == end
  }

  /// Skips JSON's blanks: space, tab, line feed, carriage return.
  package mutating func skipBlanks() {
    while index < end {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Takes `byte` after any blanks; `false` (nothing taken) when the next byte is another.
  package mutating func take(_ byte: UInt8) -> Bool {
    skipBlanks()
    guard index < end, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// The first byte of the next value, after any blanks, or `nil` at the end.
  package mutating func peek() -> UInt8? {
    skipBlanks()
    return index < end ? bytes[index] : nil
  }

  /// Takes the next value (after any blanks) and returns where it is: a string to its closing quote,
  /// an array or object to its closing bracket, a number or word to the next delimiter. `nil` when a
  /// quote or bracket does not close, or there is no value.
  package mutating func value() -> Range<Int>? {
    skipBlanks()
    let start = index
    guard index < end else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["): break
    case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"): return nil
    default:
      while index < end {
        switch bytes[index] {
        case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\""),
          UInt8(ascii: "{"), UInt8(ascii: "["), 0x20, 0x09, 0x0A, 0x0D:
          return start..<index
        default: index += 1
        }
      }
      return start..<index
    }
    // Brackets are counted, not matched: whoever reads a value checks it.
    var depth = 0
    var strings = JSONStrings()
    while index < end {
      let byte = bytes[index]
      index += 1
      if strings.take(byte) {
        if depth == 0 && !strings.isInside { return start..<index }
        continue
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return start..<index }
      default: break
      }
    }
    return nil
  }

  /// Takes a member's name and its colon; `nil` when the next thing is not a string and a colon.
  package mutating func key() -> String? {
    guard peek() == UInt8(ascii: "\""), let range = value(), take(UInt8(ascii: ":")) else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
    guard text.contains(UInt8(ascii: "\\")) else { return String(decoding: text, as: UTF8.self) }
    return try? JSONDecoder().decode(String.self, from: Data(bytes[range]))
  }

  /// Takes an object and returns its members' names and where their values are, in order; `nil` when
  /// the next value is not an object of `"name": value` members.
  package mutating func members() -> [(name: String, value: Range<Int>)]? {
    guard take(UInt8(ascii: "{")) else { return nil }
    var members: [(name: String, value: Range<Int>)] = []
    if take(UInt8(ascii: "}")) { return members }
    repeat {
      guard let name = key(), let range = value() else { return nil }
      members.append((name, range))
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}")) ? members : nil
  }

  /// Takes an array, calling `element` with where each element is, until it returns `false`; `false`
  /// when the next value is not an array of values or `element` stopped.
  package mutating func elements(_ element: (Range<Int>) -> Bool) -> Bool {
    guard take(UInt8(ascii: "[")) else { return false }
    if take(UInt8(ascii: "]")) { return true }
    repeat {
      guard let range = value(), element(range) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]"))
  }
}

extension HistoryFile {
  /// How many actions go to `JSONEncoder` or `JSONDecoder` in one call: enough to spread the cost of a
  /// call, few enough that the coder's intermediate values stay small.
  static var batchSize: Int { 4096 }

  /// The file as compact JSON with its keys sorted. The actions are encoded by `JSONEncoder` in
  /// batches; everything around them (the entries' braces, the dates, the header) is written here,
  /// so the time and memory are a small constant per entry instead of a tree of every value.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64 + entries.count * 48)
    bytes.append(contentsOf: #"{"actionType":"#.utf8)
    bytes.append(contentsOf: try encoder.encode(actionType))
    bytes.append(contentsOf: #","entries":["#.utf8)
    var start = 0
    while start < entries.count {
      let batch = entries[start..<min(start + Self.batchSize, entries.count)]
      let actions = try encoder.encode(batch.map(\.action))
      var dates = batch.makeIterator()
      let complete = actions.withUnsafeBytes { raw in
        var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
        return scanner.elements { action in
          guard let entry = dates.next() else { return false }
          if bytes.last != UInt8(ascii: "[") { bytes.append(UInt8(ascii: ",")) }
          bytes.append(contentsOf: #"{"action":"#.utf8)
          bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[action]))
          bytes.append(contentsOf: #","date":"#.utf8)
          bytes.append(UInt8(ascii: "\""))
          if HistoryDate.append(entry.date, to: &bytes) {
            bytes.append(UInt8(ascii: "\""))
          } else {
            bytes.removeLast()
            bytes.append(contentsOf: "\(entry.date.timeIntervalSinceReferenceDate)".utf8)
          }
          bytes.append(UInt8(ascii: "}"))
          return true
        } && scanner.isAtEnd()
      }
      guard complete, dates.next() == nil else {
        throw EncodingError.invalidValue(
          batch, .init(codingPath: [], debugDescription: "the actions did not encode as one JSON value each"))
      }
      start += Self.batchSize
    }
    bytes.append(contentsOf: #"],"format":"#.utf8)
    bytes.append(contentsOf: try encoder.encode(format))
    bytes.append(contentsOf: #","position":\#(position),"version":\#(version)}"#.utf8)
    return Data(bytes)
  }

  /// The file in `data` when it is a complete, valid history file of this version and action type,
  /// read without building a tree of every value; `nil` for anything else (and for what this reader
  /// does not handle, like unknown fields), which ``decode(_:)`` then reads the thorough way to say
  /// exactly what is wrong. The position is not checked here.
  static func decodedQuickly(_ data: Data) -> HistoryFile? {
    data.withUnsafeBytes { raw -> HistoryFile? in
      let bytes = raw.bindMemory(to: UInt8.self)
      var scanner = JSONScanner(bytes)
      guard let members = scanner.members(), scanner.isAtEnd() else { return nil }
      let decoder = JSONDecoder()
      func value<Value: Decodable>(_ name: String, _ type: Value.Type) -> Value? {
        guard let range = members.first(where: { $0.name == name })?.value else { return nil }
        return try? decoder.decode(Value.self, from: Data(bytes[range]))
      }
      let names = Set(members.map(\.name))
      guard names.count == members.count, names == ["actionType", "entries", "format", "position", "version"],
        value("format", String.self) == formatName, value("version", Int.self) == currentVersion,
        value("actionType", String.self) == actionTypeName, let position = value("position", Int.self),
        let entriesRange = members.first(where: { $0.name == "entries" })?.value
      else { return nil }
      var entries: [HistoryEntry<Action>] = []
      var batch: [UInt8] = [UInt8(ascii: "[")]
      var dates: [Date] = []
      func decodeBatch() -> Bool {
        batch.append(UInt8(ascii: "]"))
        guard let actions = try? decoder.decode([Action].self, from: Data(batch)), actions.count == dates.count else {
          return false
        }
        for index in actions.indices { entries.append(HistoryEntry(action: actions[index], date: dates[index])) }
        batch.removeAll(keepingCapacity: true)
        batch.append(UInt8(ascii: "["))
        dates.removeAll(keepingCapacity: true)
        return true
      }
      var list = JSONScanner(bytes, in: entriesRange)
      let complete = list.elements { entry in
        var fields = JSONScanner(bytes, in: entry)
        guard fields.take(UInt8(ascii: "{")), let firstName = fields.key(), let first = fields.value(),
          fields.take(UInt8(ascii: ",")), let secondName = fields.key(), let second = fields.value(),
          fields.take(UInt8(ascii: "}")), fields.isAtEnd()
        else { return false }
        let (action, date): (Range<Int>, Range<Int>)
        switch (firstName, secondName) {
        case ("action", "date"): (action, date) = (first, second)
        case ("date", "action"): (action, date) = (second, first)
        default: return false
        }
        guard let parsed = Self.date(in: UnsafeBufferPointer(rebasing: bytes[date])) else { return false }
        if dates.count > 0 { batch.append(UInt8(ascii: ",")) }
        batch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[action]))
        dates.append(parsed)
        return dates.count < batchSize || decodeBatch()
      }
      guard complete, list.isAtEnd(), dates.isEmpty || decodeBatch() else { return nil }
      return HistoryFile(
        format: formatName, version: currentVersion, actionType: actionTypeName, position: position, entries: entries)
    }
  }

  /// An entry's date: ISO 8601 text in quotes, or (older files) a JSON number of seconds since
  /// 2001-01-01 UTC; `nil` for anything else.
  static func date(in bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    if bytes.first == UInt8(ascii: "\"") {
      guard bytes.count >= 2, bytes.last == UInt8(ascii: "\"") else { return nil }
      return HistoryDate.date(from: UnsafeBufferPointer(rebasing: bytes.dropFirst().dropLast()))
    }
    guard JSONNumber.isValid(bytes), let seconds = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
    return Date(timeIntervalSinceReferenceDate: seconds)
  }
}

/// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
enum JSONNumber {
  /// Whether `bytes` are one JSON number and nothing else.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
      return index - start
    }
    func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    _ = take(UInt8(ascii: "-"))
    if !take(UInt8(ascii: "0")) {
      guard index < bytes.count, bytes[index] != UInt8(ascii: "0"), digits() > 0 else { return false }
    }
    if take(UInt8(ascii: ".")) {
      guard digits() > 0 else { return false }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard digits() > 0 else { return false }
    }
    return index == bytes.count
  }
}
