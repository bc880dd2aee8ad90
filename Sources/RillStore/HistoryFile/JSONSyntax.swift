// The JSON grammar (RFC 8259), checked byte by byte to say where a text first breaks it: `JSONSyntax`.

/// Where a JSON text first breaks the grammar of RFC 8259 (UTF-8, no trailing commas, escapes and
/// numbers as the RFC spells them), and why.
///
/// The thorough reader of history files runs it before `JSONDecoder`, which on Linux lets some errors
/// through (a trailing comma, the inside of a value it does not read) and reports the others as "not
/// valid JSON" without a place, or as an error of the value it was reading. It knows a history file's
/// shape: an error inside the top-level `entries` array names the entry. It nests no deeper than
/// Foundation's parser reads (512 arrays and objects inside one another), and builds no values. Only
/// the thorough reader runs it: the fast one leaves the checking to `JSONDecoder` and the scanner.
///
/// For `{"a": 01}` it says `.invalid(atByte: 6, entry: nil, reason: "the number 01 has a leading zero")`;
/// for `{"a": [1` it says `.unfinished`.
struct JSONSyntax {
  /// What is wrong with a text.
  enum Problem: Equatable {
    /// The text ends before its value does (it was cut short).
    case unfinished
    /// The byte at `atByte` breaks the grammar; `entry` is the index of the history entry it is in.
    case invalid(atByte: Int, entry: Int?, reason: String)
  }

  /// How many arrays and objects may be open at once: as many as Foundation's parser reads.
  static var maximumDepth: Int { 512 }

