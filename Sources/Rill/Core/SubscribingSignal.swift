// The node of an operator that connects by subscribing upstream (a `combine` of seven or more or of a list, a
// `merge` of more than 4,095, `flatMap`, the async-sequence and `observing` signals, the store's pushed nodes): its
// `connect` closure and the subscription it returns live here, so that a node fed by edges (``ForwardingSignal``)
// pays no field for them.

/// A node connected to its upstreams by a subscription that its `connect` closure makes (see ``DerivedSignal``).
///
/// `connect` is built by the (inlinable) operator, so its forwarding code is specialized for the caller's types. It
/// never captures the node: an unsubscribed pipeline holds no cycle and is freed with its last reference.
/// Per-connection state lives in the closure's locals, dropped with the subscription it returns.
@usableFromInline
final class SubscribingSignal<Value>: DerivedSignal<Value> {
  /// The subscription to the upstream signals while connected.
  @usableFromInline @exclusivity(unchecked) final var upstream: Subscription?
  /// Connects this node upstream, returning the subscription that ends the connection. It captures the upstream
  /// signals; the `deinit` drops it first (a var, so it can), while ``DerivedSignal/firstUpstream`` still holds the
  /// first of them.
  @usableFromInline @exclusivity(unchecked) final var connect: (DerivedSignal<Value>) -> Subscription?
  /// The other upstream signals of a join (see ``otherUpstreams``) in one word: `nil` for a node with one upstream,
  /// the second upstream itself for a node with two (no block of its own), an ``UpstreamList`` for a node with more.
  @usableFromInline @exclusivity(unchecked) final var otherUpstreamStorage: AnyObject?

  /// A node fed by `upstreams`, whose graphs it joins, connected by `connect`. `switchesUpstream` is for a node
  /// that subscribes to further signals while connected (``subscribe(toInner:)``): its rank can rise.
  @usableFromInline init(
    upstreams: [AnyUpstream],
    kind: OperatorKind,
    replays: Bool? = nil,
    switchesUpstream: Bool = false,
    connect: @escaping (DerivedSignal<Value>) -> Subscription?
  ) {
    self.connect = connect
    switch upstreams.count {
    case 0, 1: otherUpstreamStorage = nil
    case 2: otherUpstreamStorage = upstreams[1].signal
    default: otherUpstreamStorage = UpstreamList.make(upstreams.dropFirst().map { $0.signal })
    }
    super.init(upstreams: upstreams, kind: kind, replays: replays, switchesUpstream: switchesUpstream)
  }

  /// Convenience for the common case of one upstream.
  @inlinable convenience init<Upstream>(
    _ upstream: Signal<Upstream>,
    kind: OperatorKind,
    connect: @escaping (DerivedSignal<Value>) -> Subscription
  ) {
    self.init(upstreams: [AnyUpstream(upstream)], kind: kind, connect: connect)
  }

  deinit {
    // Every reference upstream but the first goes here, before `DerivedSignal`'s `deinit` hands the first to the
    // release loop: a field is destroyed only after every `deinit` has run, and an upstream freed then would be
    // freed from inside this one (a chain of such nodes would recurse once per node).
    connect = { _ in preconditionFailure("Rill: a freed node was connected") }
    if otherUpstreamStorage != nil { otherUpstreamStorage = nil }
  }

  override var otherUpstreams: [AnyObject] {
    guard let storage = otherUpstreamStorage else { return [] }
    if let list = storage as? UpstreamList { return list.upstreams }
    return [storage]
  }

  override var isConnected: Bool { upstream != nil }

  @usableFromInline override func connectStep() {
    upstream = connect(self)
  }

  @usableFromInline override func takeSubscription() -> Subscription? {
    upstream.take()
  }
}
