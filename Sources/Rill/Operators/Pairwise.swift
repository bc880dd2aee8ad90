extension Signal {
  /// Emits each value together with the value before it, as `(previous, current)`.
  ///
  /// The first value is only remembered; each later value emits one pair, at once. A replayed value
  /// counts as the first. All subscribers share the previous value, which is forgotten when the last
  /// subscriber leaves. Replays the last pair, when this signal replays. Use it to react to transitions:
  /// a route that changed from one screen to another, a count that went up or down.
  ///
  /// ```swift
  /// let credit = CurrentValueSubject(0)
  /// let subscription = credit.pairwise().subscribe { print("\($0) → \($1)") }
  /// credit.value = 5; credit.value = 10   // prints "0 → 5", "5 → 10"
  /// ```
  ///
  /// - Complexity: O(1) per value.
  @inlinable
  public func pairwise() -> Signal<(Value, Value)> {
    PairwiseSignal<Value, Value?>(self)
  }
}

/// The node of ``Signal/pairwise()``: the previous value, forgotten at each connect and disconnect. `Previous` is
/// `Value?`, named by the class so that freeing the node looks no type up (see ``OptionalState``).
@usableFromInline
final class PairwiseSignal<Value, Previous: OptionalState>: StatefulForwardingSignal<Value, (Value, Value)>
where Previous.Wrapped == Value {
  @usableFromInline @exclusivity(unchecked) var previous: Previous = .none

  @inlinable init(_ upstream: Signal<Value>) {
    super.init(upstream, kind: .pairwise, forwards: false) { node, value in
      let node = unsafeDowncast(node, to: PairwiseSignal<Value, Previous>.self)
      let previous = node.previous.optional
      node.previous.optional = value
      if let previous { node.emit((previous, value)) }
    } connect: { node in
      let node = unsafeDowncast(node, to: PairwiseSignal<Value, Previous>.self)
      node.previous = .none
      return node.toggleEdge()
    }
  }
}
