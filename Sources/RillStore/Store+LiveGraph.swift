extension Store {
  /// The connected graph around this store's ``state``: the state, the selections and per-id model signals
  /// hanging off it, what is derived from them, and the computeds and effects that read ``currentState`` (see
  /// `LiveGraph` in Rill).
  ///
  /// ```swift
  /// let count = store.select(\.count).named("count")
  /// let subscription = count.subscribe { print($0) }
  /// print(store.liveGraph())
  /// // #1 store state (AppState) rank 0
  /// // └─▶ #2 select (Int) rank 1
  /// //     └─▶ #3 removeDuplicates "count" (Int) rank 2, 1 subscriber
  /// ```
  ///
  /// Walking the graph connects nothing, replays nothing and evaluates nothing.
  public func liveGraph() -> LiveGraph {
    subject.liveGraph()
  }
}
