extension Signal {
  /// Emits the values of this signal until `other` emits, then disconnects from both.
  ///
  /// The Rill form of Combine's `prefix(untilOutputFrom:)` and RxSwift's `take(until:)`. Any value of
  /// `other` ends it, also a replayed one: `other` is subscribed first, so a replaying `other` (a
  /// ``CurrentValueSubject``, a store's state) ends it inside `subscribe`, before it emits anything — use
  /// `other.skip(1)` to wait for its next value instead. The end belongs to the whole propagation in which
  /// `other` first emits (rule 6): a value of this signal in that propagation is dropped, whether it is
  /// delivered before or after `other`'s, so `take(until:)` and ``skip(until:)`` of one `other` split the
  /// values between them. Every value of an earlier propagation is forwarded (rule 5): the values of a
  /// propagation are held until its depth-first pass is over, then emitted in order — unless this signal and
  /// `other` each hang off a different subject by forwarding operators, where `other` cannot emit before the
  /// pass ends: then each value is emitted when it arrives (rule 6's one shape that needs no wait). After the end
  /// it emits nothing more, though it still replays its last value when this signal replays. Once every
  /// subscriber has left, the next one starts afresh.
  ///
  /// ```swift
  /// let ticks = Subject<Int>()
  /// let stop = Subject<Void>()
  /// let subscription = ticks.take(until: stop).subscribe { print($0) }
  /// ticks.send(1); ticks.send(2); stop.send(); ticks.send(3)   // prints 1, 2
  /// ```
  ///
  /// - Complexity: O(1) per value; the held values' storage is reused, so a steady-state send allocates
  ///   nothing.
  @inlinable
  public func take<Other>(until other: Signal<Other>) -> Signal<Value> {
    UntilSignal(self, until: other, mode: .take)
  }
}
