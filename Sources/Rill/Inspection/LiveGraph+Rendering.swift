// The three renderings of a live graph: a tree for the console, Graphviz DOT, and Mermaid.

extension LiveGraph {
  /// The graph as a tree for the console: each source (a node nothing feeds) at the left, and under each node the
  /// nodes it feeds. A node fed by several is drawn in full once, under the first; later it is its number and
  /// `(above)`. Past 32 levels the indentation stops growing. A name is written as a Swift string literal writes
  /// it, so that each node keeps its one line: `"say \"hi\"\nagain"`.
  ///
  /// ```text
  /// #1 CurrentValueSubject "credit" (Int) rank 0
  /// ├─▶ #2 map "color" (String) rank 1
  /// │   └─▶ #4 combine ((String, String)) rank 2, 1 subscriber
  /// └─▶ #3 map "status" (String) rank 1
  ///     └─▶ #4 (above)
  /// ```
  public var text: String {
    var lines: [String] = []
    var drawn = Set<Int>()
    let feeds = Dictionary(grouping: edges, by: \.from).mapValues { $0.map(\.to) }
    let fed = Set(edges.map(\.to))
    // Depth first, with a stack of its own (a chain thousands of nodes deep draws without recursion); past
    // `deepestIndent` levels the indentation stops growing, so the text stays linear in the graph's size.
    var stack = nodes.filter { !fed.contains($0.id) }.reversed().map { (id: $0.id, lead: "", branch: "", depth: 0) }
    while let (id, lead, branch, depth) = stack.popLast() {
      guard drawn.insert(id).inserted else {
        lines.append("\(lead)\(branch)#\(id) (above)")
        continue
      }
      lines.append(lead + branch + label(of: nodes[id - 1], quote: "\"", escape: Self.textEscaped))
      let children = feeds[id] ?? []
      let childLead =
        depth >= Self.deepestIndent ? lead : lead + (branch.isEmpty ? "" : branch == "└─▶ " ? "    " : "│   ")
      for (position, child) in children.enumerated().reversed() {
        stack.append((child, childLead, position == children.count - 1 ? "└─▶ " : "├─▶ ", depth + 1))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// How many levels ``text`` indents; deeper nodes are drawn at this indentation.
  static var deepestIndent: Int { 32 }

  /// The graph in Graphviz's DOT language (`dot -Tsvg`): one box per node, labelled as in ``text``, the node the
  /// picture was taken from in bold; computeds have rounded corners and effects are ellipses.
  public var dot: String {
    var lines = ["digraph Rill {", "  node [shape=box, fontname=\"Helvetica\"];"]
    for node in nodes {
      var attributes = ["label=\"\(label(of: node, lineBreak: "\\n", quote: "\\\"", escape: dotEscaped))\""]
      if node.kind == .computed { attributes.append("style=rounded") }
      if node.kind == .effect { attributes.append("shape=ellipse") }
      if node.id == origin { attributes.append("penwidth=2") }
      lines.append("  n\(node.id) [\(attributes.joined(separator: ", "))];")
    }
    for edge in edges { lines.append("  n\(edge.from) -> n\(edge.to);") }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// The graph as a Mermaid flowchart, which GitHub draws in Markdown (in a ` ```mermaid ` block).
  public var mermaid: String {
    var lines = ["flowchart TD"]
    for node in nodes {
      let text = label(of: node, lineBreak: "<br/>", quote: "#quot;", escape: mermaidEscaped)
      let (open, close) =
        node.kind == .computed ? ("(\"", "\")") : node.kind == .effect ? ("([\"", "\"])") : ("[\"", "\"]")
      lines.append("  n\(node.id)\(open)\(text)\(close)")
    }
    for edge in edges { lines.append("  n\(edge.from) --> n\(edge.to)") }
    return lines.joined(separator: "\n")
  }

  /// One node's label: number, kind, name, value type, rank, and subscribers when it has some. With a
  /// `lineBreak`, the type and rank go on a second line and the subscribers on a third. `escape` is applied to
  /// the name and the type, the parts that are not the library's own words; `quote`, the language's quotation
  /// mark, goes around the name.
  func label(of node: Node, lineBreak: String? = nil, quote: String, escape: (String) -> String) -> String {
    var head = "#\(node.id) \(node.kind.name)"
    if let name = node.name { head += " " + quote + escape(name) + quote }
    let type = node.valueType.map(escape)
    let subscribers =
      node.subscriberCount == 0 ? nil : "\(node.subscriberCount) subscriber\(node.subscriberCount == 1 ? "" : "s")"
    guard let lineBreak else {
      return "\(head) " + (type.map { "(\($0)) " } ?? "") + "rank \(node.rank)" + (subscribers.map { ", \($0)" } ?? "")
    }
    let detail = type.map { "\($0) · rank \(node.rank)" } ?? "rank \(node.rank)"
    return ([head, detail] + (subscribers.map { [$0] } ?? [])).joined(separator: lineBreak)
  }

  /// `name` in quotation marks, escaped as ``textEscaped(_:)`` does: how the one-line texts (the tree, a run
  /// reason, a failure message) write a name.
  static func quoted(_ name: String) -> String {
    "\"" + textEscaped(name) + "\""
  }

  /// `text` as the content of a Swift string literal, on one line: backslashes, quotes, tabs and line breaks
  /// escaped as `\\`, `\"`, `\t`, `\n` and `\r`, and the other control characters and line separators as
  /// `\u{…}`.
  static func textEscaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      default:
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
          escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
        default:
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  /// `text` as a DOT string's content: quotes, backslashes and line breaks escaped.
  func dotEscaped(_ text: String) -> String {
    Self.replacing(in: text, ["\\": "\\\\", "\"": "\\\"", "\n": "\\n"])
  }

  /// `text` as a Mermaid label: the characters Mermaid reads as syntax written as its entity codes.
  func mermaidEscaped(_ text: String) -> String {
    Self.replacing(in: text, ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "#": "#35;"])
  }

  /// `text` with each character that `replacements` has replaced by its replacement.
  static func replacing(in text: String, _ replacements: [Character: String]) -> String {
    var replaced = ""
    for character in text {
      if let replacement = replacements[character] {
        replaced += replacement
      } else {
        replaced.append(character)
      }
    }
    return replaced
  }
}
