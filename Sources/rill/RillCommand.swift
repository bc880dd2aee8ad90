import Foundation
import RillDemos

/// The `rill` command: parse the arguments, pick a mode, wire a demo to the standard streams.
///
/// Modes: interactive when standard input and output are both terminals (and no `--clicks` /
/// `--increments`); otherwise one line per state on standard output, with commands from `--clicks`
/// or standard input. Exit status: 0 done, 1 a file could not be replayed or recorded or standard
/// output could not be written, 2 bad input.
///
/// SIGINT, SIGTERM and SIGHUP end a session through its quit path (``Interruption``): the terminal is
/// restored, the recording written, then the process dies of the signal. A reader that goes away (a
/// closed pipe) ends the session the same way, quietly, and the process then dies of SIGPIPE, as
/// `seq` or `yes` do when their reader has gone.
enum RillCommand {
  static let input = FileStream.standardInput
  static let output = FileStream.standardOutput
  static let errors = FileStream.standardError
  /// Standard output off a terminal: its first write error ends the session. Used on the main thread only.
  nonisolated(unsafe) static let lines = LineOutput(stream: .standardOutput)

  /// Runs `rill arguments`, then ends the process: with its exit status, or dying of the signal that
  /// ended the session (SIGPIPE when the reader of standard output went away).
  static func main(arguments: [String], environment: [String: String]) -> Never {
    Interruption.install()
    // A closed pipe is an EPIPE error to handle (the session still ends through its quit path).
    signal(SIGPIPE, SIG_IGN)
    let status = run(arguments: arguments, environment: environment)
    if lines.failure == EPIPE && !Interruption.isRequested { Interruption.dieOf(SIGPIPE) }
    Interruption.endProcess(status: status)
  }

  /// Runs `rill arguments`; returns the exit status.
  static func run(arguments: [String], environment: [String: String]) -> Int32 {
    let status = dispatch(arguments: arguments, environment: environment)
    guard let failure = lines.failure, failure != EPIPE else { return status }
    errors.write("rill: error: cannot write to standard output: \(String(cString: strerror(failure)))\n")
    return 1
  }

  static func dispatch(arguments: [String], environment: [String: String]) -> Int32 {
    let invocation: Invocation
    do {
      invocation = try ArgumentParser.parse(arguments)
    } catch {
      errors.write(Usage.error(error))
      return 2
    }
    func palette(noColor: Bool) -> Palette {
      Palette.resolve(outputIsTerminal: output.isTerminal, environment: environment, noColorFlag: noColor)
    }
    switch invocation {
    case .help(let topic):
      lines.write(Usage.help(topic))
      return 0
    case .version:
      lines.write("rill \(Usage.version)\n")
      return 0
    case .home:
      guard input.isTerminal && output.isTerminal else {
        errors.write(Usage.error(UsageError(message: "no command (the home screen needs a terminal)", topic: .rill)))
        return 2
      }
      return interactive(HomeApp(palette: palette(noColor: false)))
    case .credit(let options, let language):
      return runDemo(CreditDemo(language: language), options, palette: palette(noColor: options.noColor))
    case .counter(let options):
      return runDemo(CounterDemo(), options, palette: palette(noColor: options.noColor))
    case .replay(let path, let language, let noColor):
      guard let (demo, recording) = loadRecording(at: path, for: "replay", language: language) else { return 1 }
      return replay(demo, recording, path: path, palette: palette(noColor: noColor))
    case .history(let path, let from, let to):
      guard let (demo, recording) = loadRecording(at: path, for: "list", language: .en) else { return 1 }
      return listHistory(demo, recording, path: path, from: from, to: to)
    }
  }

