// Writing a history file: actions through `JSONEncoder` in batches, everything around them by hand.

import Foundation

extension HistoryFile {
  /// How many actions go to `JSONEncoder` or `JSONDecoder` in one call: enough to spread the cost of a
  /// call, few enough that the coder's intermediate values stay small.
  static var batchSize: Int { 4096 }

  /// The file as compact JSON with its keys sorted. The actions are encoded by `JSONEncoder` in
  /// batches; everything around them (the entries' braces, the dates, the header) is written here,
  /// so the time and memory are a small constant per entry instead of a tree of every value.
  ///
  /// A date is ISO 8601 text (``HistoryDate``) or, when no text gives it exactly, a number of seconds
  /// since 2001-01-01 in the shortest form that reads back as the same `Double` (`-1e-300`,
  /// `252423993600.0`). A date that is not finite has no JSON: it throws an `EncodingError` (an
  /// import never gives one, and a store records `Date()`).
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64 + entries.count * 48)
    bytes.append(contentsOf: #"{"actionType":"#.utf8)
    bytes.append(contentsOf: try encoder.encode(actionType))
    bytes.append(contentsOf: #","entries":["#.utf8)
    var start = 0
    var unwritable: Date?
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
          } else if entry.date.timeIntervalSinceReferenceDate.isFinite {
            // Swift's shortest round-trip text of a finite Double is a JSON number.
            bytes.removeLast()
            bytes.append(contentsOf: "\(entry.date.timeIntervalSinceReferenceDate)".utf8)
          } else {
            unwritable = entry.date
            return false
          }
          bytes.append(UInt8(ascii: "}"))
          return true
        } && scanner.isAtEnd()
      }
      if let unwritable {
        // The seconds, not the Date: describing a Date that is not finite traps.
        let seconds = unwritable.timeIntervalSinceReferenceDate
        throw EncodingError.invalidValue(
          seconds, .init(codingPath: [], debugDescription: "a date of \(seconds) seconds since 2001 has no JSON"))
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
}
