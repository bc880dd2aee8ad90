extension Signal {
  /// Calls the closures you give at the events of this signal's connection: when it connects upstream (its first
  /// observer subscribes, or one subscribes again after the last left), at each value, and when it disconnects
  /// (its last observer leaves). Passes every value on unchanged.
  ///
  /// The closures run once per event for all the observers (the node connects once, whatever their number), in
  /// the signal's isolation domain. A replaying signal's value on connection is a value like any other: it comes
  /// right after `receiveSubscription`. Nothing runs while nobody observes.
  ///
  /// ```swift
  /// let clicks = Subject<Int>()
  /// let logged = clicks.handleEvents(
  ///   receiveSubscription: { print("connected") },
  ///   receiveOutput: { print("value \($0)") },
  ///   receiveCancel: { print("disconnected") })
  /// let subscription = logged.subscribe { _ in }   // prints "connected"
  /// clicks.send(5)                                 // prints "value 5"
  /// subscription.cancel()                          // prints "disconnected"
  /// ```
  ///
  /// Combine's `handleEvents`, without completion and demand (a signal has neither); RxSwift's `do(onNext:
  /// onSubscribe:onDispose:)`.
  ///
  /// - Complexity: O(1) per value, plus `receiveOutput`.
  @inlinable
  public func handleEvents(
    receiveSubscription: (() -> Void)? = nil,
    receiveOutput: ((Value) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil
  ) -> Signal<Value> {
    handleEvents(
      kind: .handleEvents, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCancel: receiveCancel)
  }

  /// The node of ``handleEvents(receiveSubscription:receiveOutput:receiveCancel:)``, as an operator of `kind`.
  @inlinable
  func handleEvents(
    kind: OperatorKind,
    receiveSubscription: (() -> Void)?,
    receiveOutput: ((Value) -> Void)?,
    receiveCancel: (() -> Void)?
  ) -> Signal<Value> {
    HandleEventsSignal(
      self, kind: kind, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCancel: receiveCancel)
  }
}

/// The node of ``Signal/handleEvents(receiveSubscription:receiveOutput:receiveCancel:)`` (and of `print`).
@usableFromInline
final class HandleEventsSignal<Value>: StatefulForwardingSignal<Value, Value> {
  @usableFromInline let receiveSubscription: (() -> Void)?
  @usableFromInline let receiveOutput: ((Value) -> Void)?
  @usableFromInline let receiveCancel: (() -> Void)?

  @inlinable init(
    _ upstream: Signal<Value>,
    kind: OperatorKind,
    receiveSubscription: (() -> Void)?,
    receiveOutput: ((Value) -> Void)?,
    receiveCancel: (() -> Void)?
  ) {
    self.receiveSubscription = receiveSubscription
    self.receiveOutput = receiveOutput
    self.receiveCancel = receiveCancel
    super.init(upstream, kind: kind, forwards: false) { node, value in
      let node = unsafeDowncast(node, to: HandleEventsSignal<Value>.self)
      node.receiveOutput?(value)
      node.emit(value)
    } connect: { node in
      let node = unsafeDowncast(node, to: HandleEventsSignal<Value>.self)
      if node.upstreamSlot < 0 {
        node.receiveSubscription?()
        return node.toggleEdge()
      }
      node.toggleEdge()
      node.receiveCancel?()
    }
  }
}