  /// The recording at `path` and the demo that recorded it; or, after a one-line error saying it cannot `verb` the
  /// file (status 1), `nil`.
  static func loadRecording(at path: String, for verb: String, language: Language) -> (
    demo: any Demo, recording: RecordedSession
  )? {
    let recording: RecordedSession
    do {
      recording = try Recording.load(path: path)
    } catch {
      _ = fail("cannot \(verb) '\(path)': \(error)")
      return nil
    }
    switch recording.demo {
    case CreditDemo.name: return (CreditDemo(language: language), recording)
    case CounterDemo.name: return (CounterDemo(), recording)
    default:
      _ = fail("cannot \(verb) '\(path)': \(RecordingError.unknownDemo(recording.demo))")
      return nil
    }
  }

  /// Prints the recorded actions `from...to` of `recording`, each with the state it changed.
  static func listHistory<D: Demo>(_ demo: D, _ recording: RecordedSession, path: String, from: Int?, to: Int?)
    -> Int32
  {
    do {
      let replay = try Replay(demo: demo, recording: recording)
      for line in try HistoryListing.lines(of: replay, from: from, to: to) { lines.write(line + "\n") }
      return 0
    } catch {
      return fail("cannot list '\(path)': \(error)")
    }
  }

  /// Runs a demo interactively or line by line, then writes its recording if asked.
  static func runDemo<D: Demo>(_ demo: D, _ options: DemoOptions, palette: Palette) -> Int32 {
    if let format = options.graph {
      let graph = demo.pipelineGraph()
      switch format {
      case .text: lines.write(graph.text + "\n")
      case .dot: lines.write(graph.dot + "\n")
      case .mermaid: lines.write(graph.mermaid + "\n")
      }
      return 0
    }
    let session = DemoSession(demo: demo)
    if options.repeatCount == nil && input.isTerminal && output.isTerminal {
      let status = interactive(DemoScreen(session: session, palette: palette))
      guard status == 0 else { return status }
    } else {
      let rendering = session.renderLines(palette: palette) { lines.write($0 + "\n") }
      if let count = options.repeatCount {
        session.repeatAction(times: count) { !Interruption.isRequested && lines.failure == nil }
      } else {
        let script = sequence(state: LineReader(input)) { reader in
          !Interruption.isRequested && lines.failure == nil ? reader.next() : nil
        }
        session.run(lines: script) { errors.write("rill: \($0)\n") }
      }
      rendering.cancel()
    }
    guard let path = options.recordPath else { return 0 }
    do {
      try Recording.save(session.recording(), to: path)
    } catch {
      return fail("cannot record to '\(path)': \(error)")
    }
    return 0
  }

  /// Replays `recording` into a fresh store of `demo`: step by step on a terminal, every step off one.
  static func replay<D: Demo>(_ demo: D, _ recording: RecordedSession, path: String, palette: Palette) -> Int32 {
    let replay: Replay<D>
    do {
      replay = try Replay(demo: demo, recording: recording)
    } catch {
      return fail("cannot replay '\(path)': \(error)")
    }
    if input.isTerminal && output.isTerminal {
      return interactive(ReplayScreen(replay: replay, palette: palette))
    }
    let rendering = replay.session.renderLines(palette: palette) { lines.write($0 + "\n") }
    replay.playAll { !Interruption.isRequested && lines.failure == nil }
    rendering.cancel()
    return 0
  }

  static func interactive(_ screen: any InteractiveScreen) -> Int32 {
    do {
      try runInteractive(screen, input: input, output: output)
      return 0
    } catch {
      return fail("\(error)")
    }
  }

  /// Prints a one-line error; exit status 1.
  static func fail(_ message: String) -> Int32 {
    errors.write("rill: error: \(message)\n")
    return 1
  }
}

/// A stream of output lines that remembers its first write error and writes nothing after it.
final class LineOutput {
  let stream: FileStream
  /// The `errno` of the first failed write.
  private(set) var failure: Int32?

  init(stream: FileStream) {
    self.stream = stream
  }

  /// Writes `text`, unless a write failed before.
  func write(_ text: String) {
    guard failure == nil else { return }
    failure = stream.send(text)
  }
}
