import RillDemos
import Testing

@Suite struct PaletteTests {
  @Test func ansiPaintsAndResets() {
    #expect(Palette.ansi.paint("35", sgr: "35") == "\u{1B}[35m35\u{1B}[0m")
  }

  @Test func plainLeavesTextAlone() {
    #expect(Palette.plain.paint("35", sgr: "35") == "35")
  }

  @Test(arguments: [
    (true, [String: String](), false, true),
    (false, [:], false, false),
    (true, ["NO_COLOR": "1"], false, false),
    (true, ["NO_COLOR": ""], false, true),
    (true, [:], true, false),
  ])
  func coloursOnlyOnATerminalWithoutNoColor(
    isTerminal: Bool, environment: [String: String], flag: Bool, expected: Bool
  ) {
    let palette = Palette.resolve(outputIsTerminal: isTerminal, environment: environment, noColorFlag: flag)
    #expect(palette.usesColor == expected)
  }
}
