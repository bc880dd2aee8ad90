/// A signal whose values its owner pushes from inside the propagations of the graph it joins.
///
/// For the store's per-id observation (module `RillStore`): one node per observed id, fed by an index that
/// hears each new state once and calls ``emit(_:)`` only on the nodes of the ids that changed, so a
/// dispatch costs the changed ids, not the number of observers. The node is an ordinary derived node of
/// `upstream`'s graph, one rank below it: a `combine` of two such nodes emits once per propagation
/// (rule 6), and a send from one of its observers is queued (rule 5).
///
/// `connect` runs when the node gets its first observer: it registers the handle with the owner and must
/// emit the current value at once when `upstream` replays (that is the first observer's replay); the
/// subscription it returns is cancelled when the last observer leaves (rule 7). Later observers get the
/// last value emitted.
@usableFromInline
package struct PushedSignal<Value> {
  @usableFromInline let node: DerivedSignal<Value>

  @inlinable init(node: DerivedSignal<Value>) {
    self.node = node
  }

  /// Makes a node that joins `upstream`'s graph and is connected by `connect`; the live graph shows it as `kind`.
  @inlinable
  package static func make<Upstream>(
    joining upstream: Signal<Upstream>,
    kind: OperatorKind = .pushed,
    connect: @escaping (PushedSignal<Value>) -> Subscription
  ) -> Signal<Value> {
    SubscribingSignal(upstreams: [AnyUpstream(upstream)], kind: kind) { node in connect(PushedSignal(node: node)) }
  }

  /// The node, as a signal.
  @inlinable package var signal: Signal<Value> { node }

  /// Delivers `value` to the node's observers now, remembering it for later observers. Call it only from
  /// inside a delivery of `upstream`'s graph, or from `connect`.
  @inlinable package func emit(_ value: Value) {
    node.emit(value)
  }
}
