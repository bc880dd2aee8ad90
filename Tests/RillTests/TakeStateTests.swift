import Testing

@testable import Rill

@Suite(.freesEverything) struct TakeStateTests {
  @Test(arguments: [
    (1, [TakeState.Decision.emitLast, .ignore, .ignore]),
    (2, [.emit, .emitLast, .ignore]),
    (3, [.emit, .emit, .emitLast]),
  ])
  func decidesEachValue(limit: Int, expected: [TakeState.Decision]) {
    var state = TakeState(limit: limit)
    var decisions: [TakeState.Decision] = []
    for _ in 0..<3 { decisions.append(state.receive()) }
    #expect(decisions == expected)
  }

  @Test func zeroLimitIsFinishedAndIgnoresEverything() {
    var state = TakeState(limit: 0)
    #expect(state.isFinished)
    #expect(state.receive() == .ignore)
  }

  @Test func isFinishedOnlyAfterLastValue() {
    var state = TakeState(limit: 2)
    var finished: [Bool] = [state.isFinished]
    for _ in 0..<3 {
      _ = state.receive()
      finished.append(state.isFinished)
    }
    #expect(finished == [false, false, true, true])
  }
}
