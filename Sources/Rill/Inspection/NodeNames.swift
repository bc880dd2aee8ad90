// Names given to nodes for the live graph, kept beside them: a node without one pays nothing for the feature.

/// What a node was given to be told apart: a name, a trace log.
struct NodeLabel {
  var name: String?
  /// The trace: not `@Sendable`, as a node's own closures are not. It is set where the node is (a signal is not
  /// `Sendable`, and `traced(_:)` merges the closure into the signal's region: it goes wherever the graph goes) and
  /// called only by the node's runs, in the graph's domain, so it never runs on another thread than the code that
  /// gave it. Like the node's other closures it may be freed on another thread, with its node (rule 8).
  var trace: ((String) -> Void)?
}

/// The labels of the labelled nodes (signals and effects), by identity. A node marks itself labelled (a bit in its
/// padding) and removes its entry when it goes, so an entry never outlives its node; the lock is there because a
/// node may be freed on any thread. The lock guards the table, not what a label holds: a trace is handed out only
/// to its node's runs (see ``NodeLabel/trace``).
enum NodeNames {
  private static let labels = LockedState<[ObjectIdentifier: NodeLabel]>([:])

  static func set(_ name: String, for node: AnyObject) {
    labels.withLock { $0[ObjectIdentifier(node), default: NodeLabel()].name = name }
  }

  static func setTrace(_ trace: @escaping (String) -> Void, for node: AnyObject) {
    labels.withLock { $0[ObjectIdentifier(node), default: NodeLabel()].trace = trace }
  }

  static func name(of node: AnyObject) -> String? {
    labels.withLock { $0[ObjectIdentifier(node)]?.name }
  }

  static func trace(of node: AnyObject) -> ((String) -> Void)? {
    labels.withLock { $0[ObjectIdentifier(node)]?.trace }
  }

  static func remove(_ node: AnyObject) {
    _ = labels.withLock { $0.removeValue(forKey: ObjectIdentifier(node)) }
  }

  /// Whether a label is kept for the node `node` identifies, for the tests that check that a freed node takes its
  /// label with it.
  static func hasName(for node: ObjectIdentifier) -> Bool {
    labels.withLock { $0[node] != nil }
  }
}

/// How a failure message calls `object`, a signal or a tracked-graph node, when it was given a name:
/// `Computed<Int> "total"`, `CurrentValueSubject<String> "goal"`, `effect "log"`; `nil` when it has no name. The
/// name is looked up here, when the message is written: a node pays nothing for it otherwise.
func nameForFailure(of object: AnyObject?) -> String? {
  guard let node = object as? any LiveNode, let name = node.liveName else {
    return nil
  }
  let type = node.liveValueType.map { "<\(LiveGraphWalk.typeDescription($0))>" } ?? ""
  return node.liveKind.name + type + " " + LiveGraph.quoted(name)
}

extension ReactiveNode {
  /// How a failure message calls this computed or effect: by its name when it has one (``nameForFailure(of:)``),
  /// otherwise `a Computed<Int>`.
  final var nameForFailure: String {
    Rill.nameForFailure(of: self) ?? kindDescription
  }

  /// How a failure message calls this computed's closure: `the closure of Computed<Int> "total"`, or
  /// `a Computed's closure` when it has no name.
  final var closureForFailure: String {
    if liveKind == .asyncComputedWork { return "an AsyncComputed's closure, before its first suspension" }
    return Rill.nameForFailure(of: self).map { "the closure of \($0)" } ?? "a Computed's closure"
  }
}

extension Signal {
  /// Gives this signal a name that the live graph shows (``liveGraph()``), and returns it. A run reason
  /// (``RunReason``) calls the signal by it, and so does the message that stops the program when a ``Computed``
  /// reads itself or writes from its closure (`Rill: Computed<Int> "total" reads itself …`).
  ///
  /// ```swift
  /// let color = credit.map(CreditColor.init).named("color")
  /// print(color.liveGraph())   // … #2 map "color" (CreditColor) …
  /// ```
  ///
  /// The name is kept beside the signal, not in it, until the signal is freed: a signal without a name pays
  /// nothing for names. Naming a signal again replaces its name.
  @discardableResult
  public func named(_ name: String) -> Self {
    NodeNames.set(name, for: self)
    isLabelled = true
    return self
  }

  /// The name given with ``named(_:)``, or `nil`.
  public var name: String? {
    isLabelled ? NodeNames.name(of: self) : nil
  }
}

/// Runs `body` as ``effect(_:)`` does, as an effect called `name` in the live graph (``Signal/liveGraph()``).
///
/// ```swift
/// let subscription = effect(named: "log") { print(grade.value) }
/// ```
///
/// With `trace`, a debug build of Rill calls it with a line saying why the effect ran, each time it runs (see
/// ``RunReason``); a release build never calls it. It is called where the effect runs, in the isolation domain of
/// the graph it reads, as `body` is, so it need not be `@Sendable`: a test collects the lines in a plain array.
///
/// ```swift
/// var lines: [String] = []
/// let logging = effect(named: "log", trace: { lines.append($0) }, { _ = grade.value })
/// ```
public func effect(
  named name: String, trace: ((String) -> Void)? = nil, _ body: @escaping () -> Void
) -> Subscription {
  effect(body, naming: name, trace: trace)
}
