import RillDemos
import Testing

@Suite struct InteractiveScreenTests {
  @Test func aFrameClearsTheScreenThenWritesOneRowPerLine() {
    #expect(Frame.render(["Counter", "", "  Counter: 3"]) == "\u{1B}[H\u{1B}[2JCounter\n\n  Counter: 3\n")
  }
}
