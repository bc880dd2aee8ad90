// The vertices of the tracked graph: what every signal, `Computed` and `effect` is built on.
//
// Every signal is a `ReactiveNode` (a subject read by a computation is a source of the tracked graph as it is), and
// so is every effect. A `Computed` is one object: its signal, its value and its edges. A consumer (a computed or an
// effect) keeps the nodes it read in its last run, in read order, in `dependencies`; a node that computations can
// read (a `_TrackedSignal`: a `CurrentValueSubject`, a store's state, a `Computed`) keeps the *observed* consumers
// that read it in `dependents`, with its version and read stamp (`TrackedSignal.swift`). Each edge is a small struct
// in each of the two arrays, holding the index of its twin in the other, so an edge is added and removed in O(1) (a
// swap-remove fixes the twin of the one it moved). No closure and no object per edge.
//
// A consumer's edges up keep its sources alive (one retain each); the edges down are not retained: an observed
// consumer unlinks itself before it goes. A computed that nothing observes keeps its `dependencies` (so observing
// it again allocates nothing) but is in no source's `dependents`: a source never keeps it alive (rule 10).

/// A vertex of the tracked graph: a signal (a source, or a computed), or an effect (see the file's comment).
///
/// A node is a ``PendingRun`` itself: a computed is scheduled in its graph's pending settles as it is, with no object
/// of its own for it. A scheduled node is kept alive by what observes it; one that stops being observed while
/// scheduled keeps itself alive (``ReactiveFlags/isHeldForSettle``) until its settle has run.
///
/// Not part of Rill's API: public only because ``Signal`` inherits from it, and a public class's superclass must be
/// public. It has no public members, and nothing outside Rill can make or subclass one.
public class _ReactiveNode: _PendingRun {
  /// ``ReactiveFlags`` bits.
  @usableFromInline @exclusivity(unchecked) final var flags: UInt32
  /// Distance from the graph's sources: 0 for a subject, greater than the rank of everything this node reads (its
  /// upstream signals, the values its computation read) otherwise. Joins and observed computeds settle in this order
  /// within a propagation (rules 6 and 11). It only rises: a `flatMapLatest` upstream switching to a deeper inner
  /// signal, a computation reading a deeper value (see ``raiseRank(to:)``).
  @inlinable @inline(__always) final var rank: Int {
    get { Int(truncatingIfNeeded: rankStorage) }
    set { rankStorage = Int32(truncatingIfNeeded: newValue) }
  }
  /// ``rank``, kept in 32 bits next to `flags` (a graph 2 billion nodes deep is not one Rill meets).
  @usableFromInline @exclusivity(unchecked) final var rankStorage: Int32
  /// What this consumer read in its last run, in read order, after the state of its runs (see ``DependencyList``):
  /// one pointer, to a shared empty header, for a node that never ran a computation.
  @usableFromInline @exclusivity(unchecked) final var dependencies = DependencyList()
  /// The graph this node belongs to (any member of its set: ``rootGraph`` finds the representative), or
  /// ``Graph/unassigned`` until something needs it to have one.
  @usableFromInline @exclusivity(unchecked) final var graph: Graph
  // One byte of the signal's, after the node's own fields: `Signal`'s bytes and counters fill the rest of the words,
  // so they cost a node no memory.
  /// What a delivery of this signal must do besides calling its observers, as bits: ``checkpointHook`` for a node
  /// whose rank makes it a delivery checkpoint; ``deepChainHook`` for a forwarding node deep in its graph (see
  /// ``ChainWalks``); ``secondPortHook`` for one that feeds a join's second port. Zero for nearly every delivery.
  @usableFromInline @exclusivity(unchecked) final var deliveryHooks: UInt8 = 0
  /// Set while a node connects to this signal as the last step of its connect (see
  /// ``Signal/addEdge(to:replay:)``): this signal's connect, if the edge makes one, is a tail call.
  @inlinable final var isTailConnect: Bool {
    get { has(ReactiveFlags.isTailConnect) }
    set { flags = newValue ? flags | ReactiveFlags.isTailConnect : flags & ~ReactiveFlags.isTailConnect }
  }

  /// The bit of ``deliveryHooks`` for a node whose rank is a positive multiple of ``ChainWalks/checkpointRank``.
  @inlinable static var checkpointHook: UInt8 { 1 }
  /// The bit of ``deliveryHooks`` for a forwarding node deep enough in its graph that a deep delivery may reach it
  /// as a tail step: its deliveries check the graph's ``Graph/tailStepCall`` (see ``ChainWalks``).
  @inlinable static var deepChainHook: UInt8 { 2 }
  /// The bit of ``deliveryHooks`` for a signal that has fed a join's second port (``TwoPortSignal``) since it was
  /// made: its deliveries tell such an edge from a subscriber's slot (see
  /// ``Signal/deliverToObservers(_:tailSteps:end:)``). Kept once set: it costs such a signal a test per slot, and
  /// clearing it would need a count of those edges. (The three are constants of this class, not of the generic
  /// `Signal`, whose metadata an unspecialized caller would look up to read them.)
  @inlinable static var secondPortHook: UInt8 { 4 }

