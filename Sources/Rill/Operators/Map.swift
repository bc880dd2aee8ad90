extension Signal {
  /// Transforms each value with `transform`.
  ///
  /// Emits `transform(value)` for every value this signal emits, at once and in order. Replays
  /// `transform` of the upstream's replayed value, and then the last value it emitted.
  ///
  /// ```swift
  /// let credit = CurrentValueSubject(0)
  /// let label = credit.map { "Credit: \($0)" }
  /// let subscription = label.subscribe { print($0) }   // prints "Credit: 0"
  /// credit.value = 5                                   // prints "Credit: 5"
  /// ```
  ///
  /// - Complexity: O(1) per value, plus `transform`.
  @inlinable
  public func map<Transformed>(_ transform: @escaping (Value) -> Transformed) -> Signal<Transformed> {
    DerivedSignal(self) { node in
      self.subscribe { node.emit(transform($0)) }
    }
  }
}
