import Testing

@testable import Rill

/// Each test records what the state decides at each step, then compares the record once.
@Suite struct UntilStateTests {
  /// A step of a connection, and what the state answered.
  enum Step {
    case connect
    case value(inPropagation: Bool)
    case other, settle, disconnect
  }

  func run(_ mode: UntilState.Mode, _ steps: [Step]) -> [String] {
    var state = UntilState(mode: mode)
    return steps.map { step in
      switch step {
      case .connect: "connected \(state.connected())"
      case .value(let inPropagation): "\(state.receivedValue(inPropagation: inPropagation))"
      case .other: "other \(state.receivedOther())"
      case .settle: "settle \(state.settle())"
      case .disconnect:
        {
          state.disconnected()
          return "disconnected"
        }()
      }
    }
  }

  @Test func holdsEachPropagationsValuesAndSchedulesOneSettle() {
    let log = run(.take, [.connect, .value(inPropagation: true), .value(inPropagation: true), .settle, .settle])
    #expect(log == ["connected true", "holdAndSettleLater", "hold", "settle true", "settle false"])
  }

  @Test func takeDropsEverythingFromThePropagationOfOthersFirstValueOn() {
    let log = run(
      .take, [.connect, .value(inPropagation: true), .other, .other, .settle, .value(inPropagation: true)])
    #expect(log == ["connected true", "holdAndSettleLater", "other true", "other false", "settle false", "drop"])
  }

  @Test func skipEmitsThePropagationThatOpensItThenForwardsAtOnce() {
    let log = run(
      .skip,
      [
        .connect, .value(inPropagation: true), .other, .value(inPropagation: true), .settle,
        .value(inPropagation: true),
      ]
    )
    #expect(log == ["connected false", "holdAndSettleLater", "other true", "hold", "settle true", "emitNow"])
  }

  @Test func skipDropsAPropagationWithoutOther() {
    let log = run(.skip, [.connect, .value(inPropagation: true), .settle, .value(inPropagation: false)])
    #expect(log == ["connected false", "holdAndSettleLater", "settle false", "drop"])
  }

  @Test(arguments: [UntilState.Mode.take, .skip])
  func holdsValuesWhileConnectingAndDecidesOnConnection(mode: UntilState.Mode) {
    let log = run(mode, [.other, .value(inPropagation: true), .connect])
    #expect(log == ["other true", "hold", "connected \(mode == .skip)"])
  }

  @Test func aDisconnectCancelsTheScheduledSettle() {
    let log = run(.take, [.connect, .value(inPropagation: true), .disconnect, .settle])
    #expect(log == ["connected true", "holdAndSettleLater", "disconnected", "settle false"])
  }
}
