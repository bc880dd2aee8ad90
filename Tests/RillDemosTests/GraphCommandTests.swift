import Foundation
import Testing

/// `rill credit --graph` and `rill counter --graph`, end to end through the built binary: each demo draws the
/// pipeline it runs.
@Suite struct GraphCommandTests {
  static let creditText = """
    #1 store state (CreditState) rank 0
    └─▶ #2 select (Int) rank 1
        └─▶ #3 removeDuplicates "credit" (Int) rank 2
            ├─▶ #4 map "color" (CreditColor) rank 3
            │   └─▶ #6 combine ((CreditColor, CreditStatus, Int)) rank 4
            │       └─▶ #7 map (CreditView) rank 5
            │           └─▶ #8 removeDuplicates "view" (CreditView) rank 6, 1 subscriber
            ├─▶ #5 map "status" (CreditStatus) rank 3
            │   └─▶ #6 (above)
            └─▶ #6 (above)
    """

  @Test func theCreditDemoDrawsItsPipelineAsATree() throws {
    let run = try RillBinary.run(["credit", "--graph"])
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(run.output == Self.creditText + "\n")
    // The language changes the labels the pipeline makes, not the pipeline.
    #expect(try RillBinary.run(["credit", "--graph", "text", "--lang", "zh"]).output == run.output)
  }

  @Test func theCounterDemoDrawsItsPipelineForMermaid() throws {
    let run = try RillBinary.run(["counter", "--graph", "mermaid"])
    #expect(run.status == 0)
    #expect(
      run.lines == [
        "flowchart TD",
        ##"  n1["#1 store state<br/>CounterState · rank 0"]"##,
        ##"  n2["#2 select<br/>Int · rank 1"]"##,
        ##"  n3["#3 removeDuplicates #quot;count#quot;<br/>Int · rank 2"]"##,
        ##"  n4["#4 map #quot;view#quot;<br/>CounterView · rank 3<br/>1 subscriber"]"##,
        "  n1 --> n2",
        "  n2 --> n3",
        "  n3 --> n4",
      ])
  }

  @Test func theCreditDemoDrawsItsPipelineForGraphviz() throws {
    let run = try RillBinary.run(["credit", "--graph=dot"])
    #expect(run.status == 0)
    #expect(run.lines.first == "digraph Rill {")
    #expect(run.lines.contains(##"  n4 [label="#4 map \"color\"\nCreditColor · rank 3"];"##))
    #expect(run.lines.filter { $0.contains(" -> ") }.count == 9)
    #expect(run.lines.last == "}")
  }

  /// The "Debugging a pipeline" article shows the credit pipeline as the binary draws it.
  @Test func theDebuggingArticlesMermaidBlockIsWhatTheCreditDemoDraws() throws {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/Rill/Rill.docc/DebuggingAPipeline.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let drawn = try RillBinary.run(["credit", "--graph", "mermaid"]).output
    #expect(text.contains("```mermaid\n" + drawn + "```\n"))
  }

  @Test func aBadFormIsAUsageError() throws {
    let run = try RillBinary.run(["credit", "--graph", "png"])
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors.hasPrefix("rill: error: --graph takes text, dot or mermaid (got 'png')\n"))
  }
}
