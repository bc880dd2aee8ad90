extension Signal {
  /// Gives each new subscriber `values` first, then whatever this signal emits.
  ///
  /// Each new subscriber gets the whole prefix inside `subscribe`, then — when this signal replays —
  /// its current value (the last value emitted), then every later value. So `prepend` makes any signal
  /// replay: a `Subject` with a prefix gives each new subscriber the prefix.
  ///
  /// ```swift
  /// let query = Subject<String>()
  /// let searches = query.prepend("")
  /// let subscription = searches.subscribe { print("search '\($0)'") }   // prints "search ''"
  /// query.send("swift")                                                // prints "search 'swift'"
  /// ```
  ///
  /// - Complexity: O(prefix length) per new subscriber; O(1) per value.
  @inlinable
  public func prepend(_ values: Value...) -> Signal<Value> {
    prepend(contentsOf: values)
  }

  /// Gives each new subscriber the elements of `values` first, then whatever this signal emits.
  ///
  /// `values` is copied once, when `prepend(contentsOf:)` is called. See ``prepend(_:)``.
  ///
  /// ```swift
  /// let moves = Subject<Int>()
  /// let subscription = moves.prepend(contentsOf: 1...3).subscribe { print($0) }   // prints 1, 2, 3
  /// moves.send(4)                                                                 // prints 4
  /// ```
  ///
  /// - Complexity: O(prefix length) per new subscriber; O(1) per value.
  @inlinable
  public func prepend<Prefix: Sequence<Value>>(contentsOf values: Prefix) -> Signal<Value> {
    PrependSignal(self, prefix: ContiguousArray(values))
  }
}

/// A node that hands its prefix to each new observer before the usual replay.
@usableFromInline
final class PrependSignal<Value>: ForwardingSignal<Value, Value> {
  @usableFromInline let prefix: ContiguousArray<Value>

  @inlinable init(_ upstream: Signal<Value>, prefix: ContiguousArray<Value>) {
    self.prefix = prefix
    super.init(upstream, kind: .prepend) { node, value in node.emit(value) }
  }

  @usableFromInline override var isReplaying: Bool { true }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    for value in prefix { observer(value) }
    super.observerAdded(observer, isFirst: isFirst)
  }
}
