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
    SwitchingSignal(self, transform)
  }
}

/// The node of a `flatMapLatest`: this signal's edge feeds port 0, which switches to the signal `transform` gives,
/// whose edge feeds port 1 while it is the latest. One object: no subscription, observer box or closure per inner.
@usableFromInline
final class SwitchingSignal<Outer, Inner>: SecondPortSignal<Outer, Inner, Inner> {
  /// The latest inner signal while connected (its edge feeds port 1): held until the next switch or the disconnect.
  @usableFromInline @exclusivity(unchecked) final var inner: Signal<Inner>?
  @usableFromInline let transform: (Outer) -> Signal<Inner>

  @inlinable init(_ outer: Signal<Outer>, _ transform: @escaping (Outer) -> Signal<Inner>) {
    self.transform = transform
    super.init(
      upstreams: [AnyUpstream(outer)], kind: .flatMapLatest, replays: nil, switchesUpstream: true,
      receive: { node, value in unsafeDowncast(node, to: SwitchingSignal<Outer, Inner>.self).switchInner(for: value) },
      receiveSecond: { node, value in node.emit(value) },
      connect: { node in unsafeDowncast(node, to: SwitchingSignal<Outer, Inner>.self).toggleConnection() })
  }

  /// The connect: the edge from the outer signal, whose replay, if it has one, switches to a first inner; the
  /// disconnect: that edge, and the inner's, go.
  @inlinable final func toggleConnection() {
    if upstreamSlot < 0 {
      addFirstEdge()
    } else {
      removeFirstEdge()
      removeInner()
    }
  }

  /// The outer signal delivered `value`: the inner before is never heard again, and `transform(value)` is
  /// connected, its replay, if it has one, emitted now. The graphs join, and this node's rank rises above the new
  /// inner's (rule 6).
  @inlinable final func switchInner(for value: Outer) {
    removeInner()
    let next = transform(value)
    currentGraph.union(next.currentGraph)
    _ = follow(next)
    inner = next
    addSecondEdge(from: next)
  }

  /// Removes the inner's edge, and the rise link to it, when there is an inner.
  @inlinable final func removeInner() {
    guard let current = inner.take() else { return }
    removeSecondEdge(from: current)
    current.risingNode?.removeRiseLink(self)
  }
}
