extension Signal {
  /// Transforms each value with `transform`.
  ///
  /// Emits `transform(value)` for every value this signal emits, at once and in order. `transform` runs
  /// once per value, however many subscribers there are. When this signal replays, the first subscriber
  /// gets `transform` of the replayed value and later subscribers get the last value emitted; a signal
  /// derived from a `Subject` replays nothing.
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
    MappedSignal(self, transform)
  }
}

/// The node of ``Signal/map(_:)``: it keeps `transform`, typed, so that its `receive` captures nothing and calls it
/// without a thunk.
@usableFromInline
final class MappedSignal<Input, Value>: ForwardingSignal<Input, Value> {
  @usableFromInline let transform: (Input) -> Value

  @inlinable init(_ upstream: Signal<Input>, _ transform: @escaping (Input) -> Value) {
    self.transform = transform
    super.init(upstream, kind: .map) { node, value in
      let node = unsafeDowncast(node, to: MappedSignal<Input, Value>.self)
      node.emit(node.transform(value))
    }
  }
}
