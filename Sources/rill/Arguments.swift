import RillDemos

/// What the command line asks for.
enum Invocation: Equatable {
  /// `rill`: the home screen on a terminal, the usage otherwise.
  case home
  /// `--help` (`rill --help`, `rill <command> --help`, `rill help [<command>]`).
  case help(Topic)
  /// `--version`.
  case version
  /// `rill credit …`.
  case credit(DemoOptions, language: Language)
  /// `rill counter …`.
  case counter(DemoOptions)
  /// `rill replay FILE …`.
  case replay(path: String, language: Language, noColor: Bool)
  /// `rill history FILE [--from N] [--to N]`: the recorded actions `from...to` (1-based, inclusive).
  case history(path: String, from: Int?, to: Int?)
}

/// The options both demos take.
struct DemoOptions: Equatable {
  /// `--clicks N` / `--increments N`: act N times and exit.
  var repeatCount: Int?
  /// `--record FILE`.
  var recordPath: String?
  /// `--no-color`.
  var noColor = false
  /// `--graph [text|dot|mermaid]`: print the demo's pipeline in this form and exit.
  var graph: GraphFormat?
}

/// How `--graph` draws a demo's pipeline.
enum GraphFormat: String, CaseIterable, Equatable {
  /// An indented tree (the default).
  case text
  /// Graphviz's DOT language.
  case dot
  /// A Mermaid flowchart, as GitHub draws it in Markdown.
  case mermaid
}

/// What help is about: the whole command or one subcommand.
enum Topic: String, CaseIterable, Equatable {
  case rill, credit, counter, replay, history
}

/// Bad input: what is wrong, and which usage to show under it. Exit status 2.
struct UsageError: Error, Equatable {
  var message: String
  var topic: Topic
}

/// Parses the arguments after the program name. Hand-written: no package dependencies.
///
/// Options take their value as the next argument or after `=` (`--clicks 3`, `--clicks=3`); a repeated
/// option keeps its last value. `-h` or `--help` anywhere after a subcommand shows its help, whatever
/// else is there.
enum ArgumentParser {
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let first = arguments.first else { return .home }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help":
      return .help(.rill)
    case "--version":
      return .version
    case "help":
      guard let name = rest.first else { return .help(.rill) }
      guard rest.count == 1, let topic = Topic(rawValue: name), topic != .rill else {
        throw UsageError(message: "unknown command '\(rest.joined(separator: " "))'", topic: .rill)
      }
      return .help(topic)
    case "credit":
      var options = Options(topic: .credit, repeatName: "--clicks", takesLanguage: true)
      try options.parse(rest)
      return options.help ? .help(.credit) : .credit(options.demo, language: options.language)
    case "counter":
      var options = Options(topic: .counter, repeatName: "--increments", takesLanguage: false)
      try options.parse(rest)
      return options.help ? .help(.counter) : .counter(options.demo)
    case "replay":
      var options = Options(topic: .replay, repeatName: nil, takesLanguage: true, takesRecord: false, takesFile: true)
      try options.parse(rest)
      if options.help { return .help(.replay) }
      guard let path = options.file else { throw UsageError(message: "replay needs a FILE", topic: .replay) }
      return .replay(path: path, language: options.language, noColor: options.demo.noColor)
    case "history":
      var options = Options(
        topic: .history, repeatName: nil, takesLanguage: false, takesRecord: false, takesFile: true, takesColor: false,
        takesRange: true)
      try options.parse(rest)
      if options.help { return .help(.history) }
      guard let path = options.file else { throw UsageError(message: "history needs a FILE", topic: .history) }
      if let from = options.from, let to = options.to, from > to {
        throw UsageError(message: "--from \(from) is after --to \(to)", topic: .history)
      }
      return .history(path: path, from: options.from, to: options.to)
    default:
      let what = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
      throw UsageError(message: what, topic: .rill)
    }
  }
}

/// The options of one subcommand, filled in argument by argument.
private struct Options {
  let topic: Topic
  let repeatName: String?
  let takesLanguage: Bool
  var takesRecord = true
  var takesFile = false
  var takesColor = true
  var takesRange = false
  /// `--graph` (the demos).
  var takesGraph: Bool { repeatName != nil }

  var demo = DemoOptions()
  var language = Language.en
  var file: String?
  var help = false
  /// `--from N` and `--to N` (`rill history`): action numbers, 1 or more.
  var from: Int?
  var to: Int?

  mutating func parse(_ arguments: [String]) throws(UsageError) {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      help = true
      return
    }
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-") && argument != "-" else {
        guard takesFile && file == nil else { throw error("unexpected argument '\(argument)'") }
        file = argument
        continue
      }
      let (name, inlineValue) = split(argument)
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.count else { throw error("\(name) needs a value") }
        index += 1
        return arguments[index - 1]
      }
      switch name {
      case "--from" where takesRange, "--to" where takesRange:
        let text = try value()
        guard let number = Int(text), number >= 1 else {
          throw error("\(name) needs an action number, 1 or more (got '\(text)')")
        }
        if name == "--from" { from = number } else { to = number }
      case "--graph" where takesGraph:
        // The form is optional: the next argument is it unless it is an option (the demos take no other words).
        let text = inlineValue ?? arguments[index...].first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        if inlineValue == nil && text != nil { index += 1 }
        guard let format = GraphFormat(rawValue: text ?? "text") else {
          throw error("--graph takes text, dot or mermaid (got '\(text ?? "")')")
        }
        demo.graph = format
      case "--no-color" where inlineValue == nil && takesColor:
        demo.noColor = true
      case repeatName:
        let text = try value()
        guard let count = Int(text), count >= 0 else {
          throw error("\(name) needs a whole number, 0 or more (got '\(text)')")
        }
        demo.repeatCount = count
      case "--lang" where takesLanguage:
        let text = try value()
        guard let parsed = Language(rawValue: text) else {
          throw error("--lang must be en or zh (got '\(text)')")
        }
        language = parsed
      case "--record" where takesRecord:
        let text = try value()
        guard !text.isEmpty else { throw error("--record needs a file name") }
        demo.recordPath = text
      default:
        throw error("unknown option '\(argument)' for 'rill \(topic.rawValue)'")
      }
    }
    if demo.graph != nil, let other = demo.repeatCount != nil ? repeatName : demo.recordPath != nil ? "--record" : nil {
      throw error("--graph prints the pipeline and exits: it takes no \(other)")
    }
  }

  private func error(_ message: String) -> UsageError {
    UsageError(message: message, topic: topic)
  }

  /// `--name=value` as (`--name`, `value`); anything else as (argument, nil).
  private func split(_ argument: String) -> (String, String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
