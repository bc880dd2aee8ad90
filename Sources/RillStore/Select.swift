extension Store {
  /// A signal of the value at `keyPath` in the state.
  ///
  /// It replays the current value and emits once per state the store delivers. Calls with the same
  /// key path return the same signal while it is in use (subscribed, or kept by the caller), so any
  /// number of subscribers share one node; the store holds it weakly, so it is freed with its last
  /// subscriber and last reference.
  ///
  /// ```swift
  /// let subscription = store.select(\.log).subscribe { print($0) }   // prints []
  /// ```
  @inlinable public func select<Value>(_ keyPath: KeyPath<State, Value>) -> Signal<Value> {
    if let shared = selections[keyPath] as? Signal<Value> { return shared }
    let selection = subject.map { $0[keyPath: keyPath] }.showing(as: .select)
    selections.insert(selection, for: keyPath)
    return selection
  }

  /// A signal of the value at `keyPath` in the state, emitted only when it changes.
  ///
  /// It replays the current value, then emits when a new state's value differs from the last value
  /// it emitted. Calls with the same key path return the same signal while it is in use: N
  /// subscribers of one field cost one comparison per dispatch, and a dispatch that leaves the field
  /// unchanged calls none of them.
  ///
  /// ```swift
  /// let subscription = store.select(\.count).subscribe { print("count", $0) }   // prints "count 0"
  /// store.dispatch(.rename("x"))                                                // prints nothing
  /// store.dispatch(.increase)                                                   // prints "count 1"
  /// ```
  ///
  /// The store holds each shared node weakly: it is freed when its last subscriber ends and nobody
  /// keeps the signal; the next call makes a new one (which replays the current value).
  ///
  /// - Complexity: Per dispatch, one key-path read and one `==` for all subscribers together.
  @inlinable public func select<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Signal<Value> {
    if let shared = equatableSelections[keyPath] as? Signal<Value> { return shared }
    let selection = subject.map { $0[keyPath: keyPath] }.showing(as: .select).removeDuplicates()
    equatableSelections.insert(selection, for: keyPath)
    return selection
  }

  /// A signal of `transform` applied to each state.
  ///
  /// It replays `transform` of the current state and emits once per state the store delivers. Each
  /// call makes a new signal (closures cannot be compared); keep and share it.
  ///
  /// ```swift
  /// let parity = store.select { $0.count % 2 == 0 ? "even" : "odd" }
  /// ```
  @inlinable public func select<Value>(_ transform: @escaping (State) -> Value) -> Signal<Value> {
    subject.map(transform).showing(as: .select)
  }

  /// A signal of `transform` applied to each state, emitted only when the result changes.
  ///
  /// It replays the current result, then emits when a new state's result differs from the last one
  /// it emitted. Each call makes a new signal; keep and share it.
  ///
  /// ```swift
  /// let parity = store.select { $0.count % 2 == 0 }
  /// let subscription = parity.subscribe { print($0) }   // prints true
  /// store.dispatch(.increase)                           // prints false
  /// store.dispatch(.rename("x"))                        // prints nothing
  /// ```
  ///
  /// - Complexity: Per dispatch, one call of `transform` and one `==`.
  @inlinable public func select<Value: Equatable>(_ transform: @escaping (State) -> Value) -> Signal<Value> {
    subject.map(transform).showing(as: .select).removeDuplicates()
  }
}

/// The shared `select(keyPath)` nodes of a store, one per key path, held weakly.
///
/// Entries whose node was freed are swept when the table has doubled since the last sweep, so its
/// size stays proportional to the nodes in use.
@usableFromInline
struct SelectionCache {
  @usableFromInline var nodes: [AnyKeyPath: WeakNode] = [:]
  /// The entry count at which the next insertion sweeps the freed nodes.
  @usableFromInline var sweepCount = 16

  @inlinable init() {}

  /// The live node for `keyPath`, if any.
  @inlinable subscript(keyPath: AnyKeyPath) -> AnyObject? {
    nodes[keyPath]?.node
  }

  /// Shares `node` for `keyPath`.
  ///
  /// - Complexity: Amortized O(1).
  @usableFromInline mutating func insert(_ node: AnyObject, for keyPath: AnyKeyPath) {
    if nodes.count >= sweepCount {
      nodes = nodes.filter { $0.value.node != nil }
      sweepCount = max(16, 2 * nodes.count)
    }
    nodes[keyPath] = WeakNode(node)
  }

  /// How many entries the table holds (live or not yet swept).
  var count: Int { nodes.count }
}

/// A weak reference to a shared selection node.
@usableFromInline
final class WeakNode {
  @usableFromInline weak var node: AnyObject?

  @usableFromInline init(_ node: AnyObject) {
    self.node = node
  }
}
