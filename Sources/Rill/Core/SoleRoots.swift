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
  /// Delivers `value` as the send of a subject (a signal of rank 0) that just started a propagation: outside a
  /// batch, the graph notes it for the joins that can settle at once (see ``Graph/isRootSend``).
  @inlinable @inline(__always) final func deliverAsRootSend(_ value: Value) {
    let noted = withRootGraph { $0.beginRootSend() }
    deliver(value)
    if noted { withRootGraph { $0.isRootSend = false } }
  }

  /// Whether a propagation is running, and whether a join may emit at once when one of its sources delivers (see
  /// ``Graph/isRootSend``): it is in the depth-first pass of a subject's send, the only propagation of the graph.
  /// (A graph merged with another while both were busy runs two at once: a join may hear from both passes.)
  @inlinable @inline(__always) final var propagationAndRootSend: (isPropagating: Bool, isRootSend: Bool) {
    withRootGraph { ($0.depth != 0, $0.isRootSend && $0.depth == 1) }
  }
}

extension Graph {
  /// Notes a subject's send that starts a propagation of this (root) graph, unless a batch is open on this thread
  /// (its joins settle when it ends, even those of its first send, which it holds only afterwards); returns
  /// whether it did. One load of a global count when no batch is open anywhere.
  @usableFromInline func beginRootSend() -> Bool {
    guard batchHolds == 0, BatchScope.openOnThisThread == nil else { return false }
    isRootSend = true
    return true
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

/// Whether a join of `sources` can emit at once in a subject's send (see ``Graph/isRootSend``): each source hangs
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
