import RillDemos
import Testing

@Suite struct ANSITests {
  @Test func screenEndResetsShowsTheCursorAndLeavesTheAlternateScreen() {
    #expect(ANSI.screenEnd == "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
  }

  @Test func screenStartEntersTheAlternateScreenAndHidesTheCursor() {
    #expect(ANSI.screenStart == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
  }

  @Test func sgrWrapsACode() {
    #expect(ANSI.sgr("1;31") == "\u{1B}[1;31m")
  }
}
