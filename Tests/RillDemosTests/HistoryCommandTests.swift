import Foundation
import Testing

@testable import rill

/// `rill history`, end to end through the built binary: a recorded session's actions with the state each changed.
@Suite struct HistoryCommandTests {
  /// Records a credit session from `commands` (standard input) and returns its file; the caller removes it.
  func recordCredit(_ commands: String) throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    let recorded = try RillBinary.run(["credit", "--record", file.path], input: commands)
    #expect(recorded.status == 0)
    return file
  }

  @Test func listsEachActionWithTheStateLinesItChanged() throws {
    let file = try recordCredit("add\nadd\n")
    defer { try? FileManager.default.removeItem(at: file) }
    let listed = try RillBinary.run(["history", file.path])
    #expect(listed.status == 0)
    #expect(listed.errors == "")
    #expect(
      listed.lines == ["#1 .click", "-   credit: 0", "+   credit: 5", "#2 .click", "-   credit: 5", "+   credit: 10"])
  }

  @Test func aRangeListsThoseActionsOnly() throws {
    let file = try recordCredit("add\nadd\nadd\n")
    defer { try? FileManager.default.removeItem(at: file) }
    let listed = try RillBinary.run(["history", file.path, "--from", "2", "--to=2"])
    #expect(listed.status == 0)
    #expect(listed.lines == ["#2 .click", "-   credit: 5", "+   credit: 10"])
    let fromTwo = try RillBinary.run(["history", "--from=3", file.path])
    #expect(fromTwo.lines == ["#3 .click", "-   credit: 10", "+   credit: 15"])
  }

  @Test func anActionUndoneWhenTheSessionEndedSaysSo() throws {
    let file = try recordCredit("add\nadd\nundo\n")
    defer { try? FileManager.default.removeItem(at: file) }
    let listed = try RillBinary.run(["history", file.path])
    #expect(listed.lines.first == "#1 .click")
    #expect(listed.lines[3] == "#2 .click  (undone when the session ended)")
  }

  @Test func aCounterSessionListsTheCountersActions() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try RillBinary.run(["counter", "--record", file.path], input: "+\n-\n")
    let listed = try RillBinary.run(["history", file.path])
    #expect(
      listed.lines == [
        "#1 .increment", "-   count: 0", "+   count: 1", "#2 .decrement", "-   count: 1", "+   count: 0",
      ])
  }

  @Test func anEmptySessionListsNothing() throws {
    let file = try recordCredit("")
    defer { try? FileManager.default.removeItem(at: file) }
    let listed = try RillBinary.run(["history", file.path])
    #expect(listed.status == 0)
    #expect(listed.output == "")
  }

  @Test func anActionPastTheEndIsAOneLineErrorWithStatus1() throws {
    let file = try recordCredit("add\n")
    defer { try? FileManager.default.removeItem(at: file) }
    let listed = try RillBinary.run(["history", file.path, "--to", "4"])
    #expect(listed.status == 1)
    #expect(listed.output == "")
    #expect(
      listed.errors == "rill: error: cannot list '\(file.path)': the session has 1 action, so there is no action 4\n")
  }

  @Test(arguments: [
    ("garbage", "{\"demo\": \"cre", "not a recording: the file is not valid JSON"),
    ("empty", "", "not a recording: the file is empty"),
    ("blank", "\n  \n", "not a recording: the file is empty"),
    ("chess", #"{"demo": "chess", "history": {}}"#, "recorded by an unknown demo 'chess' (expected credit or counter)"),
  ])
  func aBadFileIsAOneLineErrorWithStatus1(name: String, contents: String, problem: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(contents.utf8).write(to: file)
    let listed = try RillBinary.run(["history", file.path])
    #expect(listed.status == 1)
    #expect(listed.errors == "rill: error: cannot list '\(file.path)': \(problem)\n")
  }

  /// A recording whose position is past its one action says so in the singular.
  @Test func aPositionPastOneEntryCountsInTheSingular() throws {
    let file = try recordCredit("add\n")
    defer { try? FileManager.default.removeItem(at: file) }
    let recorded = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(recorded.contains(#""position":1"#))
    try Data(recorded.replacingOccurrences(of: #""position":1"#, with: #""position":3"#).utf8).write(to: file)
    let listed = try RillBinary.run(["history", file.path])
    #expect(listed.status == 1)
    #expect(
      listed.errors
        == "rill: error: cannot list '\(file.path)': not a credit session: the history's position 3 is out of range: "
        + "it has 1 entry\n")
  }

  @Test(arguments: [
    (["history"], "history needs a FILE"),
    (["history", "f.json", "--from", "0"], "--from needs an action number, 1 or more (got '0')"),
    (["history", "f.json", "--to", "x"], "--to needs an action number, 1 or more (got 'x')"),
    (["history", "f.json", "--from", "3", "--to", "2"], "--from 3 is after --to 2"),
    (["history", "f.json", "--no-color"], "unknown option '--no-color' for 'rill history'"),
  ])
  func badArgumentsAreAUsageErrorWithStatus2(arguments: [String], message: String) throws {
    let result = try RillBinary.run(arguments)
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("rill: error: \(message)\nUSAGE: rill history <file> [--from <n>] [--to <n>]\n"))
  }
}
