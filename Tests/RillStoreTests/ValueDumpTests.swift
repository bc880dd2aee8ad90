import Testing

@testable import RillStore

@Suite struct ValueDumpTests {
  struct Profile {
    var name: String
    var tags: [String]
    var scores: [String: Int]
    var nickname: String?
    var pair: (Int, label: Bool)
  }

  enum Event {
    case opened
    case moved(x: Int, y: Int)
    case named(String)
  }

  @Test func writesOnePropertyPerLine() {
    let profile = Profile(name: "Ada", tags: ["a", "b"], scores: ["z": 1, "m": 2], nickname: nil, pair: (1, true))
    #expect(
      ValueDump.lines(of: profile) == [
        "Profile(",
        "  name: \"Ada\",",
        "  tags: [",
        "    \"a\",",
        "    \"b\"",
        "  ],",
        "  scores: [",
        "    \"m\": 2,",
        "    \"z\": 1",
        "  ],",
        "  nickname: nil,",
        "  pair: (",
        "    1,",
        "    label: true",
        "  )",
        ")",
      ])
  }

  @Test func writesEnumCasesWithTheirPayload() {
    #expect(ValueDump.lines(of: Event.opened) == [".opened"])
    #expect(ValueDump.lines(of: Event.named("x")) == [#".named("x")"#])
    #expect(ValueDump.lines(of: Event.moved(x: 1, y: 2)) == [".moved(x: 1, y: 2)"])
  }

  @Test func writesALongPayloadOnePropertyPerLine() {
    let long = String(repeating: "a", count: 80)
    #expect(ValueDump.lines(of: Event.named(long)) == [".named(", "  \"\(long)\"", ")"])
    #expect(
      ValueDump.lines(of: [Event.moved(x: 1, y: 2), .named(long)]) == [
        "[", "  .moved(x: 1, y: 2),", "  .named(", "    \"\(long)\"", "  )", "]",
      ])
  }

  @Test func writesAValueOnOneLine() {
    #expect(ValueDump.line(of: Event.moved(x: 1, y: 2)) == ".moved(x: 1, y: 2)")
    #expect(ValueDump.line(of: ["b": [1], "a": []]) == "[\"a\": [], \"b\": [1]]")
    #expect(ValueDump.line(of: [String: Int]()) == "[:]")
    #expect(ValueDump.line(of: Optional<Int>.none as Any) == "nil")
  }

  @Test func writesEmptyCollectionsOnOneLine() {
    #expect(ValueDump.lines(of: [Int]()) == ["[]"])
    #expect(ValueDump.lines(of: [String: Int]()) == ["[:]"])
    #expect(ValueDump.lines(of: Optional(3) as Any) == ["3"])
  }
}
