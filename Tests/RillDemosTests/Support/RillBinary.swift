import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a run of the built `rill` binary did.
struct RunResult {
  var status: Int32
  var output: String
  var errors: String
  /// The lines of standard output.
  var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// Runs the `rill` executable that `swift build` put next to the test bundle, with a time limit.
enum RillBinary {
  /// `rill` in the directory of the running test executable (`.build/debug/` on Linux, the
  /// `.xctest` bundle's directory on macOS).
  static let url: URL = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
      Bundle.main.bundleURL,
    ]
    for directory in candidates {
      let binary = directory.appendingPathComponent("rill")
      if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
    }
    return candidates[0].appendingPathComponent("rill")
  }()

  /// Runs `rill arguments`, writing `input` to its standard input then closing it.
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:]
  ) throws -> RunResult {
    try ChildProcess.run(url, arguments, input: input, environment: environment)
  }
}

/// A child process with its output in files (no pipe to fill up) and a time limit.
enum ChildProcess {
  /// How long a child may run before it is killed and the test fails.
  static let timeLimit: TimeInterval = 20

  /// Writing to a pipe whose reader is gone fails with EPIPE instead of ending the test process.
  static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Runs `executable` with `arguments`; `input` goes to its standard input, which is closed after it
  /// unless `keepInputOpen` (then it is closed when the child has exited). With `inputAfter`, the
  /// input is written only once standard output contains that text (a screen that is up). `NO_COLOR`
  /// is removed from the inherited environment before `environment` is added. With `then`, its action
  /// runs (once) when standard output contains its text, after the input was written.
  static func run(
    _ executable: URL, _ arguments: [String], input: String = "", environment: [String: String] = [:],
    inputAfter marker: String? = nil, keepInputOpen: Bool = false,
    then follow: (whenOutputContains: String, action: () throws -> Void)? = nil
  ) throws -> RunResult {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rill-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputURL = directory.appendingPathComponent("stdout")
    let errorsURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
    let outputHandle = try FileHandle(forWritingTo: outputURL)
    let errorsHandle = try FileHandle(forWritingTo: errorsURL)
    let inputPipe = Pipe()

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var inherited = ProcessInfo.processInfo.environment
    inherited["NO_COLOR"] = nil
    process.environment = inherited.merging(environment) { $1 }
    process.standardInput = inputPipe
    process.standardOutput = outputHandle
    process.standardError = errorsHandle
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    try outputHandle.close()
    try errorsHandle.close()
    let deadline = DispatchTime.now() + timeLimit
    if let marker {
      while DispatchTime.now() < deadline, process.isRunning,
        !(String(data: (try? Data(contentsOf: outputURL)) ?? Data(), encoding: .utf8) ?? "").contains(marker)
      {
        usleep(10_000)
      }
    }
    // A child that quit before reading all its input must not kill the tests with SIGPIPE.
    _ = ignoreBrokenPipes
    try? inputPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    if !keepInputOpen { try inputPipe.fileHandleForWriting.close() }
    if let follow {
      while DispatchTime.now() < deadline, process.isRunning,
        !(String(data: (try? Data(contentsOf: outputURL)) ?? Data(), encoding: .utf8) ?? "").contains(
          follow.whenOutputContains)
      {
        usleep(10_000)
      }
      try follow.action()
    }
    if exited.wait(timeout: deadline) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
      Issue.record("\(executable.lastPathComponent) \(arguments) did not finish in \(timeLimit) s: killed")
    }
    // The child has exited, so this returns at once; on Linux it is also what lets Foundation release the
    // process's termination source, which otherwise keeps the Process (and all it holds) alive for good.
    process.waitUntilExit()
    if keepInputOpen { try inputPipe.fileHandleForWriting.close() }
    return RunResult(
      status: process.terminationStatus,
      output: try String(contentsOf: outputURL, encoding: .utf8),
      errors: try String(contentsOf: errorsURL, encoding: .utf8))
  }
}
