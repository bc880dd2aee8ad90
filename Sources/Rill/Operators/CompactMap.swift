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
    CompactMappedSignal(self, transform)
  }
}

/// The node of ``Signal/compactMap(_:)``.
@usableFromInline
final class CompactMappedSignal<Input, Value>: ForwardingSignal<Input, Value> {
  @usableFromInline let transform: (Input) -> Value?

  @inlinable init(_ upstream: Signal<Input>, _ transform: @escaping (Input) -> Value?) {
    self.transform = transform
    super.init(upstream, kind: .compactMap) { node, value in
      let node = unsafeDowncast(node, to: CompactMappedSignal<Input, Value>.self)
      if let transformed = node.transform(value) { node.emit(transformed) }
    }
  }
}
