public import RillStore

extension Demo {
  /// The demo's pipeline as it runs (`rill credit --graph`): a fresh store, the view derived from it, and one
  /// subscriber, the screen.
  public func pipelineGraph() -> LiveGraph {
    let store = Store(initialState: initialState, reducer: reducer)
    let screen = view(of: store).subscribe { _ in }
    defer { screen.cancel() }
    return store.liveGraph()
  }
}