  /// Whether this is a derived node that forwards its one upstream's values (``ReactiveFlags/isForwardingNode``).
  @inlinable final var isForwardingNode: Bool { has(ReactiveFlags.isForwardingNode) }
  #if DEBUG
    /// Counts this node in the tests' live-object scope (a variable for the library's own nodes, which are not
    /// counted: see ``EffectNode/init(uncounted:)``).
    @usableFromInline final var liveNode = LiveObject(.signal)
  #endif

  @usableFromInline init(flags: UInt32, rank: Int, graph: Graph) {
    self.flags = flags
    rankStorage = Int32(truncatingIfNeeded: rank)
    self.graph = graph
    super.init()
  }

  deinit {
    if dependencies.hasOwnHeader {  // a consumer that ran: a signal that is no computed never has
      // (The flag is an operator's kind bit too: only a consumer that ran has an input.)
      if _slowPath(has(ReactiveFlags.readsObservation)) { forgetObservationInput() }
      releaseDependencies(from: 0)
      dependencies.deallocate()
    }
    if has(ReactiveFlags.isLabelled) { NodeNames.remove(self) }
  }

  // The state of a consumer's runs, kept at the head of its dependencies' memory (see ``ConsumerState``): written
  // only by a consumer that ran (``track(_:)`` gives it the memory first).

  /// Checks, in debug builds, that this consumer's state is its own: the shared empty header is never written.
  @inlinable @inline(__always) final func assertOwnState() {
    assert(dependencies.hasOwnHeader, "Rill: the state of a consumer that never ran was written")
  }

  /// How many of its dependencies this consumer's running run has confirmed, in order.
  @inlinable @inline(__always) final var runCursor: Int {
    get { Int(truncatingIfNeeded: dependencies.header.pointee.runCursor) }
    set {
      assertOwnState()
      dependencies.header.pointee.runCursor = Int32(truncatingIfNeeded: newValue)
    }
  }

  /// The highest rank of the edges this consumer's running run added (see ``recordOutOfOrder(_:)``).
  @inlinable @inline(__always) final var runHighestRank: Int {
    get { Int(truncatingIfNeeded: dependencies.header.pointee.runHighestRank) }
    set {
      assertOwnState()
      dependencies.header.pointee.runHighestRank = Int32(truncatingIfNeeded: newValue)
    }
  }

  /// The walk of ``refresh()`` that last found this consumer up to date.
  @inlinable @inline(__always) final var freshStamp: UInt {
    get { dependencies.header.pointee.freshStamp }
    set {
      assertOwnState()
      dependencies.header.pointee.freshStamp = newValue
    }
  }

  /// The write epoch at which this unobserved computed was last found up to date (see ``trackedWrites``).
  @inlinable @inline(__always) final var checkedEpoch: Int {
    get { dependencies.header.pointee.checkedEpoch }
    set {
      assertOwnState()
      dependencies.header.pointee.checkedEpoch = newValue
    }
  }

  /// Recomputes a computed's value; returns whether it changed. Overridden by computeds (`false` for the rest).
  @usableFromInline func evaluate() -> Bool {
    false
  }

  /// The graph runs this computed's settle (see ``settleScheduled()``).
  @usableFromInline override func run() {
    settleScheduled()
  }

  /// This computed's settle, as part of a chain of them (see ``_ComputedNode/run()``): returns the next to settle, if any.
  @usableFromInline func settleInChain() -> Unmanaged<ReactiveNode>? {
    settleScheduled()
    return nil
  }

  /// This node's rank rose (``raiseRank(to:)``): a settle it has pending moves to the new rank. Overridden by
  /// signals, whose delivery checkpoint follows, and by operator nodes, whose joins' settles move.
  @usableFromInline func rankRose() {
    if has(ReactiveFlags.isScheduled) && !has(ReactiveFlags.isEffect) {
      rootGraph.moveSettles(of: ObjectIdentifier(self), toRank: rank)
    }
  }

  /// A computed's value changed with observers to tell: the observers subscribed now are the ones its settle
  /// tells (a later one hears the new value as its replay). Overridden by computeds.
  @usableFromInline func noteDeliveryPending() {}

  /// Delivers a computed's new value to the observers of its signal. Overridden by computeds.
  @usableFromInline func deliverChange() {}

  /// This consumer was just linked (it became observed). Overridden by the computeds that follow a signal.
  @usableFromInline func didLink() {}

