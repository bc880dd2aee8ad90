/// Decides when a `combine` (or `withLatestFrom`) node emits: once every source has a value, at most
/// once per propagation, and only after the propagation's depth-first pass (rule 6).
@usableFromInline
struct CombineState: Equatable {
  /// What the node should do after a source delivered a value.
  @usableFromInline enum Decision: Equatable {
    /// Emit the latest values now (outside any propagation).
    case emitNow
    /// Ask the graph to call ``settle()`` at the end of the depth-first pass.
    case settleLater
    /// Do nothing yet (a source still has no value, or a settle is already scheduled, or connecting).
    case wait
  }

  /// Sources that have not delivered a value yet (in 32 bits: the state and a join's flags after it share a word).
  @usableFromInline var missing: Int32
  /// True while the node subscribes to its sources: replayed values are only recorded.
  @usableFromInline var isConnecting = true
  /// True while a settle is scheduled in the current propagation.
  @usableFromInline var isScheduled = false

  @inlinable init(sourceCount: Int) {
    missing = Int32(sourceCount)
  }

  /// Every source is subscribed; returns whether to emit the replayed values (all sources had one).
  @inlinable mutating func connected() -> Bool {
    isConnecting = false
    return missing == 0
  }

  /// A source delivered a value; `settlesAtOnce` when no other source can change before the propagation's
  /// depth-first pass ends (see ``Graph/rootSend``), so a join with nothing scheduled emits now.
  @inlinable @inline(__always) mutating func received(
    isFirstFromSource: Bool,
    inPropagation: Bool,
    settlesAtOnce: Bool = false
  ) -> Decision {
    if isFirstFromSource { missing -= 1 }
    guard !isConnecting, missing == 0 else { return .wait }
    guard inPropagation else { return .emitNow }
    guard !isScheduled else { return .wait }
    if settlesAtOnce { return .emitNow }
    isScheduled = true
    return .settleLater
  }

  /// The node disconnected: a settle already scheduled in this propagation must not emit.
  @inlinable mutating func disconnected() {
    isScheduled = false
  }

  /// The propagation's depth-first pass is over; returns whether to emit.
  @inlinable mutating func settle() -> Bool {
    guard isScheduled else { return false }
    isScheduled = false
    return missing == 0
  }
}

/// Stores `value` as the latest of one source of a join; returns whether it is that source's first value.
@inlinable @inline(__always) func storeLatest<Value>(_ value: Value, in latest: inout Value?) -> Bool {
  let isFirst = latest == nil
  latest = value
  return isFirst
}
