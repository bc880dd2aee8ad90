/// A value written out one property per line, for the diffs a `TestStore` shows (RillTesting) and `rill history`
/// prints: structs, classes
/// and tuples list their properties, collections their elements, one a line; an enum case and its
/// payload stay on one line when it is short.
///
/// ```swift
/// ValueDump.lines(of: Counter(count: 1, title: "Ada"))
/// // ["Counter(", "  count: 1,", "  title: \"Ada\"", ")"]
/// ValueDump.line(of: Event.moved(x: 1, y: 2))
/// // ".moved(x: 1, y: 2)"
/// ```
package enum ValueDump {
  /// An enum case whose one-line form is at most this long stays on one line.
  package static let inlineLimit = 80

  /// The lines of `value`, indented by two spaces a level.
  package static func lines(of value: Any) -> [String] {
    var lines: [String] = []
    write(value, label: nil, indent: "", trailer: "", into: &lines)
    return lines
  }

  /// `value` on one line, as `Counter(count: 1, title: "Ada")`, `[1, 2]` or `.moved(x: 1, y: 2)`.
  package static func line(of value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    let children = Array(mirror.children)
    switch mirror.displayStyle {
    case .optional:
      return children.first.map { line(of: $0.value) } ?? "nil"
    case .enum:
      guard let payload = children.first else { return "." + String(describing: value) }
      let inner = line(of: payload.value)
      return "." + (payload.label ?? "") + (inner.hasPrefix("(") ? inner : "(\(inner))")
    case .collection, .set:
      return "[" + children.map { line(of: $0.value) }.joined(separator: ", ") + "]"
    case .dictionary:
      let pairs = keyedPairs(children).map { "\($0.key): \(line(of: $0.value))" }
      return pairs.isEmpty ? "[:]" : "[" + pairs.joined(separator: ", ") + "]"
    case .struct, .class, .tuple:
      let fields = children.map { child in
        (child.label.flatMap(fieldLabel).map { "\($0): " } ?? "") + line(of: child.value)
      }
      return (mirror.displayStyle == .tuple ? "" : typeName(of: value)) + "(" + fields.joined(separator: ", ") + ")"
    default:
      return leaf(value)
    }
  }

  private static func write(_ value: Any, label: String?, indent: String, trailer: String, into lines: inout [String]) {
    let prefix = indent + (label.map { "\($0): " } ?? "")
    let mirror = Mirror(reflecting: value)
    let children = Array(mirror.children)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = children.first?.value {
        write(wrapped, label: label, indent: indent, trailer: trailer, into: &lines)
      } else {
        lines.append(prefix + "nil" + trailer)
      }
    case .enum:
      let short = line(of: value)
      guard let payload = children.first, short.count > inlineLimit else {
        lines.append(prefix + short + trailer)
        return
      }
      lines.append(prefix + "." + (payload.label ?? "") + "(")
      write(payload.value, label: nil, indent: indent + "  ", trailer: "", into: &lines)
      lines.append(indent + ")" + trailer)
    case .collection, .set:
      writeList(children.map { (nil, $0.value) }, open: "[", close: "]", prefix: prefix, into: &lines)
    case .dictionary:
      let pairs = keyedPairs(children).map { (Optional($0.key), $0.value) }
      writeList(pairs, open: "[", close: "]", prefix: prefix, empty: "[:]", into: &lines)
    case .struct, .class, .tuple:
      let open = (mirror.displayStyle == .tuple ? "" : typeName(of: value)) + "("
      writeList(
        children.map { ($0.label.flatMap(fieldLabel), $0.value) }, open: open, close: ")", prefix: prefix,
        into: &lines)
    default:
      lines.append(prefix + leaf(value) + trailer)
    }
    // A list writes its own trailer on its closing line.
    func writeList(
      _ items: [(String?, Any)], open: String, close: String, prefix: String, empty: String? = nil,
      into lines: inout [String]
    ) {
      guard !items.isEmpty else {
        lines.append(prefix + (empty ?? open + close) + trailer)
        return
      }
      lines.append(prefix + open)
      for (offset, item) in items.enumerated() {
        let comma = offset == items.count - 1 ? "" : ","
        write(item.1, label: item.0, indent: indent + "  ", trailer: comma, into: &lines)
      }
      lines.append(indent + close + trailer)
    }
  }

  /// A dictionary's entries with their keys on one line, sorted by key (a dictionary has no order).
  private static func keyedPairs(_ children: [Mirror.Child]) -> [(key: String, value: Any)] {
    children.map { child in
      let pair = Array(Mirror(reflecting: child.value).children)
      return (line(of: pair[0].value), pair[1].value)
    }.sorted { $0.key < $1.key }
  }

  /// A tuple's unlabelled elements are named `.0`, `.1`, … by their mirror: drop those names.
  private static func fieldLabel(_ label: String) -> String? {
    label.hasPrefix(".") ? nil : label
  }

  private static func leaf(_ value: Any) -> String {
    if let string = value as? String { return String(reflecting: string) }
    if let character = value as? Character { return String(reflecting: character) }
    return String(describing: value)
  }

  private static func typeName(of value: Any) -> String {
    String(describing: type(of: value))
  }
}
