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
    DerivedSignal(forwarding: self, kind: .filter) { node in
      self.subscribe(forwardingTo: node) { value in
        if isIncluded(value) { node.emit(value) }
      }
    }
  }
}
