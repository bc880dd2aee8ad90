import Testing

@testable import Rill

@Suite(.freesEverything) struct WithLatestFromStateTests {
  @Test func otherAloneNeverAsksToEmit() {
    var state = WithLatestFromState()
    let emitsOnConnect = state.connected()
    state.receivedOther()
    state.receivedOther()
    let emitsOnSettle = state.settle()
    #expect([emitsOnConnect, emitsOnSettle, state.primaryIsFresh] == [false, false, false])
  }

  @Test func primaryWithoutOtherIsDroppedAtSettle() {
    var state = WithLatestFromState()
    _ = state.connected()
    let decision = state.receivedPrimary(inPropagation: true)
    let emitsWithoutOther = state.settle()
    state.receivedOther()
    let emitsAfterOther = state.settle()
    #expect(decision == .settleLater)
    #expect([emitsWithoutOther, emitsAfterOther] == [false, false])
  }

  @Test func otherArrivingLaterInSamePropagationCounts() {
    var state = WithLatestFromState()
    _ = state.connected()
    let decision = state.receivedPrimary(inPropagation: true)
    state.receivedOther()
    let emits = state.settle()
    #expect(decision == .settleLater)
    #expect(emits)
  }

  @Test func schedulesOncePerPropagation() {
    var state = WithLatestFromState()
    state.receivedOther()
    _ = state.connected()
    var decisions = [state.receivedPrimary(inPropagation: true), state.receivedPrimary(inPropagation: true)]
    let emits = state.settle()
    decisions.append(state.receivedPrimary(inPropagation: true))
    #expect(decisions == [.settleLater, .wait, .settleLater])
    #expect(emits)
  }

  @Test(arguments: [(true, true, true), (true, false, false), (false, true, false)])
  func emitsReplayedPairOnConnectOnlyWithBoth(primaryReplays: Bool, otherReplays: Bool, expected: Bool) {
    var state = WithLatestFromState()
    if otherReplays { state.receivedOther() }
    let decision = primaryReplays ? state.receivedPrimary(inPropagation: false) : .wait
    let emits = state.connected()
    #expect(decision == .wait)
    #expect(emits == expected)
    #expect(state.primaryIsFresh == false)
  }

  @Test func outsidePropagationEmitsAtOnceOrDrops() {
    var state = WithLatestFromState()
    _ = state.connected()
    let withoutOther = state.receivedPrimary(inPropagation: false)
    state.receivedOther()
    let withOther = state.receivedPrimary(inPropagation: false)
    #expect([withoutOther, withOther] == [.wait, .emitNow])
    #expect(state.primaryIsFresh == false)
  }

  @Test func disconnectCancelsScheduledSettle() {
    var state = WithLatestFromState()
    state.receivedOther()
    _ = state.connected()
    let decision = state.receivedPrimary(inPropagation: true)
    state.disconnected()
    let emits = state.settle()
    #expect(decision == .settleLater)
    #expect(!emits)
  }
}
