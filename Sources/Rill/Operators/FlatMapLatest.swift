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
  /// - Complexity: O(1) per inner value; a switch costs one cancel and one subscribe.
  @inlinable
  public func flatMapLatest<Inner>(_ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
    DerivedSignal(upstreams: [AnyUpstream(self)]) { node in
      let inner = StateCell<Subscription?>(nil)
      let outer = self.subscribe { value in
        inner.value?.cancel()
        let signal = transform(value)
        node.currentGraph.union(signal.currentGraph)
        inner.value = signal.subscribe { node.emit($0) }
      }
      return Subscription {
        outer.cancel()
        inner.value?.cancel()
        inner.value = nil
      }
    }
  }
}
