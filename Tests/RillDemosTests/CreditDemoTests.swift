import RillDemos
import RillTesting
import Testing

/// Drives the credit demo's pipeline: dispatch, then compare the rendered lines once.
@Suite struct CreditDemoTests {
  /// A session whose lines are recorded into `lines`.
  final class Recorder {
    let session: DemoSession<CreditDemo>
    var lines: [String] = []
    var rendering: Subscription?

    init(_ demo: CreditDemo = CreditDemo(), palette: Palette = .plain) {
      session = DemoSession(demo: demo)
      rendering = session.renderLines(palette: palette) { [unowned self] in lines.append($0) }
    }
  }

  @Test func theFirstLineIsTheInitialState() {
    let recorder = Recorder()
    #expect(recorder.lines == ["Credit: 0 [gray]  Status: not set"])
  }

  @Test func eachClickAddsFiveAndRendersOneLine() {
    let recorder = Recorder()
    recorder.session.repeatAction(times: 15)
    #expect(recorder.lines.count == 16)
    #expect(recorder.lines[1] == "Credit: 5 [gray]  Status: fail")
    #expect(
      recorder.lines[5...7] == [
        "Credit: 25 [gray]  Status: fail",
        "Credit: 30 [purple]  Status: fail",
        "Credit: 35 [purple]  Status: fail",
      ])
    #expect(
      recorder.lines[13...15] == [
        "Credit: 65 [purple]  Status: fail",
        "Credit: 70 [red]  Status: pass",
        "Credit: 75 [red]  Status: pass",
      ])
  }

  @Test func theViewIsNeverMixedAcrossAColourChange() {
    let session = DemoSession(demo: CreditDemo())
    var views: [CreditView] = []
    let rendering = session.view.subscribe { views.append($0) }
    session.repeatAction(times: 20)
    let expected = (0...20).map { click in
      CreditView(credit: click * 5, color: CreditColor(credit: click * 5), status: CreditStatus(credit: click * 5))
    }
    #expect(views == expected)
    rendering.cancel()
  }

  @Test func undoAndRedoRenderTheStateTheyReach() {
    let recorder = Recorder()
    recorder.session.perform(.dispatch(.click))
    recorder.session.perform(.undo)
    recorder.session.perform(.redo)
    #expect(
      recorder.lines == [
        "Credit: 0 [gray]  Status: not set",
        "Credit: 5 [gray]  Status: fail",
        "Credit: 0 [gray]  Status: not set",
        "Credit: 5 [gray]  Status: fail",
      ])
  }

  @Test func undoOrRedoWithNothingToDoRendersNothing() {
    let recorder = Recorder()
    recorder.session.perform(.undo)
    recorder.session.perform(.redo)
    #expect(recorder.lines == ["Credit: 0 [gray]  Status: not set"])
  }

  @Test func chineseStatusLabelsKeepTheColourTag() {
    let recorder = Recorder(CreditDemo(language: .zh))
    recorder.session.repeatAction(times: 14)
    #expect(recorder.lines[0] == "Credit: 0 [gray]  Status: 未设置")
    #expect(recorder.lines[7] == "Credit: 35 [purple]  Status: 不合格")
    #expect(recorder.lines[14] == "Credit: 70 [red]  Status: 合格")
  }

  @Test func aPaintingPaletteColoursOnlyTheNumber() {
    let recorder = Recorder(palette: .ansi)
    recorder.session.repeatAction(times: 6)
    #expect(recorder.lines.last == "Credit: \u{1B}[35m30\u{1B}[0m [purple]  Status: fail")
  }

  @Test func theScreenDrawsTheNumberInItsColourAndTheTagOnlyWithoutColours() {
    let demo = CreditDemo()
    let view = CreditView(credit: 70, color: .red, status: .pass)
    #expect(demo.screen(for: view, palette: .ansi).last == "  Credit: \u{1B}[1;31m70\u{1B}[0m   Status: pass")
    #expect(demo.screen(for: view, palette: .plain).last == "  Credit: 70 [red]   Status: pass")
  }

  @Test func wordsAndKeysClick() {
    let demo = CreditDemo()
    #expect(["add", "+"].map(demo.action(forWord:)) == [.click, .click])
    #expect(demo.action(forWord: "increment") == nil)
    let keys: [Key] = [.character(" "), .enter, .character("+"), .character("-")]
    #expect(keys.map(demo.action(for:)) == [.click, .click, .click, nil])
  }
}

/// The credit demo's reducer, step by step with a `TestStore`.
@MainActor @Suite struct CreditReducerTests {
  @Test func eachClickAddsFive() async {
    let demo = CreditDemo()
    let store = TestStore(initialState: demo.initialState, reducer: demo.reducer)
    store.send(.click) { $0.credit = 5 }
    store.send(.click) { $0.credit = 10 }
    await store.finish()
  }
}
