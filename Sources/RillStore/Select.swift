extension Store {
  /// A signal of the value at `keyPath` in the state.
  ///
  /// It replays the current value and emits once per state the store delivers. Calls with the same
  /// key path return the same signal, so any number of subscribers share one node.
  ///
  /// ```swift
  /// let subscription = store.select(\.log).subscribe { print($0) }   // prints []
  /// ```
  @inlinable public func select<Value>(_ keyPath: KeyPath<State, Value>) -> Signal<Value> {
    if let shared = selections[keyPath] as? Signal<Value> { return shared }
    let selection = subject.map { $0[keyPath: keyPath] }
    selections[keyPath] = selection
    return selection
  }

  /// A signal of the value at `keyPath` in the state, emitted only when it changes.
  ///
  /// It replays the current value, then emits when a new state's value differs from the last value
  /// it emitted. Calls with the same key path return the same signal: N subscribers of one field
  /// cost one comparison per dispatch, and a dispatch that leaves the field unchanged calls none
  /// of them.
  ///
  /// ```swift
  /// let subscription = store.select(\.count).subscribe { print("count", $0) }   // prints "count 0"
  /// store.dispatch(.rename("x"))                                                // prints nothing
  /// store.dispatch(.increase)                                                   // prints "count 1"
  /// ```
  ///
  /// The store keeps each shared node for its own lifetime (a node with no subscribers is
  /// disconnected and costs nothing per dispatch).
  ///
  /// - Complexity: Per dispatch, one key-path read and one `==` for all subscribers together.
  @inlinable public func select<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Signal<Value> {
    if let shared = equatableSelections[keyPath] as? Signal<Value> { return shared }
    let selection = subject.map { $0[keyPath: keyPath] }.removeDuplicates()
    equatableSelections[keyPath] = selection
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
    subject.map(transform)
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
    subject.map(transform).removeDuplicates()
  }
}
