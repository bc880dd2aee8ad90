// Reading a valid history file quickly: the scanner finds the entries, `JSONDecoder` reads the actions in batches.

import Foundation

extension HistoryFile {
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
  /// 2001-01-01 UTC; `nil` for anything else, and for a number beyond `Double`'s range (`1e400`).
  static func date(in bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    if bytes.first == UInt8(ascii: "\"") {
      guard bytes.count >= 2, bytes.last == UInt8(ascii: "\"") else { return nil }
      return HistoryDate.date(from: UnsafeBufferPointer(rebasing: bytes.dropFirst().dropLast()))
    }
    guard JSONNumber.isValid(bytes), let seconds = Double(String(decoding: bytes, as: UTF8.self)), seconds.isFinite
    else { return nil }
    return Date(timeIntervalSinceReferenceDate: seconds)
  }
}
