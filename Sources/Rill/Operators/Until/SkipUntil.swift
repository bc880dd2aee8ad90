extension Signal {
  /// Ignores the values of this signal until `other` emits, then emits every value.
  ///
  /// Any value of `other` opens it, also a replayed one: `other` is subscribed first, so a replaying
  /// `other` opens it inside `subscribe` and this signal's replay passes. The opening belongs to the whole
  /// propagation in which `other` first emits (rule 6): a value of this signal in that propagation passes,
  /// whether it is delivered before or after `other`'s, so ``take(until:)`` and `skip(until:)` of one
  /// `other` split the values between them. While it waits, the values of a propagation are held until its
  /// depth-first pass is over (dropped when they arrive, when this signal and `other` each hang off a different
  /// subject by forwarding operators: rule 6's one shape that needs no wait); once open, it unsubscribes from
  /// `other` and forwards every value at once (rule 5). Replays the last value emitted, when this signal
  /// replays. Once every subscriber has left, the next one waits afresh.
  ///
  /// ```swift
  /// let readings = Subject<Int>()
  /// let ready = Subject<Void>()
  /// let subscription = readings.skip(until: ready).subscribe { print($0) }
  /// readings.send(1); ready.send(); readings.send(2)   // prints 2
  /// ```
  ///
  /// - Complexity: O(1) per value; once open, the cost of a `map`.
  @inlinable
  public func skip<Other>(until other: Signal<Other>) -> Signal<Value> {
    UntilSignal(self, until: other, mode: .skip)
  }
}
