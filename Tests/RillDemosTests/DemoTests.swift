import RillDemos
import Testing

/// The commands every demo shares, from the `Demo` protocol's extension.
@Suite struct DemoTests {
  @Test(arguments: [
    ("add", ScriptLine<CreditAction>.command(.dispatch(.click))),
    (" + ", .command(.dispatch(.click))),
    ("ADD", .command(.dispatch(.click))),
    ("undo", .command(.undo)),
    ("redo", .command(.redo)),
    ("quit", .command(.quit)),
    ("", .blank),
    ("   ", .blank),
    ("jump", .unknown("jump")),
  ])
  func linesReadAsCommands(line: String, expected: ScriptLine<CreditAction>) {
    #expect(CreditDemo().command(forLine: line) == expected)
  }

  @Test func sharedKeysUndoRedoAndQuit() {
    let keys: [Key] = [.character("u"), .character("r"), .character("q"), .control("c"), .character("+"), .left]
    let commands = keys.map(CounterDemo().command(for:))
    #expect(commands == [.undo, .redo, .quit, .quit, .dispatch(.increment), nil])
  }

  @Test func commandWordsListTheDemosOwnFirst() {
    #expect(CreditDemo().commandWords == "add, +, undo, redo or quit")
    #expect(CounterDemo().commandWords == "increment, +, decrement, -, undo, redo or quit")
  }

  @Test func theLegendEndsWithTheQuitLabel() {
    #expect(CreditDemo().legend(quitLabel: "back") == "space, enter or + click · u undo · r redo · q back")
  }
}
