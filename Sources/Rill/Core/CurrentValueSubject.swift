/// A signal that holds a current value, delivers it to each new subscriber at once, and delivers
/// every new value to all subscribers.
///
/// Setting ``value`` sends it. Subscribing calls the observer with the current value before
/// `subscribe` returns (rule 2), so a view built on it is never empty.
///
/// ```swift
/// let credit = CurrentValueSubject(0)
/// let subscription = credit.subscribe { print("credit", $0) }   // prints "credit 0"
/// credit.value += 5                                             // prints "credit 5"
/// ```
///
/// Setting the value from inside an observer of the same signal graph is queued like any send
/// (rule 5): the assignment takes effect, and `value` reads the new value, when its turn comes after
/// the propagation in progress. So a subscriber that joins in between is never told a value twice.
public final class CurrentValueSubject<Value>: Signal<Value> {
  @usableFromInline @exclusivity(unchecked) var current: Value

  /// Creates a subject whose current value is `initial`.
  public init(_ initial: Value) {
    current = initial
    super.init(graph: Graph(), rank: 0)
  }

  /// The current value. Setting it delivers the new value to every observer, in subscription order.
  @inlinable public var value: Value {
    get { current }
    set { send(newValue) }
  }

  /// Makes `value` the current value and delivers it to every observer.
  @inlinable public func send(_ value: Value) {
    guard startPropagation() else {
      currentGraph.enqueue { [self] in
        current = value
        deliver(value)
      }
      return
    }
    current = value
    deliverAsRootSend(value)
    finishPropagation()
  }

  @usableFromInline override var isReplaying: Bool { true }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    observer(current)
  }
}
