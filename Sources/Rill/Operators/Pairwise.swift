extension Signal {
  /// Emits each value together with the value before it, as `(previous, current)`.
  ///
  /// The first value is only remembered; each later value emits one pair, at once. A replayed value
  /// counts as the first. All subscribers share the previous value, which is forgotten when the last
  /// subscriber leaves. Replays the last pair, when this signal replays. Use it to react to transitions:
  /// a route that changed from one screen to another, a count that went up or down.
  ///
  /// ```swift
  /// let credit = CurrentValueSubject(0)
  /// let subscription = credit.pairwise().subscribe { print("\($0) → \($1)") }
  /// credit.value = 5; credit.value = 10   // prints "0 → 5", "5 → 10"
  /// ```
  ///
  /// - Complexity: O(1) per value.
  @inlinable
  public func pairwise() -> Signal<(Value, Value)> {
    DerivedSignal(self, kind: .pairwise) { node in
      let state = StateCell(PairwiseState<Value>())
      return self.subscribe(feeding: node) { value in
        if let pair = state.value.receive(value) { node.emit(pair) }
      }
    }
  }
}

/// Remembers the previous value for `pairwise` and decides when a pair is complete.
@usableFromInline
struct PairwiseState<Value> {
  @usableFromInline var previous: Value?

  @inlinable init() {}

  /// Records `value`; returns the pair it completes, or `nil` for the first value.
  @inlinable mutating func receive(_ value: Value) -> (Value, Value)? {
    defer { previous = value }
    guard let previous else { return nil }
    return (previous, value)
  }
}
