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
public final class CurrentValueSubject<Value>: _TrackedSignal<Value> {
  @usableFromInline @exclusivity(unchecked) var current: Value

  /// Creates a subject whose current value is `initial`.
  public init(_ initial: Value) {
    current = initial
    super.init(graph: .unassigned, rank: 0)
  }

  /// The current value. Setting it delivers the new value to every observer, in subscription order.
  ///
  /// Read inside a ``Computed``'s closure or an ``effect(_:)``, it is a dependency of that computation: every
  /// value set (equal or not) makes it run again.
  @inlinable public var value: Value {
    // Always inlined: the report to Observation (out of line) made the inliner leave it out of a reader's closure,
    // a call per read (callgrind's kairo_mux, +2.6%).
    @inline(__always) get {
      if has(ReactiveFlags.isTrackedSource) {
        noteRead(orReportToObservation: true)
      } else if _slowPath(isComputationRunning) {
        noteTrackedRead()
      }
      return current
    }
    set { send(newValue) }
  }

  /// Makes `value` the current value and delivers it to every observer.
  ///
  /// Sending from inside a ``Computed``'s closure, once a computation has read this subject's value, stops the
  /// program: a computation must not write.
  @inlinable public func send(_ value: Value) {
    // Only a value some computation has read can be written from one that matters: its check is out of line.
    if _slowPath(has(ReactiveFlags.isTrackedSource)) && sendIsQueuedBehindAnEffect(value) { return }
    guard startPropagation() else {
      currentGraph.enqueue { [self] in
        current = value
        if has(ReactiveFlags.isTrackedSource) { sourceChanged() }
        deliver(value)
      }
      return
    }
    current = value
    if _slowPath(has(ReactiveFlags.isTrackedSource)) { sourceChanged() }  // out of line: a send stays small
    deliverAsRootSend(value)
    finishPropagation()
  }

  /// A send of a value computations read: stops the program if a computed's closure runs on this thread; queues
  /// the send behind the propagation of an effect running on this thread, in another graph (rule 14), and returns
  /// true; otherwise returns false, and the send goes ahead. Out of line, and unspecialized: kept off the path of
  /// every other send.
  @usableFromInline final func sendIsQueuedBehindAnEffect(_ value: Value) -> Bool {
    guard isComputationRunning, let effectGraph = checkWriteFromComputation(to: "a CurrentValueSubject", of: self),
      effectGraph !== currentGraph
    else { return false }
    effectGraph.enqueue { [self] in send(value) }
    return true
  }

  /// Records the first read of ``value`` by a computation: from now on this subject is a source of the tracked graph
  /// (see ``ReactiveNode/becomeTrackedSource()``). Only a computation running on this thread makes the read tracked:
  /// one running on another thread (the count said one runs somewhere) changes nothing here.
  @usableFromInline final func noteTrackedRead() {
    guard isTrackingOnThisThread else { return }
    becomeTrackedSource()
    noteRead()
  }

  override var liveKind: NodeKind { .currentValueSubject }

  @usableFromInline override var isReplaying: Bool { true }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    observer(current)
  }
}
