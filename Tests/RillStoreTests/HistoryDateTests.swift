import Foundation
import Testing

@testable import RillStore

/// The dates of history files (HistoryFile/HistoryDate.swift): every date the importer accepts exports
/// again as valid JSON that imports as the same date; a date it cannot hold is an error naming the entry.
@Suite struct HistoryDateTests {
  /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 2001-01-01: the text covers the
  /// dates from the first up to (not including) the second.
  static let firstTextDate: TimeInterval = -63_145_526_400
  static let endOfTextDates: TimeInterval = 252_423_993_600

  /// Dates at every edge: the text's first and last, their neighbours outside, the reference date and
  /// the Unix epoch, fractions, negative, and the extremes of `Double`.
  static let extremes: [TimeInterval] = [
    0, -0.0, 1e-7, 0.1, -1.5, 86_399.999_999_9, -978_307_200, 817_265_279.980_902_7,
    firstTextDate, firstTextDate.nextDown, firstTextDate.nextUp, endOfTextDates.nextDown, endOfTextDates,
    endOfTextDates.nextUp, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-300, -1e-300, 1e12, -1e12, 1e16 + 0.5,
  ]

  /// The dates a store exports, as JSON values (a `String` or a number), in entry order.
  func exportedDates(of store: Store<Counter, CounterAction>) throws -> [Any] {
    let object = try #require(try JSONSerialization.jsonObject(with: store.exportHistory()) as? [String: Any])
    let entries = try #require(object["entries"] as? [[String: Any]])
    return try entries.map { try #require($0["date"]) }
  }

  @Test(arguments: ["1e400", "-1e400", "1e309", "-2e308"])
  func aNumericDateBeyondDoublesRangeNamesTheEntry(number: String) throws {
    let error = try #require(importing(counterHistoryFile(dates: ["0", number, "1"])))
    guard case .invalidEntry(index: 1, path: "date", let reason) = error else {
      Issue.record("expected invalidEntry(1, date), got \(error)")
      return
    }
    #expect(reason == "the number of seconds is out of range: a date is a finite number of seconds")
  }

  /// JSON has no NaN or infinity: a date written as one is a syntax error in its entry.
  @Test(arguments: [
    ("NaN", "expected a value, found 'N'"), ("nan", "'nan' is not a JSON value (true, false or null)"),
    ("Infinity", "expected a value, found 'I'"), ("-Infinity", "the number - has no digits"),
    ("inf", "expected a value, found 'i'"),
  ])
  func aDateWrittenAsNaNOrInfinityIsASyntaxError(word: String, reason: String) throws {
    let text = counterHistoryFile(dates: ["0", word])
    let offset = try #require(text.utf8.firstRange(of: #""date":\#(word)"#.utf8)).lowerBound
    let error = importing(text)
    #expect(
      error == .invalidJSON(atByte: text.utf8.distance(from: text.startIndex, to: offset) + 7, entry: 1, reason: reason)
    )
  }

  /// A store records `Date()` and an import refuses what is not finite, but should a date that is not
  /// finite reach the writer, it throws rather than write `inf`, which is not JSON.
  @Test func theWriterRefusesADateThatIsNotFinite() throws {
    for seconds in [TimeInterval.infinity, -.infinity, .nan] {
      let file = HistoryFile<CounterAction>(
        format: "rill.history", version: 1, actionType: "RillStoreTests.CounterAction", position: 1,
        entries: [HistoryEntry(action: .increase, date: Date(timeIntervalSinceReferenceDate: seconds))])
      #expect(throws: EncodingError.self) { try file.encoded() }
    }
  }

