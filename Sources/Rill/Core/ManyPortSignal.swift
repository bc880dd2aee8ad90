// The node of a join fed by three or more upstreams through edges (a `combine` of three to six, a `merge` of three
// or more): a join of two's node (`TwoPortSignal`) with more ports, one object with an edge in each upstream's
// slots.

/// A node fed by three to ``portLimit`` upstreams through edges: ports 0 and 1 as a ``TwoPortSignal``'s, and ports 2
/// and up (``ObserverSlot/lastPort`` at most), whose edges' tags name them (see ``ObserverSlot/edgeTag``).
///
/// A port from 2 on may take a type of its own (the third source of a `combine` of three), which the node's class
/// does not name: ``portStep`` takes the value by address, typed by the port (built, as every step, in the
/// operator's inlinable code, specialized for the caller's types and capturing nothing). A delivery along such an
/// edge calls it with the address of the value it delivers and the port (see
/// ``Signal/call(_:edgeTag:secondPorts:_:)``).
@usableFromInline
class ManyPortSignal<Input, Second, Value>: TwoPortSignal<Input, Second, Value> {
  /// The step of every port from 2 on, called with the node, the address of a value of the port's type and the
  /// port: it takes the value (read with ``JoinPort/value(at:as:)``). One closure for all of them, which tells the
  /// ports apart (a `merge`'s do the same at every port): a port keeps no closure of its own; the node's connect,
  /// built where the ports' types are known too, adds and removes their edges (``togglePort(_:as:)``). A `let`, at
  /// the same offset in every instantiation (see ``Signal/call(_:edgeTag:secondPorts:_:)``).
  @usableFromInline let portStep: (ReactiveNode, UnsafeRawPointer, Int) -> Void
  /// The ports from 2 on, port 2 first.
  @usableFromInline @exclusivity(unchecked) final var more: ContiguousArray<JoinPort>

  /// The most upstreams a join of edges takes: as many ports as an edge's tag can name.
  @inlinable static var portLimit: Int { ObserverSlot.lastPort + 1 }

  /// A join of `first`, `second` and `more` (ports 2 and up, in order), whose deliveries `receive`, `receiveSecond`
  /// and `portStep` take; `connect` runs its connect and its disconnect (it must call ``toggleAllEdges(_:)``). It
  /// replays when `replays` says, or, when `nil`, when an upstream does.
  @inlinable init(
    _ first: Signal<Input>,
    _ second: Signal<Second>,
    more: [AnyUpstream],
    kind: OperatorKind,
    replays: Bool? = nil,
    receive: @escaping (ForwardingSignal<Input, Value>, Input) -> Void,
    receiveSecond: @escaping (SecondPortSignal<Input, Second, Value>, Second) -> Void,
    portStep: @escaping (ReactiveNode, UnsafeRawPointer, Int) -> Void,
    connect: @escaping (DerivedSignal<Value>) -> Void
  ) {
    assert(more.count >= 1 && more.count + 2 <= Self.portLimit, "Rill: a join of edges takes 3 to 4,095 upstreams")
    self.more = ContiguousArray(more.map { JoinPort(upstream: $0.signal) })
    self.portStep = portStep
    super.init(
      first, second, kind: kind, replays: replays, receive: receive, receiveSecond: receiveSecond,
      moreUpstreams: more, connect: connect)
  }

  /// Adds the edge of `port` when it has none, replaying into the port, and removes it when it has one.
  @inlinable final func togglePort<PortValue>(_ port: Int, as type: PortValue.Type) {
    let index = port &- 2
    let upstream = unsafeDowncast(more[index].upstream, to: Signal<PortValue>.self)
    if more[index].slot < 0 {
      more[index].slot = upstream.slots.count  // before the edge's replay, which may compact
      #if DEBUG
        arrivingPort = port
      #endif
      upstream.addEdge(toPort: port, of: self) { value in withUnsafePointer(to: value) { portStep(self, $0, port) } }
    } else {
      let slot = more[index].slot
      more[index].slot = -1
      upstream.removeObserver(at: slot)
    }
  }

  /// Adds every edge when this node has none (its connect, in the order of the upstreams, each replaying into its
  /// port), removes them all when it has them (its disconnect): the first two here, then those of the ports from 2
  /// on, which `toggleMorePorts` toggles in order (``togglePort(_:as:)``, with each port's type).
  @inlinable @inline(__always) final func toggleAllEdges(_ toggleMorePorts: () -> Void) {
    if upstreamSlot < 0 {
      addFirstEdge()
      #if DEBUG
        arrivingPort = 1
      #endif
      addSecondEdge()
    } else {
      removeFirstEdge()
      removeSecondEdge()
    }
    toggleMorePorts()
  }

  @usableFromInline final override func morePortSlotMoved(to index: Int, port: Int) {
    more[port &- 2].slot = index
  }

  @usableFromInline final override func upstream(atPort port: Int) -> AnyObject {
    port < 2 ? super.upstream(atPort: port) : more[port &- 2].upstream
  }

  override var otherUpstreams: [AnyObject] { [second] + more.map(\.upstream) }
}

/// A port from 2 on of a ``ManyPortSignal``: its upstream, held by the node, and the slot of its edge there while
/// connected (-1 otherwise; kept up to date by the upstream's compaction).
@usableFromInline
struct JoinPort {
  @usableFromInline let upstream: ReactiveNode
  @usableFromInline var slot = -1

  @inlinable init(upstream: ReactiveNode) {
    self.upstream = upstream
  }

  /// The value at `address`, which a port's step was called with: a `Value` (the port's type).
  @inlinable @inline(__always) static func value<Value>(at address: UnsafeRawPointer, as type: Value.Type) -> Value {
    address.assumingMemoryBound(to: Value.self).pointee
  }
}
