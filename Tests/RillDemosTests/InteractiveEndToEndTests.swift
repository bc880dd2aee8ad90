import Foundation
import RillDemos
import Testing

/// End to end on a terminal: the built `rill` under a pseudo-terminal from util-linux `script`,
/// keys typed once its screen is up, the terminal's settings (`stty -g`) compared before and after.
@Suite struct InteractiveEndToEndTests {
  static let script = URL(fileURLWithPath: "/usr/bin/script")
  /// `script` runs its command with `$SHELL`; the commands here are POSIX `sh`, whatever the caller's shell.
  static let shell = ["SHELL": "/bin/sh"]

  /// A scratch directory for the settings files, removed after the test.
  final class Scratch {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rill-tty-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func contents(_ name: String) throws -> String { try String(contentsOfFile: path + "/" + name, encoding: .utf8) }
  }

  /// Runs `rill arguments` in a shell under a pseudo-terminal, saving `stty -g` before and after it,
  /// then printing its exit status; `keys` are typed once the screen is up.
  func runOnATerminal(
    _ arguments: String, keys: String, scratch: Scratch, environment: [String: String] = [:]
  ) throws -> RunResult {
    let command = """
      stty -g > \(scratch.path)/before; \(RillBinary.url.path) \(arguments); echo "status=$?"; \
      stty -g > \(scratch.path)/after
      """
    return try ChildProcess.run(
      Self.script, ["-qec", command, "/dev/null"], input: keys, environment: environment.merging(Self.shell) { $1 },
      inputAfter: ANSI.screenStart, keepInputOpen: true)
  }

  @Test func creditDrawsInColourOnKeysAndRestoresTheTerminalOnCtrlC() throws {
    let scratch = try Scratch()
    let result = try runOnATerminal("credit", keys: " +\ru\u{3}", scratch: scratch)
    #expect(result.output.contains(ANSI.screenStart))
    #expect(result.output.contains("Credit: \u{1B}[1;90m15\u{1B}[0m   Status: fail"))
    #expect(result.output.contains("Credit: \u{1B}[1;90m10\u{1B}[0m   Status: fail"))
    #expect(result.output.contains(ANSI.screenEnd + "status=0"))
    #expect(try scratch.contents("before") == scratch.contents("after"))
  }

  @Test func anInteractiveSessionIsRecordedOnQuit() throws {
    let scratch = try Scratch()
    let file = scratch.path + "/session.json"
    let result = try runOnATerminal("credit --record \(file)", keys: "  uq", scratch: scratch)
    #expect(result.output.contains(ANSI.screenEnd + "status=0"))
    let replayed = try RillBinary.run(["replay", file])
    #expect(
      replayed.lines == [
        "Credit: 0 [gray]  Status: not set",
        "Credit: 5 [gray]  Status: fail",
        "Credit: 10 [gray]  Status: fail",
        "Credit: 5 [gray]  Status: fail",
      ])
  }

  @Test func noColorOnATerminalDrawsTheScreenWithoutColours() throws {
    let scratch = try Scratch()
    let result = try runOnATerminal("counter", keys: "+++q", scratch: scratch, environment: ["NO_COLOR": "1"])
    #expect(result.output.contains("  Counter: 3"))
    #expect(!result.output.contains("\u{1B}[1;36m"))
    #expect(!result.output.contains("\u{1B}[1m"))
    #expect(result.output.contains(ANSI.screenEnd + "status=0"))
    #expect(try scratch.contents("before") == scratch.contents("after"))
  }

  @Test func theHomeScreenRoutesToADemoAndBack() throws {
    let scratch = try Scratch()
    let result = try runOnATerminal("", keys: "2++q1 qq", scratch: scratch)
    let output = result.output
    let home = try #require(output.range(of: "Rill: reactive pipelines on a store"))
    let counter = try #require(output.range(of: "  Counter: \u{1B}[1;36m2\u{1B}[0m"))
    let credit = try #require(output.range(of: "Credit: \u{1B}[1;90m5\u{1B}[0m"))
    #expect(home.lowerBound < counter.lowerBound && counter.lowerBound < credit.lowerBound)
    #expect(output.contains("q back"))
    #expect(output.contains(ANSI.screenEnd + "status=0"))
    #expect(try scratch.contents("before") == scratch.contents("after"))
  }

  @Test func replayStepsWithTheArrowKeys() throws {
    let scratch = try Scratch()
    let file = scratch.path + "/session.json"
    _ = try RillBinary.run(["counter", "--increments", "2", "--record", file])
    let result = try runOnATerminal("replay \(file)", keys: "\u{1B}[C\u{1B}[C\u{1B}[Dq", scratch: scratch)
    for step in ["step 0 of 2", "step 1 of 2", "step 2 of 2"] {
      #expect(result.output.contains("Replay: \(step)"))
    }
    #expect(result.output.contains(ANSI.screenEnd + "status=0"))
    #expect(try scratch.contents("before") == scratch.contents("after"))
  }

  @Test(arguments: [("TERM", 143), ("INT", 130)])
  func aSignalRestoresTheTerminalBeforeTheProcessDies(signal: String, status: Int) throws {
    let scratch = try Scratch()
    // rill runs in the background with the terminal as its input; the shell waits until raw mode is
    // on (the settings differ), then sends the signal.
    let command = """
      stty -g > \(scratch.path)/before; \(RillBinary.url.path) credit < /dev/tty & pid=$!; \
      while [ "$(stty -g)" = "$(cat \(scratch.path)/before)" ]; do sleep 0.01; done; \
      kill -\(signal) $pid; wait $pid; echo "status=$?"; stty -g > \(scratch.path)/after
      """
    let result = try ChildProcess.run(
      Self.script, ["-qec", command, "/dev/null"], environment: Self.shell, keepInputOpen: true)
    // The shell may report the job's death ("Terminated") between rill's last bytes and the status.
    let end = try #require(result.output.range(of: ANSI.screenEnd))
    let exit = try #require(result.output.range(of: "status=\(status)"))
    #expect(end.upperBound <= exit.lowerBound)
    #expect(try scratch.contents("before") == scratch.contents("after"))
  }
}
