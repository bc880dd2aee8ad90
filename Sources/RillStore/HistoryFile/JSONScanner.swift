// A JSON scanner that finds values by brackets, quotes and commas without building them (`JSONScanner`),
// and the string follower it uses (`JSONStrings`).

import Foundation

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

  /// Whether `bytes` are none or only blanks: a file with nothing in it.
  package static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var scanner = JSONScanner(bytes.bindMemory(to: UInt8.self))
    return scanner.isAtEnd()
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
  /// quote or bracket does not close, a comma comes right before a closing bracket (`JSONDecoder` lets
  /// that through on Linux), or there is no value.
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
    var afterComma = false
    while index < end {
      let byte = bytes[index]
      index += 1
      if strings.take(byte) {
        if depth == 0 && !strings.isInside { return start..<index }
        afterComma = false
        continue
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        afterComma = false
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if afterComma { return nil }
        depth -= 1
        if depth == 0 { return start..<index }
      case UInt8(ascii: ","): afterComma = true
      case 0x20, 0x09, 0x0A, 0x0D: break
      default: afterComma = false
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
