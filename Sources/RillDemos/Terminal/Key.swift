/// A key read from a terminal in raw mode.
public enum Key: Hashable, Sendable {
  /// A printable ASCII character, space included.
  case character(Character)
  /// Return or enter (carriage return or line feed).
  case enter
  /// Tab.
  case tab
  /// Backspace or delete.
  case backspace
  /// A lone escape.
  case escape
  /// An arrow key.
  case up, down, left, right
  /// A control key, named by its lowercase letter: Ctrl-C is `.control("c")`.
  case control(Character)
  /// Anything else (other escape sequences, bytes outside ASCII).
  case unknown
}

/// Turns the bytes of one read from a raw-mode terminal into keys.
///
/// A terminal sends a key's escape sequence (`ESC [ A` for up) in one write, so each chunk is decoded
/// on its own: an `ESC` that does not start a sequence in the same chunk is the escape key.
///
/// ```swift
/// KeyDecoder.keys(in: Array(" u\u{1B}[Cq".utf8))
/// // [.character(" "), .character("u"), .right, .character("q")]
/// ```
///
/// - Complexity: O(bytes).
public enum KeyDecoder {
  /// The keys in `bytes`, in order.
  public static func keys(in bytes: some Collection<UInt8>) -> [Key] {
    let bytes = Array(bytes)
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x1B:
        let (key, length) = escapeSequence(bytes[index...])
        keys.append(key)
        index += length
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x09: keys.append(.tab)
      case 0x08, 0x7F: keys.append(.backspace)
      case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
      case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
      default: keys.append(.unknown)
      }
    }
    return keys
  }

  /// The key an `ESC` starts, given the bytes after it, and how many of them it uses.
  private static func escapeSequence(_ rest: ArraySlice<UInt8>) -> (Key, Int) {
    guard let introducer = rest.first, introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      return (.escape, 0)
    }
    // CSI: parameter and intermediate bytes, then one final byte in 0x40...0x7E.
    var length = 1
    for byte in rest.dropFirst() {
      length += 1
      guard (0x40...0x7E).contains(byte) else { continue }
      switch byte {
      case UInt8(ascii: "A"): return (length == 2 ? .up : .unknown, length)
      case UInt8(ascii: "B"): return (length == 2 ? .down : .unknown, length)
      case UInt8(ascii: "C"): return (length == 2 ? .right : .unknown, length)
      case UInt8(ascii: "D"): return (length == 2 ? .left : .unknown, length)
      default: return (.unknown, length)
      }
    }
    return (.unknown, length)
  }
}