  @Test(arguments: [
    ("2026-02-31T00:00:00Z", "month 02 of 2026 has days 01 to 28"),
    ("2025-02-29T12:00:00Z", "month 02 of 2025 has days 01 to 28"),
    ("1900-02-29T00:00:00Z", "month 02 of 1900 has days 01 to 28"),
    ("2026-04-31T00:00:00Z", "month 04 of 2026 has days 01 to 30"),
    ("2026-01-00T00:00:00Z", "month 01 of 2026 has days 01 to 31"),
    ("2026-13-01T00:00:00Z", "months go from 01 to 12"),
    ("2026-00-10T00:00:00Z", "months go from 01 to 12"),
    ("2026-01-01T24:00:00Z", "hours go from 00 to 23"),
    ("2026-01-01T23:60:00Z", "minutes go from 00 to 59"),
    ("2026-01-01T23:59:61Z", "seconds go from 00 to 59"),
    ("2016-12-31T23:59:60Z", "second 60 is a leap second, which a Date cannot hold"),
    ("2026-01-01T00:00:00+24:00", "an offset's hours go from 00 to 23, its minutes from 00 to 59"),
    ("2026-01-01T00:00:00-01:60", "an offset's hours go from 00 to 23, its minutes from 00 to 59"),
  ])
  func aDateThatDoesNotExistNamesTheEntry(text: String, why: String) throws {
    let error = try #require(importing(counterHistoryFile(dates: [#""2026-01-01T00:00:00Z""#, #""\#(text)""#])))
    #expect(error == .invalidEntry(index: 1, path: "date", reason: "'\(text)' is no valid date: \(why)"))
    #expect(error.description == "entry 1 is invalid at date: '\(text)' is no valid date: \(why)")
  }

