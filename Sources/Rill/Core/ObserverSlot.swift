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

/// One observer and the subscription that can end it. A plain value: copying or moving a slot retains nothing.
@usableFromInline
struct ObserverSlot<Value> {
  /// The observer, owned (retained once) by the slot, or `nil` once cancelled (a tombstone).
  @usableFromInline var observer: Unmanaged<Observer<Value>>?
  /// Not retained, and never retained while in use: a subscription removes its slot before it is freed, or,
  /// freed on another thread, posts the slot's index under the lock that compaction holds, which then moves
  /// the index in the inbox instead of touching the subscription; compaction touches only live slots.
  ///
  /// Unmanaged, not `unowned(unsafe)`: reading an `unowned(unsafe)` reference makes a strong one (an unoptimized
  /// build retains and releases it). A subscription that another thread is releasing at that moment would then
  /// be freed by that release, in compaction, on the signal's thread, under the inbox lock: its deinit removed
  /// its observer, compacted again and waited forever for the lock it held.
  @usableFromInline let subscription: Unmanaged<Subscription>

  @inlinable init(observer: Observer<Value>, subscription: Subscription) {
    self.observer = .passRetained(observer)
    self.subscription = .passUnretained(subscription)
  }

  /// Tells the subscription its slot's new index, without retaining it (see ``subscription``).
  @inlinable func setIndex(_ index: Int) {
    subscription._withUnsafeGuaranteedRef { $0.index = index }
  }
}
