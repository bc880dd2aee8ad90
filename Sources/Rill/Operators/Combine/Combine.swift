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
  let sourceCount = upstreams.count
  // Everything that touches the values is built here, in closures, so that it is specialized with this
  // function for the caller's types; only the decisions, which know no types, live in CombineConnection.
  return DerivedSignal(upstreams: upstreams) { node in
    let latest = (repeat emptyCell(of: (each Source).self))
    let connection = CombineConnection(sourceCount: sourceCount)
    let emit = { node.emit((repeat unwrapLatest(each latest))) }
    // A cycle through the connection while it is connected (a scheduled settle keeps it alive); broken by
    // the cancel, which drops this closure.
    connection.settleAction = {
      if connection.state.settle() { emit() }
    }
    repeat connection.upstream.append(
      (each sources).subscribe(combineObserver(storingIn: each latest, connection, node, emit)))
    if connection.state.connected() { emit() }
    return connection.subscription
  }
}

/// Combines the latest values of two signals into pairs.
///
/// The same operator as ``combine(_:)``, with the same semantics (glitch-free, replay once both have a
/// value); this fixed-arity form is chosen for two sources because the compiler specializes it for the
/// caller's types, which it does not do for code inside a parameter pack's `repeat` expansion.
///
/// ```swift
/// let count = CurrentValueSubject(1)
/// let name = CurrentValueSubject("a")
/// let subscription = combine(count, name).subscribe { print($0, $1) }   // prints 1 a
/// ```
///
/// - Complexity: O(1) per emission.
@inlinable
public func combine<A, B>(_ a: Signal<A>, _ b: Signal<B>) -> Signal<(A, B)> {
  DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b)]) { node in
    let latestA = StateCell<A?>(nil)
    let latestB = StateCell<B?>(nil)
    return CombineConnection.connect(sourceCount: 2) {
      node.emit((latestA.value.unsafelyUnwrapped, latestB.value.unsafelyUnwrapped))
    } subscribe: { connection, emit in
      connection.upstream.append(a.subscribe(combineObserver(storingIn: latestA, connection, node, emit)))
      connection.upstream.append(b.subscribe(combineObserver(storingIn: latestB, connection, node, emit)))
    }
  }
}

/// Combines the latest values of three signals into triples.
///
/// The same operator as ``combine(_:)``, with the same semantics; this fixed-arity form is chosen for
/// three sources because the compiler specializes it for the caller's types.
///
/// - Complexity: O(1) per emission.
@inlinable
public func combine<A, B, C>(_ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>) -> Signal<(A, B, C)> {
  DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b), AnyUpstream(c)]) { node in
    let latestA = StateCell<A?>(nil)
    let latestB = StateCell<B?>(nil)
    let latestC = StateCell<C?>(nil)
    return CombineConnection.connect(sourceCount: 3) {
      node.emit((latestA.value.unsafelyUnwrapped, latestB.value.unsafelyUnwrapped, latestC.value.unsafelyUnwrapped))
    } subscribe: { connection, emit in
      connection.upstream.append(a.subscribe(combineObserver(storingIn: latestA, connection, node, emit)))
      connection.upstream.append(b.subscribe(combineObserver(storingIn: latestB, connection, node, emit)))
      connection.upstream.append(c.subscribe(combineObserver(storingIn: latestC, connection, node, emit)))
    }
  }
}

/// The observer of one source of a `combine`: records the value, then emits or schedules a settle as the
/// connection decides.
@inlinable
func combineObserver<Value, Output>(
  storingIn cell: StateCell<Value?>,
  _ connection: CombineConnection,
  _ node: DerivedSignal<Output>,
  _ emit: @escaping () -> Void
) -> (Value) -> Void {
  { value in
    let isFirst = cell.value == nil
    cell.value = value
    let graph = node.currentGraph
    switch connection.state.received(isFirstFromSource: isFirst, inPropagation: graph.depth != 0) {
    case .emitNow:
      emit()
    case .settleLater:
      if let settle = connection.settleAction { graph.schedule(rank: node.rank, of: ObjectIdentifier(node), settle) }
    case .wait:
      break
    }
  }
}

/// One connection of a `combine` node, apart from its values: when to emit, and the subscriptions to the
/// sources.
@usableFromInline
final class CombineConnection {
  @usableFromInline @exclusivity(unchecked) var state: CombineState
  @usableFromInline @exclusivity(unchecked) var upstream: [Subscription] = []
  /// Emits the latest values if the settle is still wanted; `nil` once disconnected.
  @usableFromInline @exclusivity(unchecked) var settleAction: (() -> Void)? = nil

  @inlinable init(sourceCount: Int) {
    state = CombineState(sourceCount: sourceCount)
  }

  /// Connects a fixed-arity `combine`: `subscribe` subscribes to each source with a
  /// ``combineObserver(storingIn:_:_:_:)``, then the node emits if every source replayed. `emit` emits
  /// the latest values (only called once every source has one).
  @inlinable static func connect(
    sourceCount: Int,
    emit: @escaping () -> Void,
    subscribe: (CombineConnection, @escaping () -> Void) -> Void
  ) -> Subscription {
    let connection = CombineConnection(sourceCount: sourceCount)
    // A cycle through the connection while it is connected (a scheduled settle keeps it alive); broken by
    // the cancel, which drops this closure.
    connection.settleAction = {
      if connection.state.settle() { emit() }
    }
    subscribe(connection, emit)
    if connection.state.connected() { emit() }
    return connection.subscription
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
}

@inlinable func emptyCell<Value>(of type: Value.Type) -> StateCell<Value?> {
  StateCell(nil)
}

@inlinable func unwrapLatest<Value>(_ cell: StateCell<Value?>) -> Value {
  cell.value.unsafelyUnwrapped
}
