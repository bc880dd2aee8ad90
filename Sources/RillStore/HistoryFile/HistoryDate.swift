// ISO 8601 dates by hand, written and read without a formatter: `HistoryDate`.

import Foundation

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
