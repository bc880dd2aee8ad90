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
    return TakeSignal(self, kind: .take, limit: count, predicate: nil)
  }
}

/// The node of ``Signal/take(_:)`` and ``Signal/first(where:)``: it lets through the first `limit` values that pass
/// `predicate` (all values when `nil`), then removes its edge upstream; it counts afresh at each connect. A limit
/// reached during its own connect (the upstream's replay) removes the edge once the connect has added it.
@usableFromInline
final class TakeSignal<Value>: StatefulForwardingSignal<Value, Value> {
  @usableFromInline let limit: Int
  @usableFromInline let predicate: ((Value) -> Bool)?
  @usableFromInline @exclusivity(unchecked) var remaining: Int
  /// Set while the node adds its edge: a value that reaches the limit then leaves the removal to the connect.
  @usableFromInline @exclusivity(unchecked) var isConnecting = false

  @inlinable init(_ upstream: Signal<Value>, kind: OperatorKind, limit: Int, predicate: ((Value) -> Bool)?) {
    self.limit = limit
    self.predicate = predicate
    remaining = limit
    super.init(upstream, kind: kind, forwards: false) { node, value in
      let node = unsafeDowncast(node, to: TakeSignal<Value>.self)
      guard node.remaining > 0 else { return }
      if let predicate = node.predicate, !predicate(value) { return }
      node.remaining -= 1
      if node.remaining == 0 && !node.isConnecting { node.toggleEdge() }  // the last one: disconnect first
      node.emit(value)
    } connect: { node in
      let node = unsafeDowncast(node, to: TakeSignal<Value>.self)
      guard node.upstreamSlot < 0 else { return node.toggleEdge() }  // the disconnect
      node.remaining = node.limit
      guard node.limit > 0 else { return }  // nothing to take: no edge
      node.isConnecting = true
      node.toggleEdge()
      node.isConnecting = false
      // The replay reached the limit: no value comes after it.
      if node.remaining == 0 && node.upstreamSlot >= 0 { node.toggleEdge() }
    }
  }
}
