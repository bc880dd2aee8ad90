import Testing

@testable import Rill

@Suite struct WithLatestFromStateTests {
  @Test func otherAloneNeverAsksToEmit() {
    var state = WithLatestFromState()
    _ = state.connected()
    state.receivedOther()
    state.receivedOther()
    let emitsOnSettle = state.settle()
    #expect(!emitsOnSettle)
  }

  @Test func primaryWithoutOtherIsDroppedAtSettle() {
    var state = WithLatestFromState()
    _ = state.connected()
    let decision = state.receivedPrimary(inPropagation: true)
    let emitsWithoutOther = state.settle()
    state.receivedOther()
    let emitsAfterOther = state.settle()
    #expect(decision == .holdAndSettleLater)
    #expect([emitsWithoutOther, emitsAfterOther] == [false, false])
  }

  @Test func otherArrivingLaterInSamePropagationCounts() {
    var state = WithLatestFromState()
    _ = state.connected()
    let decision = state.receivedPrimary(inPropagation: true)
    state.receivedOther()
    let emits = state.settle()
    #expect(decision == .holdAndSettleLater)
    #expect(emits)
  }

  @Test func holdsEveryPrimaryValueOfAPropagationAndSchedulesOnce() {
    var state = WithLatestFromState()
    state.receivedOther()
    _ = state.connected()
    var decisions = [state.receivedPrimary(inPropagation: true), state.receivedPrimary(inPropagation: true)]
    let emits = state.settle()
    decisions.append(state.receivedPrimary(inPropagation: true))
    #expect(decisions == [.holdAndSettleLater, .hold, .holdAndSettleLater])
    #expect(emits)
  }

  @Test(arguments: [(true, true, true), (true, false, false), (false, true, true)])
  func replayedValuesAreHeldUntilConnectedThenEmittedOnlyWithOther(
    primaryReplays: Bool, otherReplays: Bool, expected: Bool
  ) {
    var state = WithLatestFromState()
    if otherReplays { state.receivedOther() }
    let decision = primaryReplays ? state.receivedPrimary(inPropagation: false) : .hold
    let emits = state.connected()
    #expect(decision == .hold)
    #expect(emits == expected)
  }

  @Test func outsidePropagationEmitsAtOnceOrDrops() {
    var state = WithLatestFromState()
    _ = state.connected()
    let withoutOther = state.receivedPrimary(inPropagation: false)
    state.receivedOther()
    let withOther = state.receivedPrimary(inPropagation: false)
    #expect([withoutOther, withOther] == [.drop, .emitNow])
  }

  @Test func disconnectCancelsScheduledSettle() {
    var state = WithLatestFromState()
    state.receivedOther()
    _ = state.connected()
    let decision = state.receivedPrimary(inPropagation: true)
    state.disconnected()
    let emits = state.settle()
    #expect(decision == .holdAndSettleLater)
    #expect(!emits)
  }
}
