extension Signal {
  /// Emits only the values that satisfy `isIncluded`.
  ///
  /// Emits each value that passes at once, in order; `isIncluded` runs once per value for all
  /// subscribers. Replays the last value that passed, when this signal replays (nothing if none has).
  ///
  /// ```swift
  /// let numbers = Subject<Int>()
  /// let even = numbers.filter { $0 % 2 == 0 }
  /// let subscription = even.subscribe { print($0) }
  /// for n in 1...4 { numbers.send(n) }   // prints 2, 4
  /// ```
  ///
  /// - Complexity: O(1) per value, plus `isIncluded`.
  @inlinable
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
    FilteredSignal(self, isIncluded)
  }
}

/// The node of ``Signal/filter(_:)``. Its predicate is kept as `(Value) -> Bool`, not as a generic closure type:
/// stored so, a closure returning `Bool` is called through a reabstraction thunk at every value.
@usableFromInline
final class FilteredSignal<Value>: ForwardingSignal<Value, Value> {
  @usableFromInline let isIncluded: (Value) -> Bool

  @inlinable init(_ upstream: Signal<Value>, _ isIncluded: @escaping (Value) -> Bool) {
    self.isIncluded = isIncluded
    super.init(upstream, kind: .filter) { node, value in
      let node = unsafeDowncast(node, to: FilteredSignal<Value>.self)
      if node.isIncluded(value) { node.emit(value) }
    }
  }
}
