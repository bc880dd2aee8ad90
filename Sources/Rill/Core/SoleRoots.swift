// Joins that settle at once (rule 6 without the wait).
//
// A join waits for the end of the depth-first pass because another of its sources may still change in the same
// propagation. There is one common shape where none can: each source hangs off a different subject by a chain of
// forwarding nodes (`map`, `filter`, `scan`, …, each of which delivers at most once per value it hears, and only
// when it hears one), as in `combine(source.map(f), settings)`. A send from a subject is the only way a subject
// delivers to connected observers (a send made during a propagation is queued, rule 5), so during the depth-first
// pass of a send from subject `s`, only the source that hangs off `s` can deliver, and only once: when it does, the
// join's other sources have settled already (they cannot change before the pass ends), and the join emits at once
// instead of scheduling a settle. Nothing is waiting for it, so it emits exactly once, after all its sources
// settled: the same tuple, glitch-free, only earlier — and without touching the join a second time, which is what
// a send fanning out to thousands of joins pays for in cache misses.
//
// Inside a batch, after the depth-first pass, for a send queued behind a propagation, and for every other shape of
// join (two sources off one subject, a source below a join or a `flatMapLatest`), joins settle as before.

extension Signal {
  /// Delivers `value` as the send of a subject (a signal of rank 0) that just started a propagation, noting it in
  /// the graph for the joins that can settle at once (see ``Graph/rootSend``).
  @inlinable @inline(__always) final func deliverAsRootSend(_ value: Value) {
    noteRootSend(RootSend.unchecked)
    deliver(value)
    noteRootSend(RootSend.none)
  }

  /// Sets the root graph's ``Graph/rootSend``: a store in place when this signal points at the root, as nearly
  /// always (so a send stays small enough to be inlined whole).
  @inlinable @inline(__always) final func noteRootSend(_ state: UInt8) {
    if _fastPath(graph.parent == nil) {
      graph.rootSend = state
    } else {
      noteRootSendInMergedGraph(state)
    }
  }

  /// ``noteRootSend(_:)`` for a signal whose graph was merged into another.
  @usableFromInline final func noteRootSendInMergedGraph(_ state: UInt8) {
    withOwnRootGraph { $0.rootSend = state }
  }

  /// Whether a propagation is running, and whether a join may emit at once when one of its sources delivers: the
  /// graph runs the depth-first pass of a subject's send, its only propagation, outside any batch (see
  /// ``Graph/rootSend``). (A graph merged with another while both were busy runs two at once: a join may hear
  /// from both passes. A batch that holds the graph makes its `depth` more than 1.)
  @inlinable @inline(__always) final var propagationAndRootSend: (isPropagating: Bool, isRootSend: Bool) {
    withOwnRootGraph { graph in
      if _fastPath(graph.rootSend == RootSend.outsideBatch && graph.depth == 1) { return (true, true) }
      if graph.rootSend == RootSend.unchecked && graph.depth == 1 { return (true, graph.checkRootSend()) }
      return (graph.depth != 0, false)
    }
  }
}

/// The values of ``Graph/rootSend``.
@usableFromInline
enum RootSend {
  /// No subject's send is in its depth-first pass.
  @inlinable static var none: UInt8 { 0 }
  /// A subject's send is in its depth-first pass; whether inside a batch is not known yet.
  @inlinable static var unchecked: UInt8 { 1 }
  /// A subject's send outside any batch is in its depth-first pass.
  @inlinable static var outsideBatch: UInt8 { 2 }
  /// A subject's send inside a batch is in its depth-first pass: its joins settle when the batch ends.
  @inlinable static var inBatch: UInt8 { 3 }
}

extension Graph {
  /// Looks up, once per send, whether the subject's send in its depth-first pass is inside a batch open on this
  /// thread (its joins settle when the batch ends, even those of its first send, which the batch holds only
  /// afterwards); returns whether it is outside any. One load of a global count when no batch is open anywhere.
  @usableFromInline func checkRootSend() -> Bool {
    let isOutside = BatchScope.openOnThisThread == nil
    rootSend = isOutside ? RootSend.outsideBatch : RootSend.inBatch
    return isOutside
  }
}

/// A signal seen as a link towards the subject it hangs off, whatever its value type.
@usableFromInline
protocol SoleRootLink: AnyObject {
  /// The subject at the top of this signal's chain of forwarding nodes, or `nil` when the chain ends elsewhere
  /// (at a join, a `flatMapLatest`, …) or is deeper than `limit`.
  func soleRoot(limit: Int) -> ObjectIdentifier?
}

extension Signal: SoleRootLink {
  @usableFromInline final func soleRoot(limit: Int) -> ObjectIdentifier? {
    // Rank 0 is a subject's (`Subject`, `CurrentValueSubject`, the store's state): it delivers only when sent to.
    if rank == 0 { return ObjectIdentifier(self) }
    guard limit > 0, isForwardingNode, let node = self as? DerivedSignal<Value>,
      let upstream = node.firstUpstream as? any SoleRootLink
    else { return nil }
    return upstream.soleRoot(limit: limit - 1)
  }
}

/// Whether a join of `sources` can emit at once in a subject's send (see ``Graph/rootSend``): each source hangs
/// off a subject by a chain of forwarding nodes, and no two off the same one.
///
/// - Complexity: O(sources² + the chains' lengths, up to 64 nodes each), once per connection.
@usableFromInline func soleRootsAreDistinct(_ sources: [any SoleRootLink]) -> Bool {
  var roots: [ObjectIdentifier] = []
  for source in sources {
    guard let root = source.soleRoot(limit: 64), !roots.contains(root) else { return false }
    roots.append(root)
  }
  return true
}
