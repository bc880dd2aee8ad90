import Testing

@testable import RillTesting

@Suite struct ActionLogTests {
  @Test func theFirstChangeOfAStepIsTheStepsAndTheRestAreReceived() throws {
    let log = ActionLog<Int, String>(initialState: 0)
    log.beginSend()
    log.record("sent", before: 0, after: 1)
    log.record("queued", before: 1, after: 2)
    log.record(.undo, after: 1)
    let sent = try #require(log.endSend())
    #expect(sent.cause == .action("sent") && sent.before == 0 && sent.after == 1)
    #expect(log.received.map(\.cause) == [.action("queued"), .timeTravel(.undo)])
    #expect(log.received.map(\.before) == [1, 2])
    #expect(log.received.map(\.after) == [2, 1])
  }

  @Test func aStepThatChangedNothingHasNoChange() {
    let log = ActionLog<Int, String>(initialState: 0)
    log.beginSend()
    #expect(log.endSend() == nil)
    log.record("received", before: 0, after: 5)
    #expect(log.received.count == 1)
  }

  @Test func timeTravelStartsFromTheStateTheLastChangeLeft() {
    let log = ActionLog<Int, String>(initialState: 7)
    log.record(.redo, after: 8)
    log.record("a", before: 8, after: 9)
    log.record(.jump(to: 0), after: 7)
    #expect(log.received.map(\.before) == [7, 8, 9])
    #expect(log.latest == 7)
  }
}
