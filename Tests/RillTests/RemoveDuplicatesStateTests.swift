import Testing

@testable import Rill

@Suite(.freesEverything) struct RemoveDuplicatesStateTests {
  @Test func firstValueAlwaysPasses() {
    var state = RemoveDuplicatesState<Int>()
    #expect(state.shouldEmit(1) { _, _ in true })
    #expect(state.lastEmitted == 1)
  }

  @Test func comparesWithLastEmittedNotLastReceived() {
    var state = RemoveDuplicatesState<Int>()
    let isDuplicate: (Int, Int) -> Bool = { abs($0 - $1) <= 1 }
    var decisions: [Bool] = []
    for value in [0, 1, 2, 3] { decisions.append(state.shouldEmit(value, isDuplicate: isDuplicate)) }
    #expect(decisions == [true, false, true, false])
    #expect(state.lastEmitted == 2)
  }

  @Test func passesPreviousThenNewToPredicate() {
    var state = RemoveDuplicatesState<String>()
    var calls: [String] = []
    for value in ["a", "b", "c"] {
      _ = state.shouldEmit(value) { previous, next in
        calls.append(previous + next)
        return false
      }
    }
    #expect(calls == ["ab", "bc"])
  }
}
