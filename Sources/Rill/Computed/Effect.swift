// `effect`: a side effect that runs now and again whenever what it read changed.

#if !canImport(Darwin) && !RILL_PORTABLE_ATOMICS
  public import Synchronization
#endif

/// The sequence of the next effect created, on any thread: effects of one propagation run in this order.
@usableFromInline let effectSequence = TrackingWord(0)

/// Runs `body` now, and again once after each propagation (or outermost ``batch(_:)``) in which something it read
/// changed, until the returned subscription is cancelled or freed.
///
/// What `body` reads — a ``CurrentValueSubject``'s `value`, a ``Computed``'s `value`, a store's current state —
/// is tracked as a computed's reads are: its dependencies are exactly what its last run read.
///
/// ```swift
/// let credit = CurrentValueSubject(0)
/// let grade = Computed { credit.value >= 70 ? "pass" : "fail" }
/// let subscription = effect { print(grade.value) }   // prints "fail"
/// credit.value = 75                                   // prints "pass"
/// credit.value = 80                                   // prints nothing: the grade did not change
/// ```
///
/// - Effects run after the propagation's joins and computeds have settled, so they see every value of it, and
///   those of one propagation run in the order they were created (in a batch over several graphs, across them).
/// - A write from inside an effect is queued like any send made during a propagation (rule 5), also a write to a
///   value of another graph that computations read, and a store's dispatch (or time travel) to a store of another
///   graph: it is delivered, and the effects it touches run, after the current propagation. Writes the effect makes
///   in a ``batch(_:)`` are delivered together, as one propagation. An effect that always writes what it reads
///   runs forever, as an observer that always sends to its own subject would.
/// - Cancelling the subscription (or freeing it in the effect's domain) stops the effect at once, and lets go of
///   `body` and of what it read. Freed on another thread, it never runs again, and lets go of them the next time
///   something it read changes (rule 8).
public func effect(_ body: @escaping () -> Void) -> Subscription {
  effect(body, naming: nil)
}

/// An effect, called `name` in the live graph when a name is given, and traced by `trace` when one is.
func effect(
  _ body: @escaping () -> Void, naming name: String?, trace: ((String) -> Void)? = nil
) -> Subscription {
  let node = EffectNode(body)
  if let name {
    NodeNames.set(name, for: node)
    node.flags |= ReactiveFlags.isLabelled
  }
  if let trace {
    NodeNames.setTrace(trace, for: node)
    node.flags |= ReactiveFlags.isLabelled | ReactiveFlags.isTraced
  }
  node.runFirst()
  return Subscription { [node] in
    if ForeignTeardown.isRunning {
      node.noteCancelledElsewhere()
    } else {
      node.dispose()
    }
  }
}

/// The node of an ``effect(_:)``: a consumer that nothing reads, linked while it lives.
@usableFromInline
final class EffectNode: ReactiveNode {
  /// The effect; an empty closure once disposed. A variable only so that a disposal can let go of it; called in place
  /// (see ``runBody()``).
  @exclusivity(unchecked) var body: () -> Void
  /// ``sequence`` in the bits above the lowest, and in the lowest ``isCancelledElsewhere``: one word for both, which
  /// only a free of the subscription on another thread writes (once: a subscription ends once).
  let sequenceAndCancel: TrackingWord

  /// When it was created, among every effect: effects marked in one propagation run in this order.
  var sequence: Int { sequenceAndCancel.load(ordering: .relaxed) >> 1 }

  /// Whether the subscription was freed on another thread: the effect's domain disposes of it when it next comes up.
  var isCancelledElsewhere: Bool { sequenceAndCancel.load(ordering: .relaxed) & 1 != 0 }

  /// Notes that the subscription was freed on another thread (see ``isCancelledElsewhere``): called once, by the
  /// subscription's end.
  func noteCancelledElsewhere() {
    sequenceAndCancel.wrappingAdd(1, ordering: .relaxed)
  }

  init(_ body: @escaping () -> Void) {
    self.body = body
    sequenceAndCancel = TrackingWord(effectSequence.wrappingAdd(1, ordering: .relaxed).oldValue << 1)
    super.init(
      flags: ReactiveFlags.isEffect | ReactiveFlags.isLinked | ReactiveFlags.looksAtObservation, rank: 1,
      graph: .unassigned)
  }

