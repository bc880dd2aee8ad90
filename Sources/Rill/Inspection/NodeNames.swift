// Names given to nodes for the live graph, kept beside them: a node without one pays nothing for the feature.

/// The names of the named nodes (signals and effects), by identity. A node marks itself named (a bit in its
/// padding) and removes its entry when it goes, so an entry never outlives its node; the lock is there because a
/// node may be freed on any thread.
enum NodeNames {
  private static let names = LockedState<[ObjectIdentifier: String]>([:])

  static func set(_ name: String, for node: AnyObject) {
    names.withLock { $0[ObjectIdentifier(node)] = name }
  }

  static func name(of node: AnyObject) -> String? {
    names.withLock { $0[ObjectIdentifier(node)] }
  }

  static func remove(_ node: AnyObject) {
    _ = names.withLock { $0.removeValue(forKey: ObjectIdentifier(node)) }
  }

  /// Whether a name is kept for the node `node` identifies, for the tests that check that a freed node takes its
  /// name with it.
  static func hasName(for node: ObjectIdentifier) -> Bool {
    names.withLock { $0[node] != nil }
  }
}

extension Signal {
  /// Gives this signal a name that the live graph shows (``liveGraph()``), and returns it.
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
    isNamed = true
    return self
  }

  /// The name given with ``named(_:)``, or `nil`.
  public var name: String? {
    isNamed ? NodeNames.name(of: self) : nil
  }
}

/// Runs `body` as ``effect(_:)`` does, as an effect called `name` in the live graph (``Signal/liveGraph()``).
///
/// ```swift
/// let subscription = effect(named: "log") { print(grade.value) }
/// ```
public func effect(named name: String, _ body: @escaping () -> Void) -> Subscription {
  effect(body, naming: name)
}
