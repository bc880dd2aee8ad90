extension Signal {
  /// Transforms each value with `transform` and emits the results that are not `nil`.
  ///
  /// Emits at once, in order; `transform` runs once per value for all subscribers. Replays the last
  /// non-`nil` result, when this signal replays (nothing if every result so far was `nil`).
  ///
  /// ```swift
  /// let input = Subject<String>()
  /// let numbers = input.compactMap { Int($0) }
  /// let subscription = numbers.subscribe { print($0) }
  /// input.send("12"); input.send("x"); input.send("7")   // prints 12, 7
  /// ```
  ///
  /// - Complexity: O(1) per value, plus `transform`.
  @inlinable
  public func compactMap<Transformed>(
    _ transform: @escaping (Value) -> Transformed?
  ) -> Signal<Transformed> {
    DerivedSignal(forwarding: self, kind: .compactMap) { node in
      self.subscribe(forwardingTo: node) { value in
        if let transformed = transform(value) { node.emit(transformed) }
      }
    }
  }
}