  /// An effect of the library's own that lives as long as its thread (the check of the values Observation watches,
  /// see `ObservationReads.swift`): not counted among the live objects, and never looked at by Observation (what its
  /// body reads — a report's `onChange` reading a value — is no dependency of it).
  convenience init(uncounted body: @escaping () -> Void) {
    self.init(body)
    flags &= ~ReactiveFlags.looksAtObservation
    #if DEBUG
      liveNode = LiveObject(uncounted: .signal)
    #endif
  }

  override var kindDescription: String { "an effect" }

  override var liveKind: NodeKind { .effect }

  /// The first run, as a propagation, so that a write to something the effect read is queued behind it like any
  /// write from an effect. The effect is made with no graph (``Graph/unassigned``): the graph it takes in the run —
  /// its first read's, or one made for a write it makes before reading — starts a propagation then
  /// (``ReactiveNode/tookGraph()``), which the run's end finishes; an effect that reads and writes nothing has no
  /// graph at all. The effect keeps itself alive while it is linked (its subscription may be freed on another
  /// thread, which must not free it).
  func runFirst() {
    _ = Unmanaged.passRetained(self)
    flags |= ReactiveFlags.isInFirstRun
    runBody()
    flags &= ~ReactiveFlags.isInFirstRun
    if graph !== Graph.unassigned { rootGraph.finishPropagationStarted() }
  }

  /// Its turn in the effects of a propagation: runs the effect again if something it read changed, unless it was
  /// cancelled meanwhile (then it lets itself go: the last use of it).
  func runScheduled() {
    let flags = self.flags
    // The common turn: marked, not disposed, not freed elsewhere; the flags read and written once.
    if _fastPath(flags & (ReactiveFlags.isDisposed | ReactiveFlags.isDirty) == ReactiveFlags.isDirty)
      && !isCancelledElsewhere
    {
      self.flags = flags & ~(ReactiveFlags.isScheduled | ReactiveFlags.isDirty)
      runBody()
      return
    }
    self.flags = flags & ~ReactiveFlags.isScheduled
    if _slowPath(has(ReactiveFlags.isDisposed)) {
      Unmanaged.passUnretained(self).release()  // disposed while it waited: kept for this turn
      return
    }
    // Freed on another thread: disposed now. Otherwise it was not marked: nothing it read changed.
    if isCancelledElsewhere { dispose() }
  }

  /// Runs the body as this effect's run. Disposed during the run (its subscription cancelled or freed from inside
  /// it), it lets go of the body and of itself after the run: the last use of it.
  @inline(__always) func runBody() {
    // Called in place (see `Computed.callCompute()`): copying the variable out would retain and release the closure at
    // each run. Nothing writes it while it runs (a disposal from inside the body lets go of it after the run).
    track { callInPlace(&body) }
    if _slowPath(has(ReactiveFlags.isDisposed)) { finishDisposal() }
  }

  /// Stops the effect for good: unlinks it, drops what it read and its closure, and lets it go — at once, or, while
  /// it runs or waits in its graph's effects (which hold it unretained), when that is over.
  func dispose() {
    guard !has(ReactiveFlags.isDisposed) else { return }
    flags |= ReactiveFlags.isDisposed
    unobserve()
    releaseDependencies(from: 0)
    if has(ReactiveFlags.isRunning) || has(ReactiveFlags.isScheduled) { return }
    finishDisposal()
  }

  /// The end of ``dispose()``: lets go of the body and of this effect's hold on itself (the last use of it).
  func finishDisposal() {
    let body = self.body
    self.body = {}
    if has(ReactiveFlags.isScheduled) { return }  // its turn in the effects lets it go
    Unmanaged.passUnretained(self).release()
    withExtendedLifetime(body) {}
  }
}

/// Calls an effect's body where it is stored (see ``_ComputedNode/callCompute()``): not through the generic
/// `callInPlace(_:)`, whose reabstraction of a `() -> Void` allocates in an unoptimized build.
@inline(__always) func callInPlace(_ closure: inout () -> Void) {
  closure()
}

extension Graph {
  /// Ends the propagation an effect's first run started in this graph (see ``ReactiveNode/tookGraph()``; the graph
  /// may have been merged since): the outermost one runs what it left.
  func finishPropagationStarted() {
    let root = self.root
    if root.depth == 1 && root.hasWork {
      root.drainAndFinish()
    } else {
      root.depth &-= 1
    }
  }
}
