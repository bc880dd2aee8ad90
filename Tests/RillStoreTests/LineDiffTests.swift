import Testing

@testable import RillStore

@Suite struct LineDiffTests {
  @Test func marksTheLinesOnlyOneSideHas() {
    #expect(
      LineDiff.lines(expected: ["a", "b", "c"], actual: ["a", "x", "c", "d"]) == [
        .both("a"), .expected("b"), .actual("x"), .both("c"), .actual("d"),
      ])
  }

  @Test func equalTextsHaveNoChangedLines() {
    #expect(LineDiff.lines(expected: ["a", "b"], actual: ["a", "b"]) == [.both("a"), .both("b")])
    #expect(LineDiff.lines(expected: [], actual: []) == [])
  }

  @Test func rendersWithMarkers() {
    #expect(LineDiff.render(expected: ["a", "b"], actual: ["a", "c"]) == "  a\n- b\n+ c")
  }
}
