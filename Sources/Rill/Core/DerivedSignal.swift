/// The node every operator returns: a signal that connects to its upstream signals when it gets its
/// first observer and disconnects when its last observer leaves (rule 7).
///
/// An operator describes itself with a `connect` closure: given the node, it subscribes to the upstream
/// signals and returns the subscription that ends that connection. The closure is built by the
/// (inlinable) operator, so its forwarding code is specialized for the caller's types. It captures the
/// upstream signals, never the node, so an unsubscribed pipeline holds no cycle and is freed with its
/// last reference.
///
/// Each connection starts afresh: per-connection state (a `scan` accumulator, a `take` count, a
/// `combine`'s latest values) lives in the `connect` closure's locals and is dropped on disconnect.
///
/// A node derived from a replaying signal caches the last value it emitted and gives it to each new
/// observer (rule 2). The first observer needs no cache: connecting makes the upstream replay, and that
/// value flows through the node to it.
@usableFromInline
class DerivedSignal<Value>: Signal<Value> {
  /// Whether this node caches its last value for new observers (some upstream replays).
  @usableFromInline let replays: Bool
  /// The last value emitted while connected, kept only when `replays`.
  @usableFromInline @exclusivity(unchecked) final var latest: Value?
  /// The subscription to the upstream signals while connected.
  @usableFromInline @exclusivity(unchecked) final var upstream: Subscription?
  @usableFromInline let connect: (DerivedSignal<Value>) -> Subscription

  /// A node fed by `upstreams`, whose graphs it joins.
  @usableFromInline init(
    upstreams: [AnyUpstream],
    replays: Bool? = nil,
    connect: @escaping (DerivedSignal<Value>) -> Subscription
  ) {
    var graph = upstreams.first?.graph ?? Graph()
    for other in upstreams.dropFirst() { graph = graph.union(other.graph) }
    self.replays = replays ?? upstreams.contains { $0.replays }
    self.connect = connect
    super.init(graph: graph, rank: 1 + (upstreams.map(\.rank).max() ?? 0))
  }

  /// Convenience for the common case of one upstream.
  @inlinable convenience init<Upstream>(
    _ upstream: Signal<Upstream>,
    connect: @escaping (DerivedSignal<Value>) -> Subscription
  ) {
    self.init(upstreams: [AnyUpstream(upstream)], connect: connect)
  }

  /// Delivers `value` to this node's observers, remembering it for replay when the node replays.
  @inlinable final func emit(_ value: Value) {
    if replays { latest = value }
    deliver(value)
  }

  /// Ends the upstream connection early (as `take` does when it has had enough), keeping the
  /// observers and the replay cache.
  @usableFromInline final func disconnectUpstream() {
    upstream?.cancel()
    upstream = nil
  }

  @usableFromInline override var isReplaying: Bool { replays }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    if isFirst {
      upstream = connect(self)
    } else if let latest {
      observer(latest)
    }
  }

  @usableFromInline override func lastObserverRemoved() {
    let connection = upstream
    upstream = nil
    latest = nil
    connection?.cancel()
  }
}

/// What a node needs to know about an upstream signal of any value type.
@usableFromInline
struct AnyUpstream {
  @usableFromInline let graph: Graph
  @usableFromInline let rank: Int
  @usableFromInline let replays: Bool

  @inlinable init<Value>(_ signal: Signal<Value>) {
    graph = signal.currentGraph
    rank = signal.rank
    replays = signal.isReplaying
  }
}
