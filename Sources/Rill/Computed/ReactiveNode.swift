// The vertices of the tracked graph: what `Computed`, `effect` and tracked reads are built on.
//
// Every tracked source (a `CurrentValueSubject` read by a computation, the store's state), every `Computed` and
// every `effect` has one `ReactiveNode`. A consumer (a computed or an effect) keeps the nodes it read in its last
// run, in read order, in `dependencies`; a node keeps the *observed* consumers that read it in `dependents`. Each
// edge is a small struct in each of the two arrays, holding the index of its twin in the other, so an edge is
// added and removed in O(1) (a swap-remove fixes the twin of the one it moved). No closure and no object per edge.
//
// A consumer's edges up keep its sources alive (one retain each); the edges down are not retained: an observed
// consumer unlinks itself before it goes. A computed that nothing observes keeps its `dependencies` (so observing
// it again allocates nothing) but is in no source's `dependents`: a source never keeps it alive (rule 10).

/// A vertex of the tracked graph: a source, a computed, or an effect (see the file's comment).
///
/// A node is a ``PendingRun`` itself: a computed is scheduled in its graph's pending settles as it is, with no object
/// of its own for it. A scheduled node is kept alive by what observes it; one that stops being observed while
/// scheduled keeps itself alive (``ReactiveFlags/isHeldForSettle``) until its settle has run.
@usableFromInline
class ReactiveNode: PendingRun {
  /// ``ReactiveFlags`` bits.
  @usableFromInline @exclusivity(unchecked) final var flags: UInt32
  /// Bumped each time the node's value changes: a source's write, a computed's re-evaluation to a new value.
  /// Only ever rises (a version rolled back could make a consumer think it is up to date).
  @usableFromInline @exclusivity(unchecked) final var version: UInt = 0
  /// Greater than the rank of everything this node read (0 for a source): observed computeds settle in this
  /// order within a propagation, beside the operators' joins (rule 11). It only rises.
  @usableFromInline @exclusivity(unchecked) final var rank: Int
  /// The observed consumers that read this node, each with the index of its twin edge in their `dependencies`.
  @usableFromInline @exclusivity(unchecked) final var dependents = PlainList<DependentEdge>()
  /// What this consumer read in its last run, in read order (empty for a source).
  @usableFromInline @exclusivity(unchecked) final var dependencies = PlainList<DependencyEdge>()
  /// The graph this node belongs to (any member of its set: ``Graph/root`` finds the representative).
  @usableFromInline @exclusivity(unchecked) final var graph: Graph
  /// The run that last read this node, so that a run reading it again keeps one edge, with one compare. (A nested
  /// run that reads it in between takes the stamp: the outer run's next read of it may add a second edge to it,
  /// harmless: kept, not added again, by the runs that read it the same way; dropped by one that reads it once.)
  @usableFromInline @exclusivity(unchecked) final var readStamp: UInt = 0
  /// The walk of ``refresh()`` that last found this node up to date.
  @usableFromInline @exclusivity(unchecked) final var freshStamp: UInt = 0
  /// How many of its dependencies this consumer's running run has confirmed, in order.
  @usableFromInline @exclusivity(unchecked) final var runCursor = 0
  /// The stamp of this consumer's running run (see ``readStamp``).
  @usableFromInline @exclusivity(unchecked) final var runStamp: UInt = 0
  /// The highest rank of the edges this consumer's running run added (see ``recordOutOfOrder(_:)``).
  @usableFromInline @exclusivity(unchecked) final var runHighestRank = 0
  /// The write epoch at which this unobserved computed was last found up to date (see ``TrackedWrites``).
  @usableFromInline @exclusivity(unchecked) final var checkedEpoch: Int = -1
  #if DEBUG
    /// Counts this node in the tests' live-object scope.
    @usableFromInline final let liveNode = LiveObject(.signal)
  #endif

