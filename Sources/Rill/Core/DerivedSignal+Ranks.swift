// Ranks that rise after a node is built: a `flatMapLatest` fed by an inner signal deeper than itself, and every
// node below one or below a computed (see ``DerivedSignal``'s discussion of ranks; the walk is in `RankRise.swift`).
// A send never touches any of it.

extension DerivedSignal {
  /// Registers with the upstreams that can rise and catches up with their ranks, before connecting: so
  /// a rise while they connect (a `flatMapLatest` up there subscribing to its first inner) reaches here.
  final func joinRisingUpstreams() {
    for upstream in risingUpstreams {
      upstream.addRiseLink(self)
      raiseRank(above: upstream.rank)
    }
  }

  /// Subscribes this node to `inner`, emitting its values: the inner signal of a `flatMapLatest`.
  ///
  /// Joins the inner's graph, raises this node's rank above the inner's (with its dependents'), and, when
  /// the inner's rank can rise too, follows it while subscribed. Cancelling the returned subscription
  /// ends both.
  ///
  /// - Complexity: O(1) when no rank rises; a rise visits the connected nodes below this one.
  @inlinable final func subscribe(toInner inner: Signal<Value>) -> Subscription {
    currentGraph.union(inner.currentGraph)
    let followed = follow(inner)
    let subscription = inner.subscribe(feeding: self) { [self] in emit($0) }
    guard let followed else { return subscription }
    return Subscription { [self] in
      subscription.cancel()
      followed.removeRiseLink(self)
    }
  }

  /// Raises this node's rank above `inner`'s and registers with it when its rank can rise; returns it then.
  @usableFromInline final func follow<Inner>(_ inner: Signal<Inner>) -> ReactiveNode? {
    let followed = inner.risingNode
    followed?.addRiseLink(self)
    raiseRank(above: inner.rank)
    return followed
  }

}
