import Testing

@testable import Rill

@Suite(.freesEverything) struct CombineStateTests {
  @Test func waitsWhileConnectingAndEmitsReplayedValuesOnceAllArrived() {
    var state = CombineState(sourceCount: 2)
    let decisions = [
      state.received(isFirstFromSource: true, inPropagation: false),
      state.received(isFirstFromSource: true, inPropagation: false),
    ]
    let emitsOnConnect = state.connected()
    #expect(decisions == [.wait, .wait])
    #expect(emitsOnConnect)
  }

  @Test func doesNotEmitOnConnectWhileASourceIsMissing() {
    var state = CombineState(sourceCount: 3)
    _ = state.received(isFirstFromSource: true, inPropagation: false)
    let emitsOnConnect = state.connected()
    #expect(!emitsOnConnect)
    #expect(state.missing == 2)
  }

  @Test func waitsUntilEverySourceHasValue() {
    var state = CombineState(sourceCount: 2)
    _ = state.connected()
    let decisions = [
      state.received(isFirstFromSource: true, inPropagation: false),
      state.received(isFirstFromSource: false, inPropagation: false),
      state.received(isFirstFromSource: true, inPropagation: false),
    ]
    #expect(decisions == [.wait, .wait, .emitNow])
  }

  @Test func settlesAtOnceOnlyWhenNothingIsScheduled() {
    var state = CombineState(sourceCount: 2)
    _ = state.connected()
    _ = state.received(isFirstFromSource: true, inPropagation: false)
    let decisions = [
      state.received(isFirstFromSource: true, inPropagation: true, settlesAtOnce: true),
      state.received(isFirstFromSource: false, inPropagation: true, settlesAtOnce: false),
      state.received(isFirstFromSource: false, inPropagation: true, settlesAtOnce: true),
    ]
    let settles = state.settle()
    #expect(decisions == [.emitNow, .settleLater, .wait])
    #expect(settles)
  }

  @Test func schedulesOneSettlePerPropagation() {
    var state = CombineState(sourceCount: 2)
    _ = state.connected()
    var decisions = [
      state.received(isFirstFromSource: true, inPropagation: true),
      state.received(isFirstFromSource: true, inPropagation: true),
      state.received(isFirstFromSource: false, inPropagation: true),
    ]
    let settles = [state.settle(), state.settle()]
    decisions.append(state.received(isFirstFromSource: false, inPropagation: true))
    #expect(decisions == [.wait, .settleLater, .wait, .settleLater])
    #expect(settles == [true, false])
  }

  @Test(arguments: [1, 2, 5])
  func needsOneFirstValuePerSource(sourceCount: Int) {
    var state = CombineState(sourceCount: sourceCount)
    _ = state.connected()
    var decisions: [CombineState.Decision] = []
    for _ in 0..<sourceCount { decisions.append(state.received(isFirstFromSource: true, inPropagation: false)) }
    #expect(decisions == Array(repeating: .wait, count: sourceCount - 1) + [.emitNow])
  }

  @Test func disconnectCancelsScheduledSettle() {
    var state = CombineState(sourceCount: 1)
    _ = state.connected()
    let decision = state.received(isFirstFromSource: true, inPropagation: true)
    state.disconnected()
    let emits = state.settle()
    #expect(decision == .settleLater)
    #expect(!emits)
  }
}
