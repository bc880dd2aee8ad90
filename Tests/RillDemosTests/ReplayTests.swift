import Foundation
import RillDemos
import Testing

@Suite struct ReplayTests {
  /// A credit session: add, add, undo — two entries, ended at position 1.
  func recordedCreditSession() throws -> RecordedSession {
    let session = DemoSession(demo: CreditDemo())
    session.run(lines: ["add", "add", "undo"]) { _ in }
    return try Recording.decode(session.recording())
  }

  @Test func startsAtTheInitialState() throws {
    let replay = try Replay(demo: CreditDemo(), recording: recordedCreditSession())
    #expect(replay.step == 0)
    #expect(replay.stepCount == 2)
    #expect(replay.endStep == 1)
    #expect(replay.session.store.currentState == CreditState(credit: 0))
  }

  @Test func playAllRendersEveryStepThenTheStateTheSessionEndedIn() throws {
    let replay = try Replay(demo: CreditDemo(), recording: recordedCreditSession())
    var lines: [String] = []
    let rendering = replay.session.renderLines(palette: .plain) { lines.append($0) }
    replay.playAll()
    #expect(
      lines == [
        "Credit: 0 [gray]  Status: not set",
        "Credit: 5 [gray]  Status: fail",
        "Credit: 10 [gray]  Status: fail",
        "Credit: 5 [gray]  Status: fail",
      ])
    rendering.cancel()
  }

  @Test func moveStaysWithinTheSteps() throws {
    let replay = try Replay(demo: CreditDemo(), recording: recordedCreditSession())
    var steps: [Int] = []
    for delta in [-1, 1, 5, -1, -9] {
      replay.move(by: delta)
      steps.append(replay.step)
    }
    #expect(steps == [0, 1, 2, 1, 0])
  }

  @Test func theStepSettlesWithTheViewOncePerMove() throws {
    let replay = try Replay(demo: CreditDemo(), recording: recordedCreditSession())
    var frames: [String] = []
    let rendering = combine(replay.session.view, replay.steps).subscribe { view, step in
      frames.append("\(step): \(view.credit)")
    }
    replay.move(by: 1)
    replay.move(by: 1)
    replay.move(by: -2)
    #expect(frames == ["0: 0", "1: 5", "2: 10", "0: 0"])
    rendering.cancel()
  }

  @Test func aRecordingOfAnotherDemoIsRefusedByName() throws {
    let recording = try recordedCreditSession()
    #expect(throws: RecordingError.unknownDemo("credit")) { try Replay(demo: CounterDemo(), recording: recording) }
  }

  @Test func anotherDemosHistoryUnderThisNameIsRejectedByTheStore() throws {
    var recording = try recordedCreditSession()
    recording.demo = "counter"
    #expect {
      try Replay(demo: CounterDemo(), recording: recording)
    } throws: { error in
      guard case .rejected(demo: "counter", _) = error as? RecordingError else { return false }
      return true
    }
  }
}
