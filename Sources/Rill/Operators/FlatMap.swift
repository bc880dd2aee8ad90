extension Signal {
  /// Maps each value to a signal and emits the values of every one of them, as they arrive.
  ///
  /// The merging member of the flat-map family: when this signal emits, `transform(value)` is subscribed,
  /// its replayed value, if any, is emitted at once, and it stays subscribed beside the earlier inner signals
  /// — each inner value is emitted, every one of them (rule 5). A value that maps to a signal already
  /// subscribed subscribes it once more, so its values then arrive once per subscription, as with ``merge(_:)-(Signal<Value>...)``.
  /// All subscribers share the inner subscriptions. Replays its last value when this signal replays (the
  /// inner signals' replay reaches only the subscribers present when they are subscribed).
  ///
  /// Signals never complete, so no inner ends by itself: every inner stays subscribed until the last
  /// subscriber leaves, and the subscriptions grow with the values this signal emits. Use it over a bounded
  /// set of inners (one per room, per download); when only the latest matters, ``flatMapLatest(_:)`` keeps one.
  /// A `take(_:)` inner ends its own upstream subscription after its last value, so what stays behind is one
  /// idle node. There is no `concatMap` or `exhaustMap` over signals, because both wait for an inner to end;
  /// their async forms run closures, which do end.
  ///
  /// ```swift
  /// let joined = Subject<String>()
  /// let rooms = ["lobby": Subject<String>(), "garden": Subject<String>()]
  /// let messages = joined.flatMap { rooms[$0]! }
  /// let subscription = messages.subscribe { print($0) }
  /// joined.send("lobby"); joined.send("garden")
  /// rooms["lobby"]!.send("hi"); rooms["garden"]!.send("yo")   // prints "hi", "yo"
  /// ```
  ///
  /// Joins below it stay glitch-free (rule 6) whatever the depth of the inner signals, as with
  /// ``flatMapLatest(_:)``: this node's rank, and that of the connected nodes below it, rises above the
  /// deepest inner's.
  ///
  /// - Complexity: O(1) per inner value; a new inner costs one subscribe (amortized O(1)), plus a visit of
  ///   the connected nodes below this one when it is deeper than any before. Disconnecting costs O(number of
  ///   inners).
  @inlinable
  public func flatMap<Inner>(_ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
    SubscribingSignal(upstreams: [AnyUpstream(self)], kind: .flatMap, switchesUpstream: true) { node in
      let inners = StateCell<[Subscription]>([])
      let outer = self.subscribe(feeding: node) { value in
        inners.value.append(node.subscribe(toInner: transform(value)))
      }
      return Subscription {
        outer.cancel()
        let subscriptions = inners.value
        inners.value = []
        for subscription in subscriptions { subscription.cancel() }
      }
    }
  }
}
