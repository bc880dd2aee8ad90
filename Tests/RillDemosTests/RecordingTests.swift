import Foundation
import RillDemos
import Testing

@Suite struct RecordingTests {
  @Test func encodeThenDecodeGivesBackTheDemoAndTheHistory() throws {
    let history = Data(#"{"format":"rill.history","position":1,"entries":[{"action":"click"}]}"#.utf8)
    let data = try Recording.encode(demo: "credit", history: history)
    let session = try Recording.decode(data)
    #expect(session.demo == "credit")
    let original = try JSONSerialization.jsonObject(with: history) as? NSDictionary
    let decoded = try JSONSerialization.jsonObject(with: session.history) as? NSDictionary
    #expect(original == decoded)
  }

  @Test(arguments: [
    ("", RecordingError.empty),
    (" \n\t\r\n", .empty),
    ("{\"demo\": ", .notJSON),
    ("[1, 2]", .notARecording("not a JSON object")),
    (#"{"history": {}}"#, .notARecording("no \"demo\" name")),
    (#"{"demo": 3, "history": {}}"#, .notARecording("no \"demo\" name")),
    (#"{"demo": "credit"}"#, .notARecording("no \"history\" object")),
    (#"{"demo": "credit", "history": 7}"#, .notARecording("no \"history\" object")),
  ])
  func decodeNamesWhatIsWrong(text: String, expected: RecordingError) {
    #expect(throws: expected) { try Recording.decode(Data(text.utf8)) }
  }

  @Test func readingAMissingFileOrADirectoryFails() {
    #expect(throws: RecordingError.noSuchFile) { try Recording.read(path: "/nonexistent/rill/session.json") }
    #expect(throws: RecordingError.unreadable) { try Recording.read(path: NSTemporaryDirectory()) }
  }

  @Test func everyDescriptionIsOneLine() {
    let errors: [RecordingError] = [
      .noSuchFile, .unreadable, .empty, .notJSON, .notARecording("no \"demo\" name"), .unknownDemo("chess"),
      .rejected(demo: "credit", .wrongFormat(found: nil)),
    ]
    #expect(errors.allSatisfy { !$0.description.isEmpty && !$0.description.contains("\n") })
    #expect(
      RecordingError.unknownDemo("chess").description
        == "recorded by an unknown demo 'chess' (expected credit or counter)")
    #expect(RecordingError.empty.description == "not a recording: the file is empty")
  }
}
