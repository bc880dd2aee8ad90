/// The interactive screens' input loop: read a chunk, decode its keys, hand each to a handler.
public enum KeyLoop {
  /// Calls `read` until it returns `nil` (end of input) and hands each key it decodes to `handle`,
  /// until `handle` returns `false`. Keys after that one in the same chunk are dropped.
  ///
  /// ```swift
  /// var chunks = [Array(" +".utf8), Array("q".utf8)].makeIterator()
  /// KeyLoop.run(read: { chunks.next() }) { key in print(key); return key != .character("q") }
  /// // character(" "), character("+"), character("q")
  /// ```
  public static func run(read: () -> [UInt8]?, handle: (Key) -> Bool) {
    while let bytes = read() {
      for key in KeyDecoder.keys(in: bytes) {
        guard handle(key) else { return }
      }
    }
  }
}