  /// This consumer was just unlinked (nothing observes it any more). Overridden as ``didLink()``.
  @usableFromInline func didUnlink() {}

  // The edge from an upstream signal to a forwarding node (see ``ForwardingSignal``): overridden there.

  /// Compaction moved this node's edge feeding its port `port` to slot `index` of its upstream.
  @usableFromInline func edgeSlotMoved(to index: Int, port: Int) {
    preconditionFailure("Rill: only a forwarding node has an edge")
  }

  /// Removes this node's edge from its upstream, if its disconnect still waits (see ``Graph/disconnect(_:)``).
  @usableFromInline func disconnectEdge() {
    preconditionFailure("Rill: only a forwarding node has an edge")
  }

  /// What a cycle error says this node is, in a message.
  @usableFromInline var kindDescription: String { "a tracked value" }

  // The live graph (see `LiveGraphWalk.swift`): overridden by each kind of node.

  /// What kind of node the live graph shows.
  var liveKind: NodeKind { .effect }

  /// The type of this node's value, or `nil` for an effect.
  var liveValueType: Any.Type? { nil }

  /// The name ``NodeNames`` keeps for this node, if it was given one.
  var liveName: String? { has(ReactiveFlags.isLabelled) ? NodeNames.name(of: self) : nil }

  /// Why this node last ran (debug builds; see ``RunReason``): a computation's reads by default.
  func runReason() -> RunReason? { trackedRunReason() }

  /// Appends the nodes this one takes values from, while the edges are live: what a consumer read.
  func appendLiveUpstreams(to nodes: inout [AnyObject]) {
    appendLiveDependencies(to: &nodes)
  }

  /// Appends the nodes this one feeds; returns how many other observers it has: the observed consumers that read it.
  func appendLiveDownstreams(to nodes: inout [AnyObject]) -> Int {
    appendLiveDependents(to: &nodes)
    return 0
  }

  /// Appends what this consumer read, while it is observed (linked): unobserved, it has no live edge (rule 10).
  func appendLiveDependencies(to nodes: inout [AnyObject]) {
    guard has(ReactiveFlags.isLinked) else { return }
    for index in 0..<dependencies.count { nodes.append(dependencies[index].source.takeUnretainedValue()) }
  }

  /// Appends the observed consumers that read this node.
  final func appendLiveDependents(to nodes: inout [AnyObject]) {
    guard has(ReactiveFlags.hasSourceFields) else { return }
    for index in 0..<dependents.count { nodes.append(dependents[index].consumer.takeUnretainedValue()) }
  }

  @inlinable @inline(__always) final func has(_ flag: UInt32) -> Bool { flags & flag != 0 }

  /// Gives up the reference this node, about to be freed by ``StackGuard``'s release loop, holds to its first
  /// upstream, when nothing else it frees would release that upstream: for the loop to release after it. `nil` when
  /// it keeps it (a source, a node whose `connect` captures its upstreams).
  func takeUpstreamForRelease() -> ReactiveNode? { nil }

  /// The graph's representative, shortening the path to it for next time; a node with no graph yet gets one.
  @inlinable @inline(__always) final var rootGraph: Graph {
    let graph = self.graph
    guard graph.parent != nil else { return graph }
    return followGraphToRoot()
  }

  /// Points ``graph`` at its set's representative (graphs merged since it was set), or gives a node that had no
  /// graph one (see ``Graph/unassigned``); returns it. Out of line: it is rare.
  @usableFromInline @inline(never) @discardableResult final func followGraphToRoot() -> Graph {
    guard graph !== Graph.unassigned else {
      let made = Graph()
      graph = made
      tookGraph()
      return made
    }
    let root = graph.root
    graph = root
    return root
  }

  /// This node, which had no graph, has one now: an effect in its first run starts a propagation in it, which the
  /// run's end finishes (see ``EffectNode/runFirst()``), as a graph of the effect's own did when it was made with one.
  @inlinable @inline(__always) final func tookGraph() {
    if _slowPath(has(ReactiveFlags.isInFirstRun)) { graph.root.depth &+= 1 }
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

  /// A computation read this subject's value for the first time: from now on its reads are noted and its writes
  /// mark what read it. It takes its graph now, so that a read in a drain finds the drain's context there.
  @usableFromInline final func becomeTrackedSource() {
    flags |= ReactiveFlags.isTrackedSource
    _ = rootGraph
  }

  /// ``followGraphToRoot()`` for a read: leaves a node with no graph yet as it is.
  @usableFromInline @inline(never) final func followGraphToRootForReading() {
    guard graph !== Graph.unassigned else { return }
    graph = graph.root
  }
}

/// The name Rill's own code uses for ``_ReactiveNode``.
@usableFromInline typealias ReactiveNode = _ReactiveNode

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
