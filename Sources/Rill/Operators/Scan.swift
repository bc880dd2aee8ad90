extension Signal {
  /// Emits a running result: `nextPartialResult` applied to the previous result and each value,
  /// starting from `initialResult`.
  ///
  /// Emits one result per value, at once. A replayed value is accumulated too. The accumulation starts
  /// afresh from `initialResult` each time the signal gets its first subscriber (it lives in the
  /// connection), and all subscribers share it. Replays the last result, when this signal replays.
  ///
  /// ```swift
  /// let clicks = Subject<Void>()
  /// let credit = clicks.scan(0) { total, _ in total + 5 }
  /// let subscription = credit.subscribe { print($0) }
  /// clicks.send(); clicks.send()   // prints 5, 10
  /// ```
  ///
  /// - Complexity: O(1) per value, plus `nextPartialResult`.
  @inlinable
  public func scan<Result>(
    _ initialResult: Result,
    _ nextPartialResult: @escaping (Result, Value) -> Result
  ) -> Signal<Result> {
    DerivedSignal(forwarding: self, kind: .scan) { node in
      let accumulator = StateCell(initialResult)
      return self.subscribe(forwardingTo: node) { value in
        accumulator.value = nextPartialResult(accumulator.value, value)
        node.emit(accumulator.value)
      }
    }
  }
}
