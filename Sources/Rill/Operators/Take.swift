extension Signal {
  /// Emits the first `count` values, then ends its own upstream subscription.
  ///
  /// Counting starts when the signal gets its first subscriber (a replayed value counts); all
  /// subscribers share the count. After the last value the upstream subscription ends at once (inside
  /// `subscribe` for `take(1)` of a replaying signal; `take(0)` never subscribes). The signal then emits
  /// nothing more, though it still replays its last value when this signal replays. Once every
  /// subscriber has left, the next one starts a new count.
  ///
  /// ```swift
  /// let numbers = Subject<Int>()
  /// let firstTwo = numbers.take(2)
  /// let subscription = firstTwo.subscribe { print($0) }
  /// for n in 1...4 { numbers.send(n) }   // prints 1, 2
  /// ```
  ///
  /// - Complexity: O(1) per value.
  /// - Precondition: `count >= 0`.
  @inlinable
  public func take(_ count: Int) -> Signal<Value> {
    precondition(count >= 0, "take(_:) needs a count of zero or more, not \(count)")
    return DerivedSignal(self, kind: .take) { node in
      guard count > 0 else { return Subscription(onCancel: {}) }
      let state = StateCell(TakeState(limit: count))
      let connection = StateCell<Subscription?>(nil)
      let subscription = self.subscribe(feeding: node) { value in
        switch state.value.receive() {
        case .emit:
          node.emit(value)
        case .emitLast:
          connection.value?.cancel()
          node.emit(value)
        case .ignore:
          break
        }
      }
      connection.value = subscription
      if state.value.isFinished { subscription.cancel() }
      return subscription
    }
  }
}

/// Counts the values `take` lets through.
@usableFromInline
struct TakeState {
  @usableFromInline enum Decision: Sendable { case emit, emitLast, ignore }

  @usableFromInline var remaining: Int

  @inlinable init(limit: Int) { remaining = limit }

  @inlinable var isFinished: Bool { remaining == 0 }

  /// What to do with the next value: emit it, emit it and stop, or (once finished) ignore it.
  @inlinable mutating func receive() -> Decision {
    guard remaining > 0 else { return .ignore }
    remaining -= 1
    return remaining == 0 ? .emitLast : .emit
  }
}
