/// A signal you send values into by hand. It remembers nothing: a new subscriber hears only the
/// values sent after it subscribed.
///
/// ```swift
/// let taps = Subject<String>()
/// let subscription = taps.subscribe { print("tap", $0) }
/// taps.send("a")   // prints "tap a"
/// ```
///
/// A value sent while a delivery is in progress in the same signal graph (from inside an observer)
/// is queued and delivered after the current propagation completes, first in first out (rule 5).
///
/// - Complexity: ``send(_:)`` is O(observers) and allocates nothing unless it has to be queued.
public final class Subject<Value>: Signal<Value> {
  /// Creates a subject with no observers.
  public init() {
    super.init(graph: .unassigned, rank: 0)
  }

  override var liveKind: NodeKind { .subject }

  /// Delivers `value` to every observer, in subscription order.
  @inlinable public func send(_ value: Value) {
    guard startPropagation() else {
      currentGraph.enqueue { [self] in deliver(value) }
      return
    }
    deliverAsRootSend(value)
    finishPropagation()
  }
}

extension Subject where Value == Void {
  /// Delivers `()` to every observer.
  @inlinable public func send() {
    send(())
  }
}