  /// Recomputes a computed's value, returns whether it changed: a closure built where the value type is known (see
  /// ``ComputedNode``), so an evaluation is one call, specialized. `false` for sources and effects.
  @usableFromInline final let evaluation: (ReactiveNode) -> Bool

  @usableFromInline init(
    flags: UInt32, rank: Int, graph: Graph, evaluation: @escaping (ReactiveNode) -> Bool = { _ in false }
  ) {
    self.flags = flags
    self.rank = rank
    self.graph = graph
    self.evaluation = evaluation
    super.init()
  }

  deinit {
    releaseDependencies(from: 0)
    dependencies.deallocate()
    dependents.deallocate()
  }

  /// The graph runs this computed's settle (see ``settleScheduled()``).
  @usableFromInline override func run() {
    settleScheduled()
  }

  /// A computed's value changed with observers to tell: the observers subscribed now are the ones its settle
  /// tells (a later one hears the new value as its replay). Overridden by computeds.
  @usableFromInline func noteDeliveryPending() {}

  /// Delivers a computed's new value to the observers of its signal. Overridden by computeds.
  @usableFromInline func deliverChange() {}

  /// The rank of this computed's signal rose to `rank`: the operators below it follow. Overridden by computeds.
  @usableFromInline func signalRankRose(to rank: Int) {}

  /// This consumer was just linked (it became observed). Overridden by the computeds that follow a signal.
  @usableFromInline func didLink() {}

  /// This consumer was just unlinked (nothing observes it any more). Overridden as ``didLink()``.
  @usableFromInline func didUnlink() {}

  /// What a cycle error says this node is, in a message.
  @usableFromInline var kindDescription: String { "a tracked value" }

  // The live graph (see `LiveGraphWalk.swift`).

  /// The object the live graph shows for this node: its computed's signal, the subject that owns it, or itself.
  var liveObject: AnyObject { self }

  /// What kind of node the live graph shows, when it shows this one itself.
  var liveKind: NodeKind { .trackedValue }

  /// The type of this node's value, when the live graph shows this one itself.
  var liveValueType: Any.Type? { nil }

  /// Appends what this consumer read, while it is observed (linked): unobserved, it has no live edge (rule 10).
  func appendLiveDependencies(to nodes: inout [AnyObject]) {
    guard has(ReactiveFlags.isLinked) else { return }
    for index in 0..<dependencies.count { nodes.append(dependencies[index].source.takeUnretainedValue()) }
  }

  /// Appends the observed consumers that read this node.
  final func appendLiveDependents(to nodes: inout [AnyObject]) {
    for index in 0..<dependents.count { nodes.append(dependents[index].consumer.takeUnretainedValue()) }
  }

  @inlinable @inline(__always) final func has(_ flag: UInt32) -> Bool { flags & flag != 0 }

  /// The graph's representative, shortening the path to it for next time.
  @inlinable final var rootGraph: Graph {
    if _slowPath(graph.parent != nil) { followGraphToRoot() }
    return graph
  }

  /// Points ``graph`` at its set's representative (graphs merged since it was set), or gives a node that had no
  /// graph one (see ``Graph/unassigned``). Out of line: it is rare.
  @usableFromInline @inline(never) final func followGraphToRoot() {
    graph = graph === Graph.unassigned ? graphForFirstUse() : graph.root
  }

  /// The graph this node takes when it first needs one: a new one, which a computed's signal shares.
  func graphForFirstUse() -> Graph {
    Graph()
  }

  /// Runs `body` with the graph's representative, read in place, without retaining it: this node keeps it. A node
  /// with no graph yet (see ``Graph/unassigned``) gets none: `body` sees the placeholder, idle, and must only read it.
  @inlinable @inline(__always) final func withRootGraph<Result>(_ body: (Graph) -> Result) -> Result {
    if _slowPath(graph.parent != nil) { followGraphToRootForReading() }
    return Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef(body)
  }

