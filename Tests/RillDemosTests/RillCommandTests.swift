import Foundation
import Testing

@testable import rill

/// End to end: the built `rill` binary through pipes (so never on a terminal).
@Suite struct RillCommandTests {
  static let escape = "\u{1B}"

  @Test func creditClicksPrintOneLinePerStateAndNoEscapeCodes() throws {
    let result = try RillBinary.run(["credit", "--clicks", "14"])
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(result.lines.count == 15)
    #expect(result.lines.first == "Credit: 0 [gray]  Status: not set")
    #expect(result.lines[7] == "Credit: 35 [purple]  Status: fail")
    #expect(result.lines.last == "Credit: 70 [red]  Status: pass")
    #expect(!result.output.contains(Self.escape))
  }

  @Test func creditReadsCommandsFromStandardInput() throws {
    let result = try RillBinary.run(["credit"], input: "add\n+\nhop\n\nundo\nundo\nundo\nredo\nquit\nadd\n")
    #expect(result.status == 0)
    #expect(
      result.lines == [
        "Credit: 0 [gray]  Status: not set",
        "Credit: 5 [gray]  Status: fail",
        "Credit: 10 [gray]  Status: fail",
        "Credit: 5 [gray]  Status: fail",
        "Credit: 0 [gray]  Status: not set",
        "Credit: 5 [gray]  Status: fail",
      ])
    #expect(result.errors == "rill: unknown command 'hop' (expected add, +, undo, redo or quit)\n")
  }

  @Test func creditInChinese() throws {
    let result = try RillBinary.run(["credit", "--lang", "zh", "--clicks", "14"])
    #expect(result.lines.first == "Credit: 0 [gray]  Status: 未设置")
    #expect(result.lines[1] == "Credit: 5 [gray]  Status: 不合格")
    #expect(result.lines.last == "Credit: 70 [red]  Status: 合格")
  }

  @Test func counterIncrementsAndCommands() throws {
    let flags = try RillBinary.run(["counter", "--increments", "3"])
    #expect(flags.lines == ["Counter: 0", "Counter: 1", "Counter: 2", "Counter: 3"])
    let commands = try RillBinary.run(["counter"], input: "-\ndecrement\nundo\nincrement\nfly\n")
    #expect(commands.lines == ["Counter: 0", "Counter: -1", "Counter: -2", "Counter: -1", "Counter: 0"])
    #expect(
      commands.errors == "rill: unknown command 'fly' (expected increment, +, decrement, -, undo, redo or quit)\n")
  }

  @Test(arguments: [["credit", "--clicks", "2"], ["credit", "--clicks", "2", "--no-color"]])
  func noColorStaysPlain(arguments: [String]) throws {
    let result = try RillBinary.run(arguments, environment: ["NO_COLOR": "1"])
    #expect(
      result.lines == [
        "Credit: 0 [gray]  Status: not set", "Credit: 5 [gray]  Status: fail", "Credit: 10 [gray]  Status: fail",
      ])
  }

  @Test func recordThenReplayPrintsEveryRecordedState() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let recorded = try RillBinary.run(["credit", "--record", file.path], input: "add\nadd\nadd\nundo\n")
    #expect(recorded.status == 0)
    let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    #expect(envelope?["demo"] as? String == "credit")
    let replayed = try RillBinary.run(["replay", file.path])
    #expect(replayed.status == 0)
    #expect(
      replayed.lines == [
        "Credit: 0 [gray]  Status: not set",
        "Credit: 5 [gray]  Status: fail",
        "Credit: 10 [gray]  Status: fail",
        "Credit: 15 [gray]  Status: fail",
        "Credit: 10 [gray]  Status: fail",
      ])
    let chinese = try RillBinary.run(["replay", "--lang", "zh", file.path])
    #expect(chinese.lines.first == "Credit: 0 [gray]  Status: 未设置")
  }

  @Test func aCounterRecordingReplaysAsTheCounter() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try RillBinary.run(["counter", "--increments", "2", "--record", file.path])
    let replayed = try RillBinary.run(["replay", file.path])
    #expect(replayed.lines == ["Counter: 0", "Counter: 1", "Counter: 2"])
  }

  @Test(arguments: [
    ("missing", nil, "no such file"),
    ("garbage", "{\"demo\": \"cre", "not a recording: the file is not valid JSON"),
    ("no demo", #"{"history": {}}"#, "not a recording: no \"demo\" name"),
    ("chess", #"{"demo": "chess", "history": {}}"#, "recorded by an unknown demo 'chess' (expected credit or counter)"),
    (
      "not a history", #"{"demo": "credit", "history": {"format": "x"}}"#,
      "not a credit session: not a Rill history file: format is \"x\", expected \"rill.history\""
    ),
  ])
  func aBadRecordingIsAOneLineErrorWithStatus1(name: String, contents: String?, problem: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    if let contents { try Data(contents.utf8).write(to: file) }
    let result = try RillBinary.run(["replay", file.path])
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.errors == "rill: error: cannot replay '\(file.path)': \(problem)\n")
  }

  /// A recording as the first `rill` wrote it: compact, keys sorted, dates as seconds since 2001.
  static let versionOneRecording = #"""
    {"demo":"credit","history":{"actionType":"RillDemos.CreditAction","entries":[{"action":"click","date":817265279.9809027},\#
    {"action":"click","date":817265279.9809147},{"action":"click","date":817265279.98092}],\#
    "format":"rill.history","position":2,"version":1}}
    """#

  @Test func aRecordingWithNumericDatesReplays() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(Self.versionOneRecording.utf8).write(to: file)
    let replayed = try RillBinary.run(["replay", file.path])
    #expect(replayed.status == 0)
    #expect(
      replayed.lines == [
        "Credit: 0 [gray]  Status: not set", "Credit: 5 [gray]  Status: fail", "Credit: 10 [gray]  Status: fail",
        "Credit: 15 [gray]  Status: fail", "Credit: 10 [gray]  Status: fail",
      ])
  }

  @Test func aPositionTooLargeNamesTheFieldAndWhy() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let text = Self.versionOneRecording.replacingOccurrences(of: #""position":2"#, with: #""position":1e30"#)
    try Data(text.utf8).write(to: file)
    let result = try RillBinary.run(["replay", file.path])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "rill: error: cannot replay '\(file.path)': not a credit session: the history's \"position\" field is "
        + "invalid: 1e+30 is too large: expected a whole number from 0 to \(Int.max)\n")
  }

  @Test func aCounterHistoryInACreditRecordingIsAMismatch() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try RillBinary.run(["counter", "--increments", "1", "--record", file.path])
    var envelope = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    envelope["demo"] = "credit"
    try JSONSerialization.data(withJSONObject: envelope).write(to: file)
    let result = try RillBinary.run(["replay", file.path])
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("rill: error: cannot replay '\(file.path)': not a credit session: "))
    #expect(result.errors.contains("CounterAction"))
    #expect(result.errors.filter { $0 == "\n" }.count == 1)
  }

  @Test func anUnwritableRecordPathIsStatus1AfterTheSession() throws {
    let result = try RillBinary.run(["credit", "--clicks", "1", "--record", "/nonexistent/dir/s.json"])
    #expect(result.status == 1)
    #expect(result.lines.count == 2)
    #expect(
      result.errors == "rill: error: cannot record to '/nonexistent/dir/s.json': no such directory '/nonexistent/dir'\n"
    )
  }

  @Test(arguments: [
    (["chess"], "unknown command 'chess'", "rill"),
    (["--colour"], "unknown option '--colour'", "rill"),
    (["credit", "--clicks", "-1"], "--clicks needs a whole number, 0 or more (got '-1')", "credit"),
    (["credit", "--clicks", "x"], "--clicks needs a whole number, 0 or more (got 'x')", "credit"),
    (["credit", "--clicks"], "--clicks needs a value", "credit"),
    (["credit", "--lang", "fr"], "--lang must be en or zh (got 'fr')", "credit"),
    (["credit", "--verbose"], "unknown option '--verbose' for 'rill credit'", "credit"),
    (["counter", "--increments", "1.5"], "--increments needs a whole number, 0 or more (got '1.5')", "counter"),
    (["counter", "--clicks", "1"], "unknown option '--clicks' for 'rill counter'", "counter"),
    (["replay"], "replay needs a FILE", "replay"),
  ])
  func badInputIsAMessageAndTheUsageWithStatus2(arguments: [String], message: String, topic: String) throws {
    let result = try RillBinary.run(arguments)
    #expect(result.status == 2)
    #expect(result.output == "")
    let lines = result.errors.split(separator: "\n").map(String.init)
    #expect(lines.first == "rill: error: \(message)")
    #expect(lines.dropFirst().first?.hasPrefix(topic == "rill" ? "USAGE: rill " : "USAGE: rill \(topic) ") == true)
    #expect(lines.last == (topic == "rill" ? "See 'rill --help'." : "See 'rill \(topic) --help'."))
  }

  @Test func noArgumentsOffATerminalIsTheUsageWithStatus2() throws {
    let result = try RillBinary.run([])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("rill: error: no command (the home screen needs a terminal)\nUSAGE: rill "))
  }

  @Test(arguments: [
    (["--help"], "rill"), (["credit", "--help"], "credit"), (["counter", "-h"], "counter"),
    (["help", "replay"], "replay"),
  ])
  func helpGoesToStandardOutputWithStatus0(arguments: [String], topic: String) throws {
    let result = try RillBinary.run(arguments)
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(result.output.hasPrefix(topic == "rill" ? "USAGE: rill [" : "USAGE: rill \(topic) "))
  }

  @Test func versionPrintsTheVersion() throws {
    let result = try RillBinary.run(["--version"])
    #expect(result.status == 0)
    #expect(result.output == "rill \(Usage.version)\n")
  }
}
