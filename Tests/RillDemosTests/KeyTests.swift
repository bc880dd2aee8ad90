import RillDemos
import Testing

@Suite struct KeyTests {
  @Test func printableCharacters() {
    #expect(
      KeyDecoder.keys(in: Array(" +uq".utf8)) == [.character(" "), .character("+"), .character("u"), .character("q")])
  }

  @Test func arrowsInBothEncodings() {
    let bytes = Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OD".utf8)
    #expect(KeyDecoder.keys(in: bytes) == [.up, .down, .right, .left, .up, .left])
  }

  @Test func controlKeysEnterAndBackspace() {
    #expect(
      KeyDecoder.keys(in: [3, 4, 13, 10, 9, 127, 8]) == [
        .control("c"), .control("d"), .enter, .enter, .tab, .backspace, .backspace,
      ])
  }

  @Test func aLoneEscapeIsTheEscapeKey() {
    #expect(KeyDecoder.keys(in: [0x1B]) == [.escape])
    #expect(KeyDecoder.keys(in: Array("\u{1B}q".utf8)) == [.escape, .character("q")])
  }

  @Test func otherSequencesAreUnknownAndConsumedWhole() {
    // Home as ESC [ 1 ~, then "u": the sequence's bytes do not leak out as characters.
    #expect(KeyDecoder.keys(in: Array("\u{1B}[1~u".utf8)) == [.unknown, .character("u")])
    #expect(KeyDecoder.keys(in: Array("\u{1B}[1;5C".utf8)) == [.unknown])
  }

  @Test func bytesOutsideASCIIAreUnknown() {
    #expect(KeyDecoder.keys(in: [0xC3, 0xA9]) == [.unknown, .unknown])
  }
}
