extension Signal {
  /// Emits the first value that satisfies `predicate`, then ends its own upstream subscription.
  ///
  /// `predicate` runs on each value until one passes (a replayed value counts); that value is emitted and the
  /// upstream subscription ends at once (inside `subscribe` when the replayed value passes). The signal then
  /// emits nothing more, though it still replays the value it found when this signal replays. All
  /// subscribers share the search; once every subscriber has left, the next one starts a new one. The same
  /// as `filter(predicate).take(1)`, in one node.
  ///
  /// ```swift
  /// let credit = Subject<Int>()
  /// let passed = credit.first { $0 >= 70 }
  /// let subscription = passed.subscribe { print("passed with", $0) }
  /// for c in [50, 75, 80] { credit.send(c) }   // prints "passed with 75"
  /// ```
  ///
  /// - Complexity: O(1) per value, plus `predicate`, until the first match; nothing after it.
  @inlinable
  public func first(where predicate: @escaping (Value) -> Bool) -> Signal<Value> {
    TakeSignal(self, kind: .firstWhere, limit: 1, predicate: predicate)
  }
}