  @Test(
    arguments: [
      ("2000-02-29T00:00:00Z", -26_524_800), ("2400-02-29T00:00:00Z", 12_596_256_000),
      ("0000-02-29T00:00:00Z", -63_145_526_400 + 59 * 86_400), ("2001-01-01T23:59:59+23:59", 59),
      ("2001-01-01T00:00:00-23:59", 86_340), ("9999-12-31T23:59:59Z", 252_423_993_599),
    ] as [(String, TimeInterval)])
  func theEdgesOfTheCalendarRead(text: String, interval: TimeInterval) throws {
    let store = counterStore()
    try store.importHistory(Data(counterHistoryFile(dates: [#""\#(text)""#]).utf8))
    #expect(store.history.entries.map(\.date.timeIntervalSinceReferenceDate) == [interval])
  }

  @Test func theTextCoversTheYears0000To9999AndANumberTheRest() throws {
    let intervals = [
      Self.firstTextDate, Self.firstTextDate.nextDown, Self.endOfTextDates.nextDown, Self.endOfTextDates,
    ]
    let store = counterStore()
    try store.importHistory(Data(counterHistoryFile(dates: intervals.map { "\($0)" }).utf8))
    let dates = try exportedDates(of: store)
    #expect(dates[0] as? String == "0000-01-01T00:00:00Z")
    #expect(dates[1] is NSNumber)
    #expect((dates[2] as? String)?.hasPrefix("9999-12-31T23:59:59.9999") == true)
    #expect(dates[3] is NSNumber)
    let replay = counterStore()
    try replay.importHistory(store.exportHistory())
    #expect(replay.history.entries.map(\.date.timeIntervalSinceReferenceDate) == intervals)
  }

  /// -1e-300 is one whole second back plus a fraction that rounds to 1: no text of 17 fractional digits
  /// reads back as it, so it is written as a number.
  @Test func aDateNoTextGivesExactlyIsWrittenAsANumber() throws {
    let store = counterStore()
    try store.importHistory(Data(counterHistoryFile(dates: ["-1e-300"]).utf8))
    let dates = try exportedDates(of: store)
    #expect(dates.first is NSNumber)
    let replay = counterStore()
    try replay.importHistory(store.exportHistory())
    #expect(replay.history.entries.map(\.date.timeIntervalSinceReferenceDate) == [-1e-300])
  }

  /// A date as a file gives it (`json`: a number or quoted ISO 8601 text), the seconds it stands for when
  /// it is a number, and whether it is the text the exporter writes for it (a whole second, `T`, `Z`).
  struct FileDate {
    var json: String
    var seconds: TimeInterval?
    var isCanonical = false

    static func number(_ seconds: TimeInterval) -> Self {
      Self(json: "\(seconds)", seconds: seconds)
    }

    /// A number (random bits, an instant the text covers, or an extreme) or text with a random
    /// separator, fraction (up to 20 digits) and offset.
    static func random(using random: inout SplitMix64) -> Self {
      switch random.next() % 6 {
      case 0:
        var bits = Double(bitPattern: random.next())
        while !bits.isFinite { bits = Double(bitPattern: random.next()) }
        return .number(bits)
      case 1: return .number(.random(in: firstTextDate..<endOfTextDates, using: &random))
      case 2: return .number(extremes.randomElement(using: &random)!)
      default: break
      }
      func digits(_ count: Int, _ range: ClosedRange<Int>) -> String {
        let text = String(Int.random(in: range, using: &random))
        return String(repeating: "0", count: max(0, count - text.count)) + text
      }
      let year = Int.random(in: 0...9999, using: &random)
      let month = Int.random(in: 1...12, using: &random)
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
      let date = "\(digits(4, year...year))-\(digits(2, month...month))-\(digits(2, 1...days))"
      let time = "\(digits(2, 0...23)):\(digits(2, 0...59)):\(digits(2, 0...59))"
      let fraction =
        random.next() % 3 == 0
        ? "." + (0..<Int.random(in: 1...20, using: &random)).map { _ in digits(1, 0...9) }.joined() : ""
      let zone =
        random.next() % 2 == 0
        ? "Z" : (random.next() % 2 == 0 ? "+" : "-") + digits(2, 0...23) + ":" + digits(2, 0...59)
      let separator = random.next() % 4 == 0 ? " " : "T"
      return Self(
        json: "\"\(date)\(separator)\(time)\(fraction)\(zone)\"", seconds: nil,
        isCanonical: separator == "T" && fraction.isEmpty && zone == "Z")
    }
  }

  /// Random histories, every date random (the extremes included): the import holds exactly the numeric
  /// dates, its export is valid JSON that imports as the same history (by the fast reader and the
  /// thorough one), and exporting that import gives the same bytes. A whole-second date in the
  /// exporter's own form exports as the same text, and reads as Foundation's formatter reads it.
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func exportImportExportIsByteIdentical(seed: UInt64) throws {
    var random = SplitMix64(state: seed)
    let dates = (0..<300).map { _ in FileDate.random(using: &random) } + Self.extremes.map(FileDate.number)
    let actions: [CounterAction] = dates.map { _ in
      switch random.next() % 4 {
      case 0: .increase
      case 1: .decrease
      case 2: .add(.random(in: -1_000_000...1_000_000, using: &random))
      default:
        .rename(
          String(
            (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.characters.randomElement(using: &random)! }))
      }
    }
    let encoder = JSONEncoder()
    let entries = try zip(actions, dates).map { (String(decoding: try encoder.encode($0), as: UTF8.self), $1.json) }
    let position = Int.random(in: 0...entries.count, using: &random)
    let store = counterStore()
    try store.importHistory(Data(counterHistoryFile(entries: entries, position: position).utf8))
    for (index, date) in dates.enumerated() {
      if let seconds = date.seconds {
        #expect(
          store.history.entries[index].date.timeIntervalSinceReferenceDate == seconds, "seed \(seed), entry \(index)")
      }
    }
    let first = try store.exportHistory()
    #expect((try? JSONSerialization.jsonObject(with: first)) != nil, "seed \(seed): the export is not JSON")
    let replay = counterStore()
    try replay.importHistory(first)
    #expect(replay.history == store.history, "seed \(seed)")
    #expect(replay.currentState == store.currentState, "seed \(seed)")
    let second = try replay.exportHistory()
    #expect(first == second, "seed \(seed)")
    // An unknown field sends the file to the thorough reader, which must read the same dates.
    var thorough = first
    thorough.removeLast()
    thorough.append(contentsOf: #","note":"read me the thorough way"}"#.utf8)
    let slow = counterStore()
    try slow.importHistory(thorough)
    #expect(slow.history == store.history, "seed \(seed)")
    let exported = try exportedDates(of: store)
    let formatter = ISO8601DateFormatter()
    for (index, date) in dates.enumerated() where date.isCanonical {
      #expect("\"\(exported[index])\"" == date.json, "seed \(seed), entry \(index)")
      // Foundation's formatter agrees from 1600 on (before, its calendar is Julian).
      if let year = Int(date.json.dropFirst().prefix(4)), year >= 1600 {
        let text = String(date.json.dropFirst().dropLast())
        #expect(formatter.date(from: text) == store.history.entries[index].date, "seed \(seed), \(text)")
      }
    }
  }

  /// Characters for the random titles: JSON's escapes, control characters, and non-ASCII text.
  static let characters: [Character] = [
    "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "漢", "🙂", "\u{2028}",
  ]
}
