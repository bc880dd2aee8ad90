/// An observer's closure, boxed so that a delivery can call it without retaining it (see ``Signal/deliver(_:)``).
@usableFromInline
class Observer<Value> {
  @usableFromInline final let receive: (Value) -> Void

  @inlinable init(_ receive: @escaping (Value) -> Void) {
    self.receive = receive
  }
}

/// The observer of a node that a signal feeds (an operator's node, a computed following a signal, the store's
/// per-id index): it says which, so that a walk of the live graph (``Signal/liveGraph()``) can find the edge from
/// the signal's side. Made by ``Signal/subscribe(feeding:_:)``; a user's observer is a plain ``Observer``, so a
/// subscriber pays nothing for it.
@usableFromInline
final class NodeObserver<Value>: Observer<Value> {
  /// The node fed. Not retained: the observer's closure keeps it (or the node cancels this observer before it
  /// goes), and only a live observer's node is read.
  @usableFromInline unowned(unsafe) let node: AnyObject

  @inlinable init(_ receive: @escaping (Value) -> Void, feeding node: AnyObject) {
    self.node = node
    super.init(receive)
  }
}

/// One observer and what ends it. A plain value: copying or moving a slot retains nothing.
///
/// A slot is one of two kinds. A subscriber's, or a node's made by ``Signal/subscribe(feeding:_:)``, holds an
/// ``Observer`` and the ``Subscription`` that ends it. An *edge* to a node fed by edges (``ForwardingSignal``: `map`,
/// `filter`, …; ``TwoPortSignal``: a join of two) holds the node itself and, where a subscription goes, the
/// node's *port* the edge feeds, as a small tag (``edgeTag``): the node is called through the port's stored step,
/// and keeps its slot's index itself — no object between the two nodes.
@usableFromInline
struct ObserverSlot {
  /// The ``Observer``, or for an edge the node, owned (retained once) by the slot; `nil` once cancelled (a
  /// tombstone).
  @usableFromInline var observer: Unmanaged<AnyObject>?
  /// For an edge, no subscription but its port's tag (``edgeTag``: `nil` for the first port). Not retained, and
  /// never retained while in use: a subscription removes its slot before it is freed, or, freed on another thread,
  /// posts the slot's index under the lock that compaction holds, which then moves the index in the inbox instead of
  /// touching the subscription; compaction touches only live slots.
  ///
  /// Unmanaged, not `unowned(unsafe)`: reading an `unowned(unsafe)` reference makes a strong one (an unoptimized
  /// build retains and releases it). A subscription that another thread is releasing at that moment would then
  /// be freed by that release, in compaction, on the signal's thread, under the inbox lock: its deinit removed
  /// its observer, compacted again and waited forever for the lock it held.
  @usableFromInline let subscription: Unmanaged<Subscription>?

  @inlinable init<Value>(observer: Observer<Value>, subscription: Subscription) {
    self.observer = .passRetained(observer)
    self.subscription = .passUnretained(subscription)
  }

  @inlinable init(observer: Unmanaged<AnyObject>?, subscription: Unmanaged<Subscription>?) {
    self.observer = observer
    self.subscription = subscription
  }

  /// Not a slot: what a signal with no slots holds inline where its first slot goes (see ``ObserverSlots``). Its
  /// subscription is an address no object has (1), never read.
  @inlinable static var absent: ObserverSlot {
    ObserverSlot(observer: nil, subscription: .fromOpaque(UnsafeRawPointer(bitPattern: 1).unsafelyUnwrapped))
  }

  /// Whether this is ``absent``: no slot, rather than a live one or a tombstone.
  @inlinable var isAbsent: Bool {
    UInt(bitPattern: subscription?.toOpaque()) == 1
  }

  /// The slot of an edge to `node`'s port `port` (0 for a forwarding node's one upstream; 0 or 1 for a
  /// ``TwoPortSignal``'s, up to ``lastPort`` for a ``ManyPortSignal``'s), which owns the node (one retain).
  @inlinable init(edgeTo node: ReactiveNode, port: Int = 0) {
    assert(port >= 0 && port <= Self.lastPort, "Rill: no tag for an edge to port \(port)")
    observer = .passRetained(node)
    subscription = port == 0 ? nil : .fromOpaque(UnsafeRawPointer(bitPattern: UInt(port) + 1).unsafelyUnwrapped)
  }

  /// The port an edge whose tag is `tag` feeds.
  @inlinable @inline(__always) static func port(ofTag tag: UInt) -> Int {
    tag == 0 ? 0 : Int(tag) - 1
  }

  /// The highest port an edge can feed: its tag (the port + 1 from port 1 on) is at most ``lastEdgeTag``.
  @inlinable static var lastPort: Int { Int(lastEdgeTag) - 1 }

  /// The bits of the subscription word: an edge's port tag (0 for the first port, ``secondPortTag`` for the
  /// second, one more for each port after), or a subscription's address, or 1 for ``absent``.
  @inlinable var edgeTag: UInt {
    @inline(__always) get { UInt(bitPattern: subscription?.toOpaque()) }
  }

  /// The tag of an edge to a node's second port. Every tag is at most ``lastEdgeTag``, which no object's address is.
  @inlinable static var secondPortTag: UInt { 2 }

  /// The highest tag an edge has: below 4,096, the first page of memory, which is never mapped, so no object's
  /// address (a subscription's, in a subscriber's slot) is a tag.
  @inlinable static var lastEdgeTag: UInt { 4095 }

  /// Whether a slot whose subscription word holds `tag` is an edge.
  @inlinable @inline(__always) static func isEdge(tag: UInt) -> Bool {
    tag <= lastEdgeTag && tag != 1
  }

  /// Whether this slot is an edge (to either port of its node).
  @inlinable var isEdge: Bool { Self.isEdge(tag: edgeTag) }

  /// Tells the subscription, or the node of an edge, the slot's new index, without retaining either.
  @inlinable func setIndex(_ index: Int) {
    let tag = edgeTag
    if Self.isEdge(tag: tag) {
      observer.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: ReactiveNode.self).edgeSlotMoved(to: index, port: Self.port(ofTag: tag))
      }
    } else {
      subscription.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.index = index }
    }
  }
}
