// How a consumer's edges follow what it reads: confirmed in order at no cost, added and dropped in O(1), linked
// into the sources when the consumer is observed and unlinked when it is not, in loops, never by recursion.

extension ReactiveNode {
  /// Records that this consumer's running run read `source` (up to date, at its current version).
  ///
  /// A run that reads what the last one read, in the same order, only moves the cursor: nothing is allocated.
  /// A new read takes the cursor's place; the edge it displaces moves to the end, where the run's end drops it
  /// unless it is read again.
  /// `stamp` is the run's (``TrackingContext/stamp``), which `source` does not have yet: a read of a node that has
  /// it is a repeated read, which the caller skips.
  @inlinable @inline(__always) final func record(_ source: ReactiveNode, stamp: UInt) {
    source.readStamp = stamp
    let cursor = runCursor
    if cursor < dependencies.count
      && dependencies[cursor].source.toOpaque() == Unmanaged.passUnretained(source).toOpaque()
    {
      #if DEBUG
        dependencies[cursor].change = dependencies[cursor].version == source.version ? .unchanged : .changed
      #endif
      dependencies[cursor].version = source.version
      runCursor = cursor &+ 1
      return
    }
    recordOutOfOrder(source)
  }

  /// ``record(_:)`` for a read that is not the next one of the last run: read again, or new.
  ///
  /// Only a new edge can make this consumer's rank rise: the sources of the edges it keeps were below it when read,
  /// and a linked consumer follows their rises (``raiseRank(to:)``), an unlinked one catches up when observed.
  @usableFromInline final func recordOutOfOrder(_ source: ReactiveNode) {
    let cursor = runCursor
    if source.rank > runHighestRank { runHighestRank = source.rank }
    let edge = DependencyEdge(source: .passRetained(source), version: source.version, twin: -1)
    if cursor < dependencies.count {
      let displaced = dependencies[cursor]
      dependencies.append(displaced)
      if displaced.twin >= 0 {
        displaced.source._withUnsafeGuaranteedRef { $0.dependents[displaced.twin].twin = dependencies.count &- 1 }
      }
      dependencies[cursor] = edge
    } else {
      dependencies.append(edge)
    }
    runCursor = cursor &+ 1
    if has(ReactiveFlags.isLinked) { link(at: cursor) }
  }

  /// Links the edge at `index` of this (linked) consumer into its source's `dependents`; a computed source that
  /// was not observed becomes observed, and links in turn.
  @usableFromInline final func link(at index: Int) {
    let source = dependencies[index].source
    let wasObserved = source._withUnsafeGuaranteedRef { $0.isObserved }
    source._withUnsafeGuaranteedRef { source in
      dependencies[index].twin = source.dependents.count
      source.dependents.append(DependentEdge(consumer: .passUnretained(self), twin: index))
      mergeGraph(with: source)
    }
    if !wasObserved && source._withUnsafeGuaranteedRef({ $0.has(ReactiveFlags.isComputed) }) {
      source._withUnsafeGuaranteedRef { $0.observe() }
    }
  }

  /// Whether a computed is observed: its signal has observers, or an observed consumer read it.
  @inlinable final var isObserved: Bool {
    has(ReactiveFlags.hasObservers | ReactiveFlags.isEffect) || !dependents.isEmpty
  }

  /// Links this up-to-date consumer, and every computed above it that was not observed, into the `dependents` of
  /// what they read (rule 11: observed means pushed). A loop over a work list, whatever the depth.
  @usableFromInline final func observe() {
    guard !has(ReactiveFlags.isLinked) else { return }
    withTrackingContext { observe(in: $0) }
  }

  /// ``observe()`` with this thread's context.
  final func observe(in context: TrackingContext) {
    let base = context.cascade.count
    let linkedBase = context.linked.count
    context.cascade.append(.passUnretained(self))
    while context.cascade.count > base {
      let node = context.cascade.removeLast()
      context.linked.append(node)
      node._withUnsafeGuaranteedRef { node in
        guard !node.has(ReactiveFlags.isLinked) else { return }
        node.flags |= ReactiveFlags.isLinked
        var index = 0
        while index < node.dependencies.count {
          let source = node.dependencies[index].source
          source._withUnsafeGuaranteedRef { source in
            let wasObserved = source.isObserved
            node.dependencies[index].twin = source.dependents.count
            source.dependents.append(DependentEdge(consumer: .passUnretained(node), twin: index))
            node.mergeGraph(with: source)
            if !wasObserved && source.has(ReactiveFlags.isComputed) { context.cascade.append(.passUnretained(source)) }
          }
          index &+= 1
        }
        node.didLink()
      }
    }
    // While unobserved, what these nodes read may have grown deeper (re-evaluated, reading deeper values) without
    // their ranks following: now that they settle in rank order, each rises above what it reads, deepest first.
    while context.linked.count > linkedBase {
      let node = context.linked.removeLast()
      node._withUnsafeGuaranteedRef { node in
        var highest = -1
        var index = 0
        while index < node.dependencies.count {
          let rank = node.dependencies[index].source._withUnsafeGuaranteedRef { $0.rank }
          if rank > highest { highest = rank }
          index &+= 1
        }
        if highest >= node.rank { node.raiseRank(to: highest &+ 1) }
      }
    }
  }

