// ISO 8601 dates by hand, written and read without a formatter: `HistoryDate`.

import Foundation

/// A history file's dates: ISO 8601 text in UTC, `2026-11-25T02:06:35.9809027Z`, with as many
/// fractional digits as it takes to read back the same `Date` (none for a whole second, at most 17).
///
/// The text covers the years 0000 to 9999 of the proleptic Gregorian calendar, without leap seconds
/// (a `Date` has none). A date it cannot give exactly has no text (``text(for:)`` is `nil`), and the
/// file writes it as a number instead.
///
/// Reading also takes a time zone offset (`+01:00`) and a space instead of the `T`, and reads at most
/// 17 fractional digits (to 10 attoseconds; further digits are dropped). A text that names no instant
/// (`2026-02-31`, `24:00`, `23:59:60`) is a ``Problem``, not a neighbouring date. Written by hand (days
/// from the civil date and back) because a formatter costs microseconds per date, and a session
/// records one date per action.
enum HistoryDate {
  /// Seconds from 1970-01-01 to 2001-01-01, the reference date.
  static let referenceOffset: Int64 = 978_307_200
  /// Powers of ten, 10⁰ to 10¹⁷.
  static let powersOfTen: [Int64] = (0...17).map { power in (0..<power).reduce(Int64(1)) { value, _ in value * 10 } }

  /// The text for `date`, or `nil` when no text reads back as exactly `date`: it is not finite, its
  /// year is outside 0000...9999, or 17 fractional digits do not give it.
  static func text(for date: Date) -> String? {
    var bytes: [UInt8] = []
    guard append(date, to: &bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the text for `date` to `bytes`; `false` (nothing appended) when ``text(for:)`` is `nil`.
  static func append(_ date: Date, to bytes: inout [UInt8]) -> Bool {
    let start = bytes.count
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
      guard scaled < powersOfTen[digits], whole + Double(scaled) / Double(powersOfTen[digits]) == interval else {
        // No text of 17 digits reads back as it (-1e-300 is a whole second back and a fraction that
        // rounds to 1).
        bytes.removeSubrange(start...)
        return false
      }
      bytes.append(UInt8(ascii: "."))
      append(scaled, digits: digits)
    }
    bytes.append(UInt8(ascii: "Z"))
    return true
  }

  /// Why a text is no date: not the grammar, or a field out of range.
  enum Problem: Error, Equatable {
    /// The text is not `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or `±HH:MM`.
    case notISO8601
    case month
    /// The day is not in its month, which has `days` days.
    case day(year: Int64, month: Int64, days: Int64)
    case hour
    case minute
    case second
    /// Second 60, a leap second (`23:59:60`): a `Date` counts none.
    case leapSecond
    case offset

    /// Why `text` is no date, for an error message.
    func reason(for text: String) -> String {
      let why: String
      switch self {
      case .notISO8601: return "'\(text)' is not an ISO 8601 date"
      case .month: why = "months go from 01 to 12"
      case .day(let year, let month, let days):
        why = "month \(padded(month, 2)) of \(padded(year, 4)) has days 01 to \(days)"
      case .hour: why = "hours go from 00 to 23"
      case .minute: why = "minutes go from 00 to 59"
      case .second: why = "seconds go from 00 to 59"
      case .leapSecond: why = "second 60 is a leap second, which a Date cannot hold"
      case .offset: why = "an offset's hours go from 00 to 23, its minutes from 00 to 59"
      }
      return "'\(text)' is no valid date: \(why)"
    }

    /// `value` in decimal with leading zeros up to `width` digits.
    private func padded(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
  }

  /// The date the UTF-8 text `bytes` names (`YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or
  /// `±HH:MM`), or `nil`.
  static func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    try? parse(bytes)
  }

  /// The date `text` names, or why it names none (see ``date(from:)``).
  static func parse(_ text: String) throws(Problem) -> Date {
    var text = text
    return try text.withUTF8 { bytes in Result { () throws(Problem) in try parse(bytes) } }.get()
  }

  /// The date the UTF-8 text `bytes` names, or why it names none.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> Date {
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
      skip("Tt "), let hour = number(2), skip(":"), let minute = number(2), skip(":"), let second = number(2)
    else { throw .notISO8601 }
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
      guard index > start else { throw .notISO8601 }
    }
    var offset: Int64 = 0
    var offsetInRange = true
    if skip("Zz") {
      offset = 0
    } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = number(2), skip(":"), let minutes = number(2) else { throw .notISO8601 }
      offsetInRange = hours < 24 && minutes < 60
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      throw .notISO8601
    }
    guard index == bytes.count else { throw .notISO8601 }
    guard (1...12).contains(month) else { throw .month }
    let monthDays = daysIn(month: month, year: year)
    guard (1...monthDays).contains(day) else { throw .day(year: year, month: month, days: monthDays) }
    guard hour < 24 else { throw .hour }
    guard minute < 60 else { throw .minute }
    guard second < 60 else { throw second == 60 ? .leapSecond : .second }
    guard offsetInRange else { throw .offset }
    let seconds = days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(
      timeIntervalSinceReferenceDate: Double(seconds - referenceOffset) + Double(scaled)
        / Double(powersOfTen[digits]))
  }

  /// How many days `month` (1...12) of `year` has in the proleptic Gregorian calendar.
  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
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
