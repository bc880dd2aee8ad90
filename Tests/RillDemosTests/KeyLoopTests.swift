import RillDemos
import Testing

@Suite struct KeyLoopTests {
  @Test func handsEveryKeyOfEveryChunkUntilEndOfInput() {
    var chunks = [Array(" +".utf8), Array("\u{1B}[A".utf8)].makeIterator()
    var keys: [Key] = []
    KeyLoop.run(
      read: { chunks.next() },
      handle: { key in
        keys.append(key)
        return true
      })
    #expect(keys == [.character(" "), .character("+"), .up])
  }

  @Test func stopsAtTheKeyTheHandlerRefuses() {
    var reads = 0
    var chunks = [Array("aqb".utf8), Array("c".utf8)].makeIterator()
    var keys: [Key] = []
    KeyLoop.run(
      read: {
        reads += 1
        return chunks.next()
      },
      handle: { key in
        keys.append(key)
        return key != .character("q")
      })
    #expect(keys == [.character("a"), .character("q")])
    #expect(reads == 1)
  }
}
