extension Signal {
  /// Maps each value to a signal and emits the values of the latest one only.
  ///
  /// When this signal emits, the previous inner signal is unsubscribed — it is never heard again — and
  /// `transform(value)` is subscribed; its replayed value, if any, is emitted at once. Search-as-you-type
  /// is the classic use: each query's results replace the last query's. All subscribers share the current
  /// inner subscription. Replays its last value when this signal replays (the inner signals' replay
  /// reaches only the subscribers present when they are subscribed).
  ///
  /// ```swift
  /// let selectedRoom = CurrentValueSubject("lobby")
  /// let rooms = ["lobby": Subject<String>(), "garden": Subject<String>()]
  /// let messages = selectedRoom.flatMapLatest { rooms[$0]! }
  /// let subscription = messages.subscribe { print($0) }
  /// selectedRoom.value = "garden"
  /// rooms["lobby"]!.send("ignored"); rooms["garden"]!.send("hi")   // prints "hi"
  /// ```
  ///
  /// Joins below it stay glitch-free (rule 6) whatever the depth of the inner signal: when an inner is
  /// deeper than this node, this node's rank, and that of the connected nodes below it, rises above the
  /// inner's, so they settle after it.
  ///
  /// - Complexity: O(1) per inner value; a switch costs one cancel and one subscribe, plus a visit of the
  ///   connected nodes below this one when the new inner is deeper than any before.
  @inlinable
  public func flatMapLatest<Inner>(_ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
    SubscribingSignal(upstreams: [AnyUpstream(self)], kind: .flatMapLatest, switchesUpstream: true) { node in
      let inner = StateCell<Subscription?>(nil)
      let outer = self.subscribe(feeding: node) { value in
        inner.value?.cancel()
        inner.value = node.subscribe(toInner: transform(value))
      }
      return Subscription {
        outer.cancel()
        inner.value?.cancel()
        inner.value = nil
      }
    }
  }
}