  /// Unlinks this consumer from what it read, and every computed above it that nothing observes any more. They
  /// keep their dependencies and versions (so observing them again allocates nothing), and are pulled when read.
  @usableFromInline final func unobserve() {
    guard has(ReactiveFlags.isLinked) else { return }
    withTrackingContext { unobserve(in: $0) }
  }

  /// ``unobserve()`` with this thread's context.
  final func unobserve(in context: TrackingContext) {
    let base = context.cascade.count
    context.cascade.append(.passUnretained(self))
    while context.cascade.count > base {
      let node = context.cascade.removeLast()
      node._withUnsafeGuaranteedRef { node in
        guard node.has(ReactiveFlags.isLinked) else { return }
        node.flags &= ~ReactiveFlags.isLinked
        if node.has(ReactiveFlags.isScheduled) && !node.has(ReactiveFlags.isEffect)
          && !node.has(ReactiveFlags.isHeldForSettle)
        {
          // What observed it may let it go before its turn: it keeps itself until then.
          node.flags |= ReactiveFlags.isHeldForSettle
          _ = Unmanaged.passUnretained(node).retain()
        }
        var index = 0
        while index < node.dependencies.count {
          let edge = node.dependencies[index]
          node.dependencies[index].twin = -1
          if edge.twin >= 0 {
            edge.source._withUnsafeGuaranteedRef { source in
              source.removeDependent(at: edge.twin)
              if source.has(ReactiveFlags.isComputed) && !source.isObserved {
                context.cascade.append(.passUnretained(source))
              }
            }
          }
          index &+= 1
        }
        node.didUnlink()
      }
    }
  }

  /// Puts this node's graph and `source`'s in one set (a node and what it reads propagate together). Nothing to do,
  /// and nothing retained, when they are in one already.
  @inline(__always) final func mergeGraph(with source: ReactiveNode) {
    let isSameGraph = withRootGraph { mine in source.withRootGraph { $0 === mine && $0.parent == nil } }
    if !isSameGraph { mergeGraphs(with: source) }
  }

  /// ``mergeGraph(with:)`` for two sets, or for a node with no graph yet (see ``Graph/unassigned``), which takes
  /// the other's.
  final func mergeGraphs(with source: ReactiveNode) {
    if source.graph === Graph.unassigned {
      source.graph = rootGraph
    } else if graph === Graph.unassigned {
      graph = source.rootGraph
      tookGraph()
    } else {
      rootGraph.union(source.rootGraph)
    }
  }

  /// Runs `body` with this thread's tracking context, not retained (see ``trackingContext``).
  @inline(__always) final func withTrackingContext<Result>(_ body: (TrackingContext) -> Result) -> Result {
    trackingContext._withUnsafeGuaranteedRef(body)
  }

  /// This thread's tracking context, not retained: the one a drain of this node's graph looked up already, or the
  /// thread's.
  @inline(__always) final var trackingContext: Unmanaged<TrackingContext> {
    withRootGraph { $0.drainContext } ?? TrackingContext.currentUnmanaged
  }

  /// Removes the dependent edge at `index`, moving the last one into its place.
  @usableFromInline final func removeDependent(at index: Int) {
    let last = dependents.removeLast()
    guard index != dependents.count else { return }
    dependents[index] = last
    last.consumer._withUnsafeGuaranteedRef { $0.dependencies[last.twin].twin = index }
  }

  /// Drops this consumer's dependencies from `start` on (the ones its last run did not read again): unlinks
  /// them, lets a computed source that nothing observes any more unlink in turn, and releases them.
  @usableFromInline final func dropDependencies(from start: Int) {
    guard dependencies.count > start else { return }
    var index = start
    while index < dependencies.count {
      let edge = dependencies[index]
      if edge.twin >= 0 {
        dependencies[index].twin = -1
        edge.source._withUnsafeGuaranteedRef { source in
          source.removeDependent(at: edge.twin)
          if source.has(ReactiveFlags.isComputed) && !source.isObserved { source.unobserve() }
        }
      }
      index &+= 1
    }
    releaseDependencies(from: start)
  }

  /// Releases the (unlinked) dependencies from `start` on, in a loop on this thread when a release frees a node
  /// that frees more: freeing the end of a long chain uses a constant amount of stack.
  final func releaseDependencies(from start: Int) {
    while dependencies.count > start {
      let edge = dependencies.removeLast()
      StackGuard.releaseUpstream(edge.source.takeRetainedValue())
    }
  }
}
