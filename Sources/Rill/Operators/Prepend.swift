extension Signal {
  /// Gives each new subscriber `values` first, then whatever this signal emits.
  ///
  /// The prefix is delivered to every subscriber, inside `subscribe`, followed by the upstream's
  /// replayed value (if it replays) and then its later values. So `prepend` makes any signal replay:
  /// a `Subject` with a prefix gives new subscribers the prefix.
  ///
  /// ```swift
  /// let query = Subject<String>()
  /// let searches = query.prepend("")
  /// let subscription = searches.subscribe { print("search '\($0)'") }   // prints "search ''"
  /// query.send("swift")                                                // prints "search 'swift'"
  /// ```
  @inlinable
  public func prepend(_ values: Value...) -> Signal<Value> {
    prepend(contentsOf: values)
  }

  /// Gives each new subscriber the elements of `values` first, then whatever this signal emits.
  ///
  /// See ``prepend(_:)``.
  @inlinable
  public func prepend<Prefix: Sequence<Value>>(contentsOf values: Prefix) -> Signal<Value> {
    PrependSignal(self, prefix: ContiguousArray(values))
  }
}

/// A node that hands its prefix to each new observer before the usual replay.
@usableFromInline
final class PrependSignal<Value>: DerivedSignal<Value> {
  @usableFromInline let prefix: ContiguousArray<Value>

  @inlinable init(_ upstream: Signal<Value>, prefix: ContiguousArray<Value>) {
    self.prefix = prefix
    super.init(upstreams: [AnyUpstream(upstream)]) { node in
      upstream.subscribe { node.emit($0) }
    }
  }

  @usableFromInline override var isReplaying: Bool { true }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    for value in prefix { observer(value) }
    super.observerAdded(observer, isFirst: isFirst)
  }
}
