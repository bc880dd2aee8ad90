import RillDemos
import Testing

@testable import rill

@Suite struct ArgumentsTests {
  @Test(arguments: [
    ([String](), Invocation.home),
    (["--help"], .help(.rill)),
    (["-h"], .help(.rill)),
    (["help"], .help(.rill)),
    (["help", "replay"], .help(.replay)),
    (["--version"], .version),
    (["credit"], .credit(DemoOptions(), language: .en)),
    (["credit", "--clicks", "3"], .credit(DemoOptions(repeatCount: 3), language: .en)),
    (["credit", "--clicks=0", "--lang", "zh"], .credit(DemoOptions(repeatCount: 0), language: .zh)),
    (["credit", "--clicks", "3", "--clicks", "4"], .credit(DemoOptions(repeatCount: 4), language: .en)),
    (
      ["credit", "--record", "s.json", "--no-color"],
      .credit(DemoOptions(recordPath: "s.json", noColor: true), language: .en)
    ),
    (["credit", "--clicks", "x", "--help"], .help(.credit)),
    (["counter", "--increments", "2"], .counter(DemoOptions(repeatCount: 2))),
    (["counter", "-h"], .help(.counter)),
    (["replay", "s.json"], .replay(path: "s.json", language: .en, noColor: false)),
    (["replay", "--lang=zh", "s.json", "--no-color"], .replay(path: "s.json", language: .zh, noColor: true)),
    (["history", "s.json"], .history(path: "s.json", from: nil, to: nil)),
    (["history", "--from", "2", "s.json", "--to=5"], .history(path: "s.json", from: 2, to: 5)),
    (["history", "s.json", "--from=3", "--from=4"], .history(path: "s.json", from: 4, to: nil)),
    (["history", "s.json", "--help"], .help(.history)),
    (["help", "history"], .help(.history)),
    (["credit", "--graph"], .credit(DemoOptions(graph: .text), language: .en)),
    (["credit", "--graph", "dot", "--no-color"], .credit(DemoOptions(noColor: true, graph: .dot), language: .en)),
    (["credit", "--graph", "--lang", "zh"], .credit(DemoOptions(graph: .text), language: .zh)),
    (["counter", "--graph=mermaid"], .counter(DemoOptions(graph: .mermaid))),
    (["counter", "--graph", "text"], .counter(DemoOptions(graph: .text))),
  ])
  func parses(arguments: [String], expected: Invocation) throws {
    #expect(try ArgumentParser.parse(arguments) == expected)
  }

  @Test(arguments: [
    (["chess"], UsageError(message: "unknown command 'chess'", topic: .rill)),
    (["--colour"], UsageError(message: "unknown option '--colour'", topic: .rill)),
    (["help", "chess"], UsageError(message: "unknown command 'chess'", topic: .rill)),
    (["credit", "--clicks"], UsageError(message: "--clicks needs a value", topic: .credit)),
    (
      ["credit", "--clicks", "-1"],
      UsageError(message: "--clicks needs a whole number, 0 or more (got '-1')", topic: .credit)
    ),
    (
      ["credit", "--clicks", "x"],
      UsageError(message: "--clicks needs a whole number, 0 or more (got 'x')", topic: .credit)
    ),
    (["credit", "--lang", "fr"], UsageError(message: "--lang must be en or zh (got 'fr')", topic: .credit)),
    (
      ["credit", "--increments", "2"],
      UsageError(message: "unknown option '--increments' for 'rill credit'", topic: .credit)
    ),
    (["credit", "extra"], UsageError(message: "unexpected argument 'extra'", topic: .credit)),
    (["credit", "--record="], UsageError(message: "--record needs a file name", topic: .credit)),
    (["counter", "--lang", "zh"], UsageError(message: "unknown option '--lang' for 'rill counter'", topic: .counter)),
    (
      ["counter", "--no-color=yes"],
      UsageError(message: "unknown option '--no-color=yes' for 'rill counter'", topic: .counter)
    ),
    (["replay"], UsageError(message: "replay needs a FILE", topic: .replay)),
    (
      ["credit", "--graph", "svg"],
      UsageError(message: "--graph takes text, dot or mermaid (got 'svg')", topic: .credit)
    ),
    (
      ["credit", "--graph", "--clicks", "2"],
      UsageError(message: "--graph prints the pipeline and exits: it takes no --clicks", topic: .credit)
    ),
    (
      ["counter", "--record", "a.json", "--graph"],
      UsageError(message: "--graph prints the pipeline and exits: it takes no --record", topic: .counter)
    ),
    (
      ["replay", "a.json", "--graph"], UsageError(message: "unknown option '--graph' for 'rill replay'", topic: .replay)
    ),
    (
      ["history", "a.json", "--graph=dot"],
      UsageError(message: "unknown option '--graph=dot' for 'rill history'", topic: .history)
    ),
    (["history", "a.json", "b.json"], UsageError(message: "unexpected argument 'b.json'", topic: .history)),
    (
      ["history", "a.json", "--lang", "zh"],
      UsageError(message: "unknown option '--lang' for 'rill history'", topic: .history)
    ),
    (["replay", "a.json", "b.json"], UsageError(message: "unexpected argument 'b.json'", topic: .replay)),
    (
      ["replay", "a.json", "--record", "b.json"],
      UsageError(message: "unknown option '--record' for 'rill replay'", topic: .replay)
    ),
  ])
  func rejects(arguments: [String], expected: UsageError) {
    #expect(throws: expected) { try ArgumentParser.parse(arguments) }
  }
}
