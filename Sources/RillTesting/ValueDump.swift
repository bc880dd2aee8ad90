/// A value written out one property per line, for the diffs a ``TestStore`` shows: structs, classes
/// and tuples list their properties, collections their elements, enums their case and payload.
///
/// ```swift
/// ValueDump.lines(of: Counter(count: 1, title: "Ada"))
/// // ["Counter(", "  count: 1,", "  title: \"Ada\"", ")"]
/// ```
enum ValueDump {
  /// The lines of `value`, indented by two spaces a level.
  static func lines(of value: Any) -> [String] {
    var lines: [String] = []
    write(value, label: nil, indent: "", trailer: "", into: &lines)
    return lines
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
      guard let payload = children.first else {
        lines.append(prefix + "." + String(describing: value) + trailer)
        return
      }
      let name = "." + (payload.label ?? "")
      let inner = Self.lines(of: payload.value)
      if inner.count == 1 {
        let text = inner[0].hasPrefix("(") ? inner[0] : "(\(inner[0]))"
        lines.append(prefix + name + text + trailer)
      } else {
        lines.append(prefix + name + "(")
        for line in inner { lines.append(indent + "  " + line) }
        lines.append(indent + ")" + trailer)
      }
    case .collection, .set:
      writeList(
        children.map { (nil, $0.value) }, open: "[", close: "]", prefix: prefix, indent: indent,
        trailer: trailer, into: &lines)
    case .dictionary:
      let pairs = children.map { child -> (String?, Any) in
        let pair = Array(Mirror(reflecting: child.value).children)
        return (oneLine(pair[0].value), pair[1].value)
      }
      writeList(
        pairs.sorted { ($0.0 ?? "") < ($1.0 ?? "") }, open: "[", close: "]", prefix: prefix,
        indent: indent, trailer: trailer, into: &lines)
    case .struct, .class, .tuple:
      let name = mirror.displayStyle == .tuple ? "" : typeName(of: value)
      guard !children.isEmpty else {
        lines.append(prefix + name + "()" + trailer)
        return
      }
      writeList(
        children.map { ($0.label.flatMap(tupleLabel), $0.value) }, open: name + "(", close: ")", prefix: prefix,
        indent: indent, trailer: trailer, into: &lines)
    default:
      lines.append(prefix + leaf(value) + trailer)
    }
  }

  private static func writeList(
    _ items: [(String?, Any)], open: String, close: String, prefix: String, indent: String, trailer: String,
    into lines: inout [String]
  ) {
    guard !items.isEmpty else {
      lines.append(prefix + open + close + trailer)
      return
    }
    lines.append(prefix + open)
    for (offset, item) in items.enumerated() {
      write(item.1, label: item.0, indent: indent + "  ", trailer: offset == items.count - 1 ? "" : ",", into: &lines)
    }
    lines.append(indent + close + trailer)
  }

  /// A tuple's unlabelled elements are named `.0`, `.1`, … by their mirror: drop those names.
  private static func tupleLabel(_ label: String) -> String? {
    label.hasPrefix(".") ? nil : label
  }

  private static func oneLine(_ value: Any) -> String {
    lines(of: value).map { $0.trimmingPrefix(while: { $0 == " " }) }.joined(separator: " ")
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

extension String {
  fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> String {
    String(drop(while: predicate))
  }
}
