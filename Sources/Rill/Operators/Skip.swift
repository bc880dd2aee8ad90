extension Signal {
  /// Ignores the first `count` values, then emits every value.
  ///
  /// Counting starts when the signal gets its first subscriber (a replayed value counts); all
  /// subscribers share the count. Replays the last value emitted, when the upstream replays.
  ///
  /// ```swift
  /// let numbers = Subject<Int>()
  /// let afterTwo = numbers.skip(2)
  /// let subscription = afterTwo.subscribe { print($0) }
  /// for n in 1...4 { numbers.send(n) }   // prints 3, 4
  /// ```
  ///
  /// - Complexity: O(1) per value.
  /// - Precondition: `count >= 0`.
  @inlinable
  public func skip(_ count: Int) -> Signal<Value> {
    precondition(count >= 0, "skip(_:) needs a count of zero or more, not \(count)")
    return DerivedSignal(self, kind: .skip) { node in
      let toSkip = StateCell(count)
      return self.subscribe(feeding: node) { value in
        if toSkip.value > 0 {
          toSkip.value -= 1
        } else {
          node.emit(value)
        }
      }
    }
  }
}