  /// The first problem in the UTF-8 text `bytes`, or `nil` when it is one valid JSON text (an optional
  /// UTF-8 byte order mark first, which `JSONDecoder` skips too).
  static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
    var syntax = JSONSyntax(bytes: bytes)
    return syntax.check()
  }

  /// What may come next.
  private enum Expecting {
    /// A value; after `[`, also the `]` that closes an empty array.
    case value, valueOrClose
    /// A member's name; after `{`, also the `}` that closes an empty object.
    case name, nameOrClose
    case colon
    /// After a value inside an array or object.
    case commaOrClose
    /// After the whole value: blanks only.
    case nothing
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var expecting = Expecting.value
  /// Whether the last token was a comma (so a closing bracket now is a trailing comma).
  private var afterComma = false
  /// The arrays and objects open, innermost last: `true` for an object.
  private var open: [Bool] = []
  /// While inside the root object's `entries` array, its depth (`open.count`); and the index of the
  /// entry begun last.
  private var entriesDepth: Int?
  private var entry = -1
  /// Whether the root object's member being read is `entries`.
  private var isEntriesMember = false

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private mutating func check() -> Problem? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while true {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
          || bytes[index] == 0x09
      {
        index += 1
      }
      guard index < bytes.count else { return expecting == .nothing ? nil : .unfinished }
      let byte = bytes[index]
      switch expecting {
      case .value, .valueOrClose:
        if byte == UInt8(ascii: "]") && expecting == .valueOrClose {
          close()
          continue
        }
        if let entriesDepth, open.count == entriesDepth { entry += 1 }
        if byte == UInt8(ascii: "]") && afterComma {
          return invalid("a comma before ']' (JSON has no trailing commas)")
        }
        afterComma = false
        if let problem = value(startingWith: byte) { return problem }
      case .name, .nameOrClose:
        if byte == UInt8(ascii: "}") {
          guard expecting == .nameOrClose else { return invalid("a comma before '}' (JSON has no trailing commas)") }
          close()
          continue
        }
        guard byte == UInt8(ascii: "\"") else {
          return invalid("expected a member name in quotes, found \(shown(byte))")
        }
        let start = index
        if let problem = string() { return problem }
        if open.count == 1 { isEntriesMember = bytes[start..<index].elementsEqual(#""entries""#.utf8) }
        afterComma = false
        expecting = .colon
      case .colon:
        guard byte == UInt8(ascii: ":") else {
          return invalid("expected ':' after a member name, found \(shown(byte))")
        }
        index += 1
        expecting = .value
      case .commaOrClose:
        let isObject = open[open.count - 1]
        if byte == UInt8(ascii: ",") {
          index += 1
          afterComma = true
          expecting = isObject ? .name : .value
        } else if byte == UInt8(ascii: isObject ? "}" : "]") {
          close()
        } else {
          return invalid(
            isObject
              ? "expected ',' or '}' after a member, found \(shown(byte))"
              : "expected ',' or ']' after an element, found \(shown(byte))")
        }
      case .nothing:
        return invalid("unexpected \(shown(byte)) after the JSON value")
      }
    }
  }

  /// Reads the value that starts with `byte`, or opens the array or object it starts.
  private mutating func value(startingWith byte: UInt8) -> Problem? {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard open.count < Self.maximumDepth else {
        return invalid("more than \(Self.maximumDepth) arrays and objects inside one another")
      }
      let isEntries = byte == UInt8(ascii: "[") && open.count == 1 && isEntriesMember
      open.append(byte == UInt8(ascii: "{"))
      index += 1
      if isEntries {
        entriesDepth = open.count
        entry = -1
      }
      expecting = byte == UInt8(ascii: "{") ? .nameOrClose : .valueOrClose
      return nil
    case UInt8(ascii: "\""): if let problem = string() { return problem }
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): if let problem = number() { return problem }
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): if let problem = literal() { return problem }
    default: return invalid("expected a value, found \(shown(byte))")
    }
    expecting = open.isEmpty ? .nothing : .commaOrClose
    return nil
  }

  /// Takes the closing bracket of the innermost array or object.
  private mutating func close() {
    open.removeLast()
    if let entriesDepth, open.count < entriesDepth { self.entriesDepth = nil }
    index += 1
    expecting = open.isEmpty ? .nothing : .commaOrClose
  }

  /// Reads a string from its opening quote through its closing one.
  private mutating func string() -> Problem? {
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return nil
      case UInt8(ascii: "\\"):
        if let problem = escape() { return problem }
      case 0x0A: return invalid(#"a raw line feed in a string (escape it as \n)"#)
      case 0x00..<0x20: return invalid("a raw control character \(hex(byte)) in a string (escape it)")
      case 0x20..<0x80: index += 1
      default: if let problem = scalar() { return problem }
      }
    }
    return .unfinished
  }

  /// Reads an escape, from its backslash: one of `\" \\ \/ \b \f \n \r \t`, or `\u` and four hex digits
  /// (a high surrogate followed by the escape of a low one).
  private mutating func escape() -> Problem? {
    guard index + 1 < bytes.count else { return .unfinished }
    let letter = bytes[index + 1]
    guard letter == UInt8(ascii: "u") else {
      guard #"\"/bfnrt"#.utf8.contains(letter) else {
        return invalid(
          (0x21...0x7E).contains(letter)
            ? "an invalid escape \\\(Character(Unicode.Scalar(letter))) in a string"
            : "an invalid escape: a backslash before \(hex(letter)) in a string")
      }
      index += 2
      return nil
    }
    let unit: Int
    switch hexDigits(at: index + 2) {
    case .unfinished: return .unfinished
    case .invalid: return invalid(#"\u must be followed by four hex digits"#)
    case .value(let value): unit = value
    }
    let unpaired = "an unpaired surrogate \(String(decoding: bytes[index..<(index + 6)], as: UTF8.self)) in a string"
    if (0xDC00...0xDFFF).contains(unit) { return invalid(unpaired) }
    guard (0xD800...0xDBFF).contains(unit) else {
      index += 6
      return nil
    }
    for (offset, expected) in [(6, UInt8(ascii: "\\")), (7, UInt8(ascii: "u"))] {
      guard index + offset < bytes.count else { return .unfinished }
      guard bytes[index + offset] == expected else { return invalid(unpaired) }
    }
    switch hexDigits(at: index + 8) {
    case .unfinished: return .unfinished
    case .invalid: return invalid(unpaired)
    case .value(let low):
      guard (0xDC00...0xDFFF).contains(low) else { return invalid(unpaired) }
      index += 12
      return nil
    }
  }

  private enum HexDigits {
    case value(Int)
    case invalid
    case unfinished
  }

  /// The four hex digits at `start`.
  private func hexDigits(at start: Int) -> HexDigits {
    var value = 0
    for position in start..<(start + 4) {
      guard position < bytes.count else { return .unfinished }
      guard let digit = Int(String(UnicodeScalar(bytes[position])), radix: 16) else { return .invalid }
      value = value * 16 + digit
    }
    return .value(value)
  }

  /// Reads one UTF-8 encoded scalar of two to four bytes (no overlong forms, surrogates, or scalars
  /// above U+10FFFF).
  private mutating func scalar() -> Problem? {
    let second: ClosedRange<UInt8>
    let length: Int
    switch bytes[index] {
    case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return invalid("invalid UTF-8 in a string")
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .unfinished }
      guard (offset == 1 ? second : 0x80...0xBF).contains(bytes[index + offset]) else {
        return invalid("invalid UTF-8 in a string")
      }
    }
    index += length
    return nil
  }

  /// Reads a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. A problem is placed at the
  /// number's start and quotes it.
  private mutating func number() -> Problem? {
    let start = index
    func digits() -> Int {
      let first = index
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
      return index - first
    }
    func problem(_ why: String) -> Problem {
      guard index < bytes.count else { return .unfinished }
      var end = start
      while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
      return invalid(at: start, "the number \(String(decoding: bytes[start..<end], as: UTF8.self)) \(why)")
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { return problem("has a leading zero") }
    } else if digits() == 0 {
      return problem("has no digits")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      if digits() == 0 { return problem("has no digits after its '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      if digits() == 0 { return problem("has no digits in its exponent") }
    }
    return nil
  }

  /// Reads `true`, `false` or `null`.
  private mutating func literal() -> Problem? {
    let start = index
    let word =
      switch bytes[index] {
      case UInt8(ascii: "t"): "true"
      case UInt8(ascii: "f"): "false"
      default: "null"
      }
    for letter in word.utf8 {
      guard index < bytes.count else { return .unfinished }
      guard bytes[index] == letter else { break }
      index += 1
    }
    var end = start
    while end < bytes.count, (bytes[end] | 0x20) &- UInt8(ascii: "a") < 26 { end += 1 }
    guard end == start + word.utf8.count, index == end else {
      let text = String(decoding: bytes[start..<end], as: UTF8.self)
      return invalid(at: start, "'\(text)' is not a JSON value (true, false or null)")
    }
    return nil
  }

  /// A problem at the current byte.
  private func invalid(_ reason: String) -> Problem {
    invalid(at: index, reason)
  }

  /// A problem at byte `offset`, in the entry being read (or about to be, between entries).
  private func invalid(at offset: Int, _ reason: String) -> Problem {
    var entry: Int?
    if let entriesDepth, open.count >= entriesDepth {
      entry = open.count == entriesDepth && expecting == .commaOrClose ? self.entry + 1 : self.entry
    }
    return .invalid(atByte: offset, entry: entry, reason: reason)
  }

  /// `byte` for a message: the character in quotes when it is printable ASCII, else its value.
  private func shown(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(hex(byte))"
  }

  private func hex(_ byte: UInt8) -> String {
    "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
  }
}
