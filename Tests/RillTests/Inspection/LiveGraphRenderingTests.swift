import Foundation
import Rill
import TestSupport
import Testing

/// The DOT and Mermaid renderings of `liveGraph()`, and the escaping of what users name.
@Suite(.freesEverything) struct LiveGraphRenderingTests {
  /// A diamond with a computed and an effect hanging off it, named in places.
  static func withDiamond(_ body: (LiveGraph) throws -> Void) rethrows {
    let credit = CurrentValueSubject(0).named("credit")
    let color = credit.map { $0 < 30 ? "gray" : "red" }.named("color")
    let status = credit.map { $0 < 70 ? "fail" : "pass" }
    let view = combine(color, status)
    let isPassing = Computed { credit.value >= 70 }
    let shown = view.subscribe { _ in }
    let logging = effect(named: "log") { _ = isPassing.value }
    try body(view.liveGraph())
    shown.cancel()
    logging.cancel()
  }

  @Test func dot() {
    Self.withDiamond { graph in
      #expect(
        graph.dot == #"""
          digraph Rill {
            node [shape=box, fontname="Helvetica"];
            n1 [label="#1 CurrentValueSubject \"credit\"\nInt · rank 0"];
            n2 [label="#2 map \"color\"\nString · rank 1"];
            n3 [label="#3 map\nString · rank 1"];
            n4 [label="#4 Computed\nBool · rank 1", style=rounded];
            n5 [label="#5 combine\n(String, String) · rank 2\n1 subscriber", penwidth=2];
            n6 [label="#6 effect \"log\"\nrank 2", shape=ellipse];
            n1 -> n2;
            n1 -> n3;
            n1 -> n4;
            n2 -> n5;
            n3 -> n5;
            n4 -> n6;
          }
          """#)
    }
  }

  @Test func mermaid() {
    Self.withDiamond { graph in
      #expect(
        graph.mermaid == #"""
          flowchart TD
            n1["#1 CurrentValueSubject #quot;credit#quot;<br/>Int · rank 0"]
            n2["#2 map #quot;color#quot;<br/>String · rank 1"]
            n3["#3 map<br/>String · rank 1"]
            n4("#4 Computed<br/>Bool · rank 1")
            n5["#5 combine<br/>(String, String) · rank 2<br/>1 subscriber"]
            n6(["#6 effect #quot;log#quot;<br/>rank 2"])
            n1 --> n2
            n1 --> n3
            n1 --> n4
            n2 --> n5
            n3 --> n5
            n4 --> n6
          """#)
    }
  }

  @Test func theTextIsTheDescription() {
    Self.withDiamond { graph in
      #expect("\(graph)" == graph.text)
      #expect(graph.text.split(separator: "\n").first == #"#1 CurrentValueSubject "credit" (Int) rank 0"#)
    }
  }

  @Test func namesAreEscapedInEachLanguage() {
    let source = Subject<[Int]>().named(#"a "quoted" <name> #1; \ end"#)
    let graph = source.liveGraph()
    #expect(graph.text == ##"#1 Subject "a \"quoted\" <name> #1; \\ end" (Array<Int>) rank 0"##)
    #expect(graph.dot.contains(##"label="#1 Subject \"a \"quoted\" <name> #1; \\ end\"\nArray<Int> · rank 0""##))
    #expect(
      graph.mermaid.contains(
        ##"n1["#1 Subject #quot;a #quot;quoted#quot; #lt;name#gt; #35;1; \ end#quot;<br/>Array#lt;Int#gt; · rank 0"]"##)
    )
  }

  /// A name with quotes and line breaks stays on its node's line in the text, written as a Swift string literal
  /// writes it, as DOT and Mermaid escape what their syntax would read.
  @Test func theTextKeepsANameOnItsLineWithItsQuotesEscaped() {
    let credit = CurrentValueSubject(0).named("say \"hi\"\nthen \\ go")
    let doubled = credit.map { $0 * 2 }.named("two\r\nlines\tand a\u{2028}separator")
    let shown = doubled.subscribe { _ in }
    #expect(
      credit.liveGraph().text == #"""
        #1 CurrentValueSubject "say \"hi\"\nthen \\ go" (Int) rank 0
        └─▶ #2 map "two\r\nlines\tand a\u{2028}separator" (Int) rank 1, 1 subscriber
        """#)
    shown.cancel()
  }

  /// Graphviz reads the DOT (checked where `dot` is installed; CI installs it and sets RILL_REQUIRE_GRAPHVIZ=1).
  @Test func graphvizReadsTheDot() throws {
    let dot = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let dot else {
      #expect(ProcessInfo.processInfo.environment["RILL_REQUIRE_GRAPHVIZ"] != "1", "Graphviz's dot is not installed")
      return
    }
    var source = ""
    Self.withDiamond { source = $0.dot }
    let named = Subject<Int>().named(#"say "hi" \ <b>"#)
    source += "\n" + named.liveGraph().dot
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = ["-Tplain"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    let plain = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "dot: \(complaints)")
    #expect(complaints.isEmpty)
    // Two graphs: six nodes and six edges, then one node.
    let lines = plain.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("node ") }.count == 7)
    #expect(lines.filter { $0.hasPrefix("edge ") }.count == 6)
  }
}
