import Foundation
import RillDemos
import Testing

@Suite struct DemoSessionTests {
  @Test func runsLinesUntilQuitReportingUnknownWords() {
    let session = DemoSession(demo: CreditDemo())
    var lines: [String] = []
    var unknown: [String] = []
    let rendering = session.renderLines(palette: .plain) { lines.append($0) }
    session.run(lines: ["add", "", "fly", "+", "undo", "quit", "add"]) { unknown.append($0) }
    #expect(
      lines == [
        "Credit: 0 [gray]  Status: not set",
        "Credit: 5 [gray]  Status: fail",
        "Credit: 10 [gray]  Status: fail",
        "Credit: 5 [gray]  Status: fail",
      ])
    #expect(unknown == ["unknown command 'fly' (expected add, +, undo, redo or quit)"])
    rendering.cancel()
  }

  @Test func performReturnsFalseOnlyForQuit() {
    let session = DemoSession(demo: CounterDemo())
    let results = [DemoCommand<CounterAction>.dispatch(.increment), .undo, .redo, .quit].map(session.perform)
    #expect(results == [true, true, true, false])
    #expect(session.store.currentState == CounterState(count: 1))
  }

  @Test func repeatActionDispatchesTheDemosRepeatedAction() {
    let session = DemoSession(demo: CreditDemo())
    session.repeatAction(times: 3)
    #expect(session.store.currentState == CreditState(credit: 15))
    #expect(session.store.history.entries.map(\.action) == [.click, .click, .click])
  }

  @Test func theRecordingNamesTheDemoAndHoldsTheHistory() throws {
    let session = DemoSession(demo: CounterDemo())
    session.perform(.dispatch(.increment))
    session.perform(.dispatch(.decrement))
    session.perform(.undo)
    let recorded = try Recording.decode(session.recording())
    #expect(recorded.demo == "counter")
    let fresh = DemoSession(demo: CounterDemo())
    try fresh.store.importHistory(recorded.history)
    #expect(fresh.store.history.entries.map(\.action) == [.increment, .decrement])
    #expect(fresh.store.history.position == 1)
    #expect(fresh.store.currentState == CounterState(count: 1))
  }

  /// `rill --record` exports the whole session however long it is: the demos record `.unbounded` (the
  /// store's default, `.bounded(100)`, cannot export once it has folded old actions, at 200).
  @Test func aLongSessionRecordsEveryAction() throws {
    let session = DemoSession(demo: CounterDemo())
    session.repeatAction(times: 500)
    let recorded = try Recording.decode(session.recording())
    let fresh = DemoSession(demo: CounterDemo())
    try fresh.store.importHistory(recorded.history)
    #expect(fresh.store.history.entries.count == 500)
    #expect(fresh.store.currentState == session.store.currentState)
  }
}