  /// Runs `body` with the graph's representative, as ``withRootGraph(_:)``, giving a node that had no graph one: for
  /// `body` to write to it.
  @inlinable @inline(__always) final func withOwnRootGraph<Result>(_ body: (Graph) -> Result) -> Result {
    if _slowPath(graph.parent != nil) { followGraphToRoot() }
    return Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef(body)
  }

  /// ``followGraphToRoot()`` for a read: leaves a node with no graph yet as it is.
  @usableFromInline @inline(never) final func followGraphToRootForReading() {
    guard graph !== Graph.unassigned else { return }
    graph = graph.root
  }
}

/// The bits of ``ReactiveNode/flags``.
@usableFromInline
enum ReactiveFlags {
  /// A computed: a consumer with a value that others can read.
  @inlinable static var isComputed: UInt32 { 1 << 0 }
  /// An effect: a consumer that others cannot read, always observed while it lives.
  @inlinable static var isEffect: UInt32 { 1 << 1 }
  /// Linked into the `dependents` of everything it read: an observed consumer, kept up to date by push.
  @inlinable static var isLinked: UInt32 { 1 << 2 }
  /// Something it read changed since it last ran: it must run before its value is used.
  @inlinable static var isDirty: UInt32 { 1 << 3 }
  /// Waiting in its graph: a computed's settle, an effect's run.
  @inlinable static var isScheduled: UInt32 { 1 << 4 }
  /// Its closure is running: reading it now is a cycle.
  @inlinable static var isRunning: UInt32 { 1 << 5 }
  /// A computed that has a value (it ran at least once).
  @inlinable static var hasValue: UInt32 { 1 << 6 }
  /// A computed whose signal has observers.
  @inlinable static var hasObservers: UInt32 { 1 << 7 }
  /// A computed whose value changed in this propagation and whose signal's observers are still to be told.
  @inlinable static var deliveryPending: UInt32 { 1 << 8 }
  /// An effect that was cancelled: it never runs again.
  @inlinable static var isDisposed: UInt32 { 1 << 9 }
  /// A computed that stopped being observed while scheduled, retained by itself until its settle has run.
  @inlinable static var isHeldForSettle: UInt32 { 1 << 10 }
  /// An effect that was given a name (see ``effect(named:trace:_:)``), which ``NodeNames`` keeps until it goes.
  @inlinable static var isLabelled: UInt32 { 1 << 11 }
  /// A computed or an effect that writes a line at each run saying why (debug builds; see ``RunReason``).
  @inlinable static var isTraced: UInt32 { 1 << 12 }
}

/// An edge as its consumer keeps it: the node read, the version read, and where its twin is.
@usableFromInline
struct DependencyEdge {
  /// The node read, retained by the edge.
  @usableFromInline let source: Unmanaged<ReactiveNode>
  /// The source's version when the consumer last read it.
  @usableFromInline var version: UInt
  /// The index of the twin edge in the source's `dependents`, or -1 while the consumer is not linked.
  @usableFromInline var twin: Int
  #if DEBUG
    /// How the consumer's last run found this source: changed since the run before, unchanged, or read where that
    /// run did not read it. For ``RunReason``; debug builds only.
    @usableFromInline var change: RunReason.Input.Change = .newlyRead
  #endif

  @inlinable init(source: Unmanaged<ReactiveNode>, version: UInt, twin: Int) {
    self.source = source
    self.version = version
    self.twin = twin
  }
}

/// An edge as its source keeps it: the observed consumer that read it, and where its twin is.
@usableFromInline
struct DependentEdge {
  /// Not retained: a linked consumer unlinks before it is freed.
  @usableFromInline let consumer: Unmanaged<ReactiveNode>
  /// The index of the twin edge in the consumer's `dependencies`.
  @usableFromInline var twin: Int

  @inlinable init(consumer: Unmanaged<ReactiveNode>, twin: Int) {
    self.consumer = consumer
    self.twin = twin
  }
}
