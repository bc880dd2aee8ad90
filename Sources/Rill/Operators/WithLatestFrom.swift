extension Signal {
  /// Emits `transform(value, latestOther)` each time this signal emits, once `other` has a value.
  ///
  /// Values of `other` are only remembered; they never cause an emission. Like ``combine(_:)``, it is
  /// glitch-free (rule 6): when this signal and `other` change in the same propagation, it emits once,
  /// after both have settled, with the new value of `other`. Replays its last result when this signal
  /// replays.
  ///
  /// ```swift
  /// let submit = Subject<Void>()
  /// let text = CurrentValueSubject("")
  /// let submitted = submit.withLatestFrom(text) { _, text in text }
  /// let subscription = submitted.subscribe { print("submit", $0) }
  /// text.value = "hello"; submit.send()   // prints "submit hello"
  /// ```
  @inlinable
  public func withLatestFrom<Other, Result>(
    _ other: Signal<Other>,
    _ transform: @escaping (Value, Other) -> Result
  ) -> Signal<Result> {
    DerivedSignal(upstreams: [AnyUpstream(self), AnyUpstream(other)], replays: isReplaying) { node in
      WithLatestFromConnection(node: node, primary: self, other: other, transform: transform).subscription
    }
  }

  /// Pairs each value of this signal with the latest value of `other`, once `other` has one.
  ///
  /// See ``withLatestFrom(_:_:)``.
  ///
  /// ```swift
  /// let clicks = Subject<Int>()
  /// let mode = CurrentValueSubject("draw")
  /// let subscription = clicks.withLatestFrom(mode).subscribe { print($0) }
  /// clicks.send(1)   // prints (1, "draw")
  /// ```
  @inlinable
  public func withLatestFrom<Other>(_ other: Signal<Other>) -> Signal<(Value, Other)> {
    withLatestFrom(other) { ($0, $1) }
  }
}

/// One connection of a `withLatestFrom` node.
@usableFromInline
final class WithLatestFromConnection<Primary, Other, Result> {
  @usableFromInline let node: DerivedSignal<Result>
  @usableFromInline let transform: (Primary, Other) -> Result
  @usableFromInline @exclusivity(unchecked) var primary: Primary?
  @usableFromInline @exclusivity(unchecked) var other: Other?
  /// Whether `primary` arrived since the last emission: only it triggers one.
  @usableFromInline @exclusivity(unchecked) var primaryIsFresh = false
  @usableFromInline @exclusivity(unchecked) var state = CombineState(sourceCount: 2)
  @usableFromInline @exclusivity(unchecked) var upstream: [Subscription] = []
  @usableFromInline @exclusivity(unchecked) var settleAction: (() -> Void)? = nil

  @inlinable init(
    node: DerivedSignal<Result>,
    primary primarySignal: Signal<Primary>,
    other otherSignal: Signal<Other>,
    transform: @escaping (Primary, Other) -> Result
  ) {
    self.node = node
    self.transform = transform
    settleAction = { [self] in settle() }
    upstream.append(
      otherSignal.subscribe { [self] value in
        let isFirst = other == nil
        other = value
        if isFirst { received(isFirstFromSource: true) }
      })
    upstream.append(
      primarySignal.subscribe { [self] value in
        let isFirst = primary == nil
        primary = value
        primaryIsFresh = true
        received(isFirstFromSource: isFirst)
      })
    if state.connected() { emitIfFresh() }
  }

  @inlinable var subscription: Subscription {
    Subscription { [self] in
      let sources = upstream
      upstream = []
      settleAction = nil
      for source in sources { source.cancel() }
    }
  }

  @inlinable func received(isFirstFromSource: Bool) {
    let graph = node.currentGraph
    switch state.received(isFirstFromSource: isFirstFromSource, inPropagation: graph.depth != 0) {
    case .emitNow:
      emitIfFresh()
    case .settleLater:
      if let settleAction { graph.schedule(rank: node.rank, settleAction) }
    case .wait:
      break
    }
  }

  @inlinable func settle() {
    if state.settle() && settleAction != nil { emitIfFresh() }
  }

  @inlinable func emitIfFresh() {
    guard primaryIsFresh, let primary, let other else { return }
    primaryIsFresh = false
    node.emit(transform(primary, other))
  }
}
