/// The help texts. `usage` is the first line of each; errors show it under the message.
enum Usage {
  static let version = "0.1.0"

  static func usage(_ topic: Topic) -> String {
    switch topic {
    case .rill: "USAGE: rill [credit | counter | replay | history] [<options>]"
    case .credit: "USAGE: rill credit [--clicks <n>] [--lang <en|zh>] [--record <file>] [--no-color] [--graph [<form>]]"
    case .counter: "USAGE: rill counter [--increments <n>] [--record <file>] [--no-color] [--graph [<form>]]"
    case .replay: "USAGE: rill replay <file> [--lang <en|zh>] [--no-color]"
    case .history: "USAGE: rill history <file> [--from <n>] [--to <n>]"
    }
  }

  /// What a usage error prints on standard error.
  static func error(_ error: UsageError) -> String {
    let hint = error.topic == .rill ? "rill --help" : "rill \(error.topic.rawValue) --help"
    return "rill: error: \(error.message)\n\(usage(error.topic))\nSee '\(hint)'.\n"
  }

  static func help(_ topic: Topic) -> String {
    usage(topic) + "\n\n" + body(topic)
  }

  private static func body(_ topic: Topic) -> String {
    switch topic {
    case .rill:
      """
      Reactive pipelines on a store, in a terminal: actions in, store.state -> select -> map /
      combine -> a view out. With no command on a terminal, opens a home screen for both demos.

      COMMANDS:
        credit     The student-credit demo: each click adds 5 credits.
        counter    The counter demo: increment and decrement.
        replay     Replay a session recorded with --record.
        history    List a recorded session's actions, each with the state it changed.

      OPTIONS:
        -h, --help   Show help; 'rill <command> --help' for a command.
        --version    Show the version.

      """
    case .credit:
      """
      Each click adds 5 credits. The credit is gray below 30, purple from 30 to 69, red from 70;
      the status reads "not set" at 0, "fail" below 70 and "pass" from 70.

      On a terminal: space, enter or + clicks; u undo; r redo; q or Ctrl-C quits.
      Otherwise it prints one line per state, "Credit: 35 [purple]  Status: fail", and reads
      commands from standard input, one per line: add (or +), undo, redo, quit.

      OPTIONS:
        --clicks <n>      Click n times, print each state, and exit.
        --lang <en|zh>    Language of the status: en (default) or zh (未设置, 不合格, 合格).
        --record <file>   Write the session's history as JSON to <file> when it ends (also on
                          SIGINT, SIGTERM or SIGHUP).
        --no-color        No colours (also when NO_COLOR is set).
        --graph [<form>]  Print the demo's pipeline and exit: text (default), dot (Graphviz)
                          or mermaid (for Markdown).
        -h, --help        Show this help.

      """
    case .counter:
      """
      A counter on a store, with undo and redo.

      On a terminal: + increments; - decrements; u undo; r redo; q or Ctrl-C quits.
      Otherwise it prints one line per state, "Counter: 3", and reads commands from standard
      input, one per line: increment (or +), decrement (or -), undo, redo, quit.

      OPTIONS:
        --increments <n>  Increment n times, print each state, and exit.
        --record <file>   Write the session's history as JSON to <file> when it ends (also on
                          SIGINT, SIGTERM or SIGHUP).
        --no-color        No colours (also when NO_COLOR is set).
        --graph [<form>]  Print the demo's pipeline and exit: text (default), dot (Graphviz)
                          or mermaid (for Markdown).
        -h, --help        Show this help.

      """
    case .replay:
      """
      Replays a session recorded with --record into a fresh store. Off a terminal it prints the
      initial state and the state after each recorded action, one line each (and, if the session
      ended with actions undone, the state it ended in). On a terminal, the arrow keys step.

      OPTIONS:
        --lang <en|zh>    Language of the credit demo's status.
        --no-color        No colours (also when NO_COLOR is set).
        -h, --help        Show this help.

      """
    case .history:
      """
      Lists the actions of a session recorded with --record, numbered from 1, each followed by
      the lines of the state it changed: "- " before a line of the state before the action, "+ "
      before a line after it, or "(no change)". An action undone when the session ended says so.

      OPTIONS:
        --from <n>        Start at action n (default 1).
        --to <n>          End at action n (default the last).
        -h, --help        Show this help.

      """
    }
  }
}
