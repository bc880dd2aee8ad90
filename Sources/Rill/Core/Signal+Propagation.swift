// How a send becomes a propagation of its signal's graph: start it, or queue the send behind the one
// running; finish it, running pending joins and queued sends; schedule a join's settle.

extension Signal {
  /// Asks the graph's root to run `settle` when this propagation's depth-first pass is over (see
  /// ``Graph/schedule(rank:of:_:)``), reading the graph in place, without retaining it.
  @inlinable final func scheduleSettle(_ settle: Unmanaged<JoinSettle>) {
    if _fastPath(graph.parent == nil) {
      Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef {
        $0.schedule(rank: rank, of: ObjectIdentifier(self), settle)
      }
    } else {
      currentGraph.schedule(rank: rank, of: ObjectIdentifier(self), settle)
    }
  }

  /// Asks the graph's root to run this node's own settle, its ``PendingRun/run()``, when this propagation's
  /// depth-first pass is over (a join that is its own settle, as ``CombineOfTwo``; see ``Graph/schedule(rank:of:_:)``).
  /// The graph does not retain the node: the node outlives the run (it holds itself if it disconnects first).
  @inlinable final func scheduleOwnSettle() {
    let settle = PendingSettle(rank: rank, node: ObjectIdentifier(self), join: .passUnretained(self))
    if _fastPath(graph.parent == nil) {
      Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef { $0.pending.append(settle) }
    } else {
      currentGraph.pending.append(settle)
    }
  }

  /// Whether a propagation is running in this signal's graph. Reads the graph in place, without retaining it.
  @inlinable @inline(__always) final var isPropagating: Bool {
    if _fastPath(graph.parent == nil) { return graph.depth != 0 }
    return currentGraph.depth != 0
  }

  /// Marks this signal's graph busy and returns true if it was idle: the caller delivers, then calls
  /// ``finishPropagation()``. Returns false, changing nothing, when a propagation is running.
  ///
  /// Inside a ``batch(_:)``, a graph the batch holds counts as idle when no delivery is running in it: the
  /// send is delivered at once, and its joins settle when the batch ends.
  @inlinable @inline(__always) final func startPropagation() -> Bool {
    // The common case reads the graph in place, without retaining it (a pair of atomic operations per send).
    if _fastPath(graph.parent == nil) {
      guard graph.depth == graph.batchHolds else { return false }
      graph.depth &+= 1
      return true
    }
    let root = currentGraph
    guard root.depth == root.batchHolds else { return false }
    root.depth &+= 1
    return true
  }

  /// Runs `deliver(value)` as a propagation of this signal's graph, or queues it if one is running.
  @inlinable final func propagate(_ value: Value) {
    guard startPropagation() else {
      currentGraph.enqueue { [self] in deliver(value) }
      return
    }
    deliver(value)
    finishPropagation()
  }

  /// Ends a propagation of this signal's graph. The same as ``finishPropagation(startedIn:)`` with the graph
  /// it started in (graphs only ever merge, so that graph's root is this signal's), without keeping that
  /// graph retained across the delivery.
  @inlinable @inline(__always) final func finishPropagation() {
    if _fastPath(graph.parent == nil) {
      if _fastPath(!(graph.depth == 1 && graph.hasWork)) {
        graph.depth &-= 1
        return
      }
      // Not retained here: this signal holds its graph until the drain starts, and the drain holds it from there.
      Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef { $0.drainAndFinish() }
      return
    }
    finishPropagation(startedIn: graph)
  }

  /// Ends a propagation begun in `graph` (which may since have been merged into another): the
  /// outermost one runs pending joins and queued sends before the graph goes idle.
  @inlinable final func finishPropagation(startedIn graph: Graph) {
    let root = graph.parent == nil ? graph : graph.root
    if _fastPath(!(root.depth == 1 && root.hasWork)) {
      root.depth &-= 1
      return
    }
    root.drainAndFinish()
  }
}
