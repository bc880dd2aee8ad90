// JSON's number grammar, checked byte by byte: `JSONNumber`.

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
