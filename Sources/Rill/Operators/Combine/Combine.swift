/// Combines the latest values of several signals into tuples.
///
/// Emits once every source has emitted at least one value, and after that whenever any source emits,
/// with the latest value of each. Takes any number of signals of any types.
///
/// `combine` is glitch-free (rule 6): within one propagation it emits at most once, after all of its
/// sources have settled. In a diamond — `a` and `b` both derived from `s` — each `s.send(x)` yields
/// exactly one tuple `(f(x), g(x))`, never a mix of old and new.
///
/// When every source replays, it emits once inside `subscribe`, with their current values. When any
/// source replays, it replays its last tuple to later subscribers. Once every subscriber has left,
/// the next one starts afresh: the latest values are forgotten.
///
/// ```swift
/// let credit = CurrentValueSubject(0)
/// let color = credit.map { $0 < 30 ? "gray" : "purple" }
/// let status = credit.map { $0 == 0 ? "not set" : "fail" }
/// let view = combine(credit, color, status)
/// let subscription = view.subscribe { print($0) }   // prints (0, "gray", "not set")
/// credit.value = 30                                 // prints (30, "purple", "fail") — once
/// ```
///
/// - Complexity: O(number of sources) per emission.
@inlinable
public func combine<each Source>(_ sources: repeat Signal<each Source>) -> Signal<(repeat each Source)> {
  var upstreams: [AnyUpstream] = []
  repeat upstreams.append(AnyUpstream(each sources))
  return DerivedSignal(upstreams: upstreams) { node in
    CombineConnection(node: node, sources: repeat each sources).subscription
  }
}

/// One connection of a `combine` node: the latest value of each source, and the subscriptions to them.
@usableFromInline
final class CombineConnection<each Source> {
  @usableFromInline let node: DerivedSignal<(repeat each Source)>
  @usableFromInline let latest: (repeat StateCell<(each Source)?>)
  @usableFromInline @exclusivity(unchecked) var state: CombineState
  @usableFromInline @exclusivity(unchecked) var upstream: [Subscription] = []
  @usableFromInline @exclusivity(unchecked) var settleAction: (() -> Void)? = nil

  @inlinable init(node: DerivedSignal<(repeat each Source)>, sources: repeat Signal<each Source>) {
    self.node = node
    latest = (repeat emptyCell(of: (each Source).self))
    var count = 0
    for _ in repeat each sources { count += 1 }
    state = CombineState(sourceCount: count)
    settleAction = { [self] in settle() }
    repeat subscribe(to: each sources, storingIn: each latest)
    if state.connected() { node.emit(values) }
  }

  /// The subscription the node keeps: cancelling it disconnects every source and breaks the cycles
  /// through this connection, so it is freed (after a settle already scheduled, which then does nothing).
  @inlinable var subscription: Subscription {
    Subscription { [self] in
      let sources = upstream
      upstream = []
      settleAction = nil
      state.disconnected()
      for source in sources { source.cancel() }
    }
  }

  @inlinable func subscribe<Value>(to source: Signal<Value>, storingIn cell: StateCell<Value?>) {
    upstream.append(
      source.subscribe { [self] value in
        let isFirst = cell.value == nil
        cell.value = value
        received(isFirstFromSource: isFirst)
      })
  }

  @inlinable func received(isFirstFromSource: Bool) {
    let graph = node.currentGraph
    switch state.received(isFirstFromSource: isFirstFromSource, inPropagation: graph.depth != 0) {
    case .emitNow:
      node.emit(values)
    case .settleLater:
      if let settleAction { graph.schedule(rank: node.rank, of: ObjectIdentifier(node), settleAction) }
    case .wait:
      break
    }
  }

  @inlinable func settle() {
    if state.settle() { node.emit(values) }
  }

  /// The latest value of every source; only called once each has one.
  @inlinable var values: (repeat each Source) {
    (repeat unwrapLatest(each latest))
  }
}

@inlinable func emptyCell<Value>(of type: Value.Type) -> StateCell<Value?> {
  StateCell(nil)
}

@inlinable func unwrapLatest<Value>(_ cell: StateCell<Value?>) -> Value {
  cell.value.unsafelyUnwrapped
}
