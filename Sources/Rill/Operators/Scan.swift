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
    ScanSignal(self, initialResult, nextPartialResult)
  }
}

/// The node of ``Signal/scan(_:_:)``: its accumulator starts as the initial result at each connect, and goes back
/// to it at a disconnect (a disconnected node keeps nothing it accumulated alive).
@usableFromInline
final class ScanSignal<Input, Value>: StatefulForwardingSignal<Input, Value> {
  @usableFromInline let initialResult: Value
  @usableFromInline let nextPartialResult: (Value, Input) -> Value
  @usableFromInline @exclusivity(unchecked) var accumulator: Value

  @inlinable init(
    _ upstream: Signal<Input>, _ initialResult: Value, _ nextPartialResult: @escaping (Value, Input) -> Value
  ) {
    self.initialResult = initialResult
    self.nextPartialResult = nextPartialResult
    accumulator = initialResult
    super.init(upstream, kind: .scan) { node, value in
      let node = unsafeDowncast(node, to: ScanSignal<Input, Value>.self)
      node.accumulator = node.nextPartialResult(node.accumulator, value)
      node.emit(node.accumulator)
    } connect: { node in
      let node = unsafeDowncast(node, to: ScanSignal<Input, Value>.self)
      node.accumulator = node.initialResult
      return node.toggleEdge()
    }
  }
}
