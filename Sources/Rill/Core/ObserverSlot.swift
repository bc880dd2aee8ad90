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
/// ``Observer`` and the ``Subscription`` that ends it. An *edge* to a forwarding node (``ForwardingSignal``: `map`,
/// `filter`, …) holds the node itself and no subscription: the node is called through its stored step, and keeps
/// its slot's index itself — no object between the two nodes.
@usableFromInline
struct ObserverSlot {
  /// The ``Observer``, or for an edge the node, owned (retained once) by the slot; `nil` once cancelled (a
  /// tombstone).
  @usableFromInline var observer: Unmanaged<AnyObject>?
  /// `nil` for an edge. Not retained, and never retained while in use: a subscription removes its slot before it
  /// is freed, or, freed on another thread, posts the slot's index under the lock that compaction holds, which
  /// then moves the index in the inbox instead of touching the subscription; compaction touches only live slots.
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

  /// The slot of an edge to `node`.
  @inlinable init(edgeTo node: ReactiveNode) {
    observer = .passRetained(node)
    subscription = nil
  }

  /// Tells the subscription, or the node of an edge, the slot's new index, without retaining either.
  @inlinable func setIndex(_ index: Int) {
    if let subscription {
      subscription._withUnsafeGuaranteedRef { $0.index = index }
    } else {
      observer.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: ReactiveNode.self).edgeSlotMoved(to: index)
      }
    }
  }
}
