/// The shared context of one connected signal graph: it makes deliveries run to completion (rule 5)
/// and lets joins such as `combine` settle once per propagation (rule 6).
///
/// Every signal points at a `Graph`. Signals that operators join (`combine`, `merge`, `withLatestFrom`,
/// `flatMapLatest`) share one: their graphs are merged by union–find, so `root` is the representative
/// that holds the state. A *propagation* starts when a value is sent while the graph is idle; it lasts
/// until every delivery it caused, every join it touched and every send queued during it are done.
@usableFromInline
final class Graph {
  /// The graph this one was merged into, or `nil` for a root.
  @usableFromInline @exclusivity(unchecked) var parent: Graph?
  /// How many propagations are running in this graph: 0 when idle. More than 1 only after two graphs
  /// that were both busy (one inside the other's delivery) have been merged.
  @usableFromInline @exclusivity(unchecked) var depth = 0
  /// Whether the depth-first pass of a send from a subject (a signal of rank 0) is running: every node that
  /// delivers before the pass ends was reached from that subject, so outside a batch a join whose sources each
  /// hang off a different subject by a chain of forwarding nodes can emit at once (see `SoleRoots.swift`). One of
  /// ``RootSend``'s values: whether the send is inside a batch is looked up by the first join that asks.
  @usableFromInline @exclusivity(unchecked) var rootSend = RootSend.none
  /// Joins waiting to emit at the end of the current depth-first pass, by rank.
  @usableFromInline @exclusivity(unchecked) var pending = PendingSettles()
  /// The effects this propagation marked, run when its joins and computeds have settled (see ``EffectQueue``).
  @usableFromInline @exclusivity(unchecked) var effects = EffectQueue()
  /// The rank of the settle running now, `Int.max` while effects run, 0 in a depth-first pass: a computed of lower
  /// rank has settled in this propagation (see ``ReactiveNode/refresh()``).
  @usableFromInline @exclusivity(unchecked) var settlingRank = 0
  /// True while ``drain()`` runs (on the thread of this graph's domain, which runs nothing else meanwhile).
  @usableFromInline @exclusivity(unchecked) var isDraining = false
  /// The tracking context of the thread draining this graph, found by the first computation the drain runs and
  /// kept for the others, so that a propagation through many computeds looks the thread up once, and a read of a
  /// value of this graph finds the consumer running (the context's) without a thread-specific look-up.
  @usableFromInline @exclusivity(unchecked) var drainContext: Unmanaged<TrackingContext>?
  /// Whether this drain counts in ``runningComputations`` for the computations it runs (from its first to its
  /// end), so that each of them need not count itself: two atomic operations per drain, not per computation.
  @usableFromInline @exclusivity(unchecked) var drainHoldsTrackingGate = false
  /// Work queued by sends made during a propagation, first in first out. Its memory follows the backlog,
  /// not the number of sends ever queued, and shrinks after a burst (see ``FIFOQueue``).
  @usableFromInline @exclusivity(unchecked) var queue = FIFOQueue<() -> Void>()
  /// True while ``disconnect(_:)`` runs its loop; the disconnects it causes wait in `nextEdgeDisconnect` and
  /// `disconnecting`.
  @exclusivity(unchecked) var isDisconnecting = false
  /// The first disconnect waiting, when it is an edge's and nothing else waits: a chain of forwarding nodes
  /// disconnects through this one field, one node after the other, without the queue.
  @exclusivity(unchecked) var nextEdgeDisconnect: ReactiveNode?
  /// The disconnects waiting after `nextEdgeDisconnect`, in order.
  @exclusivity(unchecked) var disconnecting = FIFOQueue<PendingDisconnect>()
  /// How many open batches hold this graph (see ``batch(_:)``): each adds one to `depth`, so the graph is
  /// idle for deliveries when `depth == batchHolds`, and its joins settle when the last hold ends.
  @usableFromInline @exclusivity(unchecked) var batchHolds = 0
  /// How many graphs were merged into this one (union by size keeps `root` short).
  @exclusivity(unchecked) var size = 1
  /// How many connects of derived nodes are running in this graph, one inside another (see ``ChainWalks``).
  @usableFromInline @exclusivity(unchecked) var connectNesting = 0
  /// A node whose connect, a tail call deep in a chain, waits for the loop of the connect below it.
  @exclusivity(unchecked) var deferredConnect: (any DeferredConnecting)?
  /// The address of the observer a deep delivery is calling as a tail step, or 0: the node that is that observer
  /// (the node of an edge) takes the step (see ``ChainWalks``).
  @usableFromInline @exclusivity(unchecked) var tailStepCall: UInt = 0
  /// How many more tail steps the node taking `tailStepCall` delivers before one is handed back.
  @usableFromInline @exclusivity(unchecked) var tailSteps = 0
  /// How many checkpoint deliveries are running in this graph, one inside another (see ``ChainWalks``).
  @usableFromInline @exclusivity(unchecked) var checkpointNesting = 0
  /// The delivery a tail target handed back, for the delivery that marked it to run (see ``ChainWalks``). Not
  /// retained: its node owns it, and `handedBackNode` keeps the node.
  @usableFromInline @exclusivity(unchecked) var handedBackDelivery: Unmanaged<HandBackRunner>?
  /// The node whose delivery waits in `handedBackDelivery`, kept alive until it has run: the observer that called
  /// it may have been cancelled (and freed) by then.
  @usableFromInline @exclusivity(unchecked) var handedBackNode: AnyObject?
  /// Observers removed from a signal of this graph while they may be running, each with its signal, released when
  /// that signal's outermost delivery ends (see ``Signal/retire(_:)``): empty, and no memory, nearly always.
  @usableFromInline @exclusivity(unchecked) var retired =
    ContiguousArray<(signal: ObjectIdentifier, observer: Unmanaged<AnyObject>)>()
  /// The rise links of this graph's nodes, keyed by the node above (see `RankRise.swift`): empty, and no memory,
  /// in a graph with no computed and no `flatMapLatest`.
  @usableFromInline @exclusivity(unchecked) var riseLinks: [ObjectIdentifier: [ObjectIdentifier: RiseLink]] = [:]
  #if DEBUG
    /// Counts this graph in the tests' live-object scope.
    let live: LiveObject
  #endif

  @usableFromInline init() {
    #if DEBUG
      live = LiveObject(.graph)
    #endif
  }

  /// The graph of a subject or a computed until something needs a graph of its own for it (a subscriber, a send, a
  /// tracked read of a subject, a link to what it reads): so an unobserved computed and a subject nobody used cost
  /// no graph (issue 31). Never written and never a root: its `parent` is set, so the fast paths that test
  /// `graph.parent == nil` take their slow path, where ``ReactiveNode/rootGraph`` gives the object a graph of its own; a read that only asks whether the graph is busy
  /// (``ReactiveNode/withRootGraph(_:)``) gets this one, idle. Shared by every thread, safely: nothing writes to it
  /// after it is made (`nonisolated(unsafe)` says so to the compiler, which cannot see it).
  @usableFromInline nonisolated(unsafe) static let unassigned: Graph = {
    let placeholder = Graph(uncounted: ())
    placeholder.parent = Graph(uncounted: ())
    return placeholder
  }()

  /// A graph that the live-object counts leave out: the library's own, living as long as the process or a thread (see
  /// ``unassigned``, and the check of `ObservationReads.swift`).
  init(uncounted: Void) {
    #if DEBUG
      live = LiveObject(uncounted: .graph)
    #endif
  }

  /// How many queued sends the queue holds before it must grow, for the tests of its memory.
  var queueCapacity: Int { queue.capacity }

  /// The representative of this graph's set.
  @inlinable var root: Graph {
    assert(self !== Graph.unassigned, "Rill: the placeholder graph was asked for its root")
    var graph = self
    while let parent = graph.parent { graph = parent }
    return graph
  }

  /// Whether a propagation has pending joins or queued sends left to run.
  @inlinable var hasWork: Bool { !pending.isEmpty || !queue.isEmpty || !effects.isEmpty }

  /// The sends that the open ``batch(_:)`` of this thread queued here, delivered together as one step of
  /// `queue`; `nil` outside such a batch (see ``BatchScope/queue(_:in:)``).
  @exclusivity(unchecked) var batchedSends: BatchedSends?

  /// Queues `work` to run after the current propagation and everything queued before it. Inside a
  /// ``batch(_:)``, the work joins the batch's other sends queued in this graph, delivered as one step.
  @usableFromInline func enqueue(_ work: @escaping () -> Void) {
    if let scope = BatchScope.openOnThisThread {
      scope.queue(work, in: self)
      return
    }
    queue.append(work)
  }

  /// Asks `settle` to run once this propagation's depth-first pass is over, after every join of
  /// lower rank (nearer the sources) and after the joins of its rank scheduled before it. `node` names the
  /// join, so that its rank can still rise.
  ///
  /// - Complexity: Amortized O(1) (see ``PendingSettles``).
  @inlinable func schedule(rank: Int, of node: ObjectIdentifier, _ settle: Unmanaged<JoinSettle>) {
    settle._withUnsafeGuaranteedRef { $0.scheduled() }
    pending.append(PendingSettle(rank: rank, node: node, join: settle))
  }

  /// Schedules `settle` (see ``schedule(rank:of:_:)``) from a loop that keeps the common case small: out of line.
  @usableFromInline @inline(never) func appendSettle(_ settle: PendingSettle) {
    pending.append(settle)
  }

  /// The rank of `node` rose while it may have a settle pending (a `flatMapLatest` above it switched
  /// during a propagation): its pending settles move to the new rank, after the deeper joins now above it.
  /// Called on the root.
  ///
  /// - Complexity: O(1): the move happens when the settle's turn comes.
  @usableFromInline func moveSettles(of node: ObjectIdentifier, toRank rank: Int) {
    pending.raise(node, to: rank)
  }

  /// Ends `connection`, a node's connection upstream, without recursing once per node: a disconnect that
  /// makes an upstream node disconnect in turn is queued here and run by the outermost call, in a loop. So
  /// tearing down a chain 10,000 nodes deep uses a constant amount of stack, and every node has
  /// disconnected when the outermost call returns.
  @usableFromInline func disconnect(_ connection: PendingDisconnect) {
    if isDisconnecting {
      disconnecting.append(connection)
      return
    }
    isDisconnecting = true
    connection.run()
    runWaitingDisconnects()
  }

  /// Removes the edge of `node`, a node fed by edges whose last observer left, as ``disconnect(_:)`` ends a
  /// connection: at once, or, inside a disconnect, after those already waiting.
  @usableFromInline func disconnectEdge(of node: ReactiveNode) {
    if isDisconnecting {
      if nextEdgeDisconnect == nil && disconnecting.isEmpty {
        nextEdgeDisconnect = node
      } else {
        disconnecting.append(.edge(node))
      }
      return
    }
    isDisconnecting = true
    node.disconnectEdge()
    runWaitingDisconnects()
  }

  /// Runs the disconnects that those already run made wait, in order, until none is left.
  private func runWaitingDisconnects() {
    while true {
      if let node = nextEdgeDisconnect.take() {
        node.disconnectEdge()
      } else if let next = disconnecting.popFirst() {
        next.run()
      } else {
        break
      }
    }
    isDisconnecting = false
  }

  /// Runs the deliveries handed back to a deep checkpoint's delivery, one after the other, until none is left
  /// (see ``ChainWalks``). Called on the root.
  @usableFromInline func runHandedBackDeliveries() {
    var graph = self
    while let pending = graph.handedBackDelivery.take() {
      let node = graph.handedBackNode.take()
      pending._withUnsafeGuaranteedRef { $0.run() }
      withExtendedLifetime(node) {}
      if graph.parent != nil { graph = graph.root }  // the delivery joined this graph to another
    }
  }

  /// Runs everything the current propagation left: joins and computeds in order of rank, then the effects it
  /// marked, then queued sends one at a time, each followed by the joins, computeds and effects it touched, until
  /// nothing is left.
  @usableFromInline func drain() {
    isDraining = true
    while true {
      if let settle = pending.takeFirst() {
        settlingRank = settle.rank
        settle.settle()
      } else if !effects.isEmpty {
        settlingRank = .max
        runEffects()
      } else if let work = queue.popFirst() {
        settlingRank = 0
        work()
      } else {
        settlingRank = 0
        endDraining()
        return
      }
    }
  }

  /// Runs the joins and computeds waiting to settle, in order of rank, and nothing else; returns whether there were
  /// any. (A batch over several graphs settles each of them before any of their effects runs.)
  func settlePending() -> Bool {
    // A graph draining further up the stack (one the batch came to hold by a merge) settles in that drain.
    guard !pending.isEmpty && !isDraining else { return false }
    isDraining = true
    while let settle = pending.takeFirst() {
      settlingRank = settle.rank
      settle.settle()
    }
    settlingRank = 0
    endDraining()
    return true
  }

  /// A drain is over: the thread's context and the tracking gate it kept for its computations go.
  @usableFromInline func endDraining() {
    isDraining = false
    drainContext = nil
    if drainHoldsTrackingGate { releaseDrainTrackingGate() }
  }

  /// Ends the outermost propagation of this (root) graph: drains its work, then marks it idle.
  ///
  /// Draining can merge this graph into another one (an operator joining graphs from inside a queued
  /// send), which moves the remaining work and this propagation's count to the new root; so the loop
  /// follows the root until the propagation that is left owns no work, and ends it there.
  ///
  /// Inside a ``batch(_:)`` the work waits instead: the batch holds the graph, and calls this again when it
  /// ends. (So a send with nothing left to settle or run costs a batch nothing, and a send outside any batch
  /// never looks for one.)
  @usableFromInline func drainAndFinish() {
    if _slowPath(BatchScope.holdIfBatching(self)) { return }
    // Held to the end: a drain can merge this graph into another, after which the signals that held it may let
    // it go (and the caller may not hold it; see ``Signal/finishPropagation()``).
    withExtendedLifetime(self) {
      if depth == 1 && hasWork { drain() }
      // Nearly always still the root, with nothing left.
      if _fastPath(parent == nil && !(depth == 1 && hasWork)) {
        depth &-= 1
        return
      }
      var graph = root
      while graph.depth == 1 && graph.hasWork {
        graph.drain()
        graph = graph.root
      }
      graph.depth &-= 1
    }
  }

  /// Merges the sets of `self` and `other`, keeping any work either had, and returns the new root.
  @discardableResult
  @usableFromInline func union(_ other: Graph) -> Graph {
    var big = root
    var small = other.root
    guard big !== small else { return big }
    if big.size < small.size { swap(&big, &small) }
    small.parent = big
    big.size += small.size
    big.depth += small.depth
    big.batchHolds += small.batchHolds
    big.connectNesting += small.connectNesting
    big.checkpointNesting += small.checkpointNesting
    if big.deferredConnect == nil { big.deferredConnect = small.deferredConnect.take() }
    if big.handedBackDelivery == nil, let delivery = small.handedBackDelivery.take() {
      big.handedBackDelivery = delivery
      big.handedBackNode = small.handedBackNode.take()
    }
    big.pending.absorb(&small.pending)
    if !small.effects.isEmpty { big.effects.absorb(&small.effects) }
    while let work = small.queue.popFirst() { big.queue.append(work) }
    if !small.retired.isEmpty {
      big.retired.append(contentsOf: small.retired)
      small.retired = []
    }
    if !small.riseLinks.isEmpty {
      // A node is in one set, so no key is in both: the merge only moves them.
      big.riseLinks.merge(small.riseLinks) { mine, _ in mine }
      small.riseLinks = [:]
    }
    small.depth = 0
    small.batchHolds = 0
    return big
  }
}

extension Graph {
  /// Releases the observers retired from `signal` (see ``retired``), after taking them out: releasing one may run
  /// code that retires others.
  func releaseRetired(of signal: ObjectIdentifier) {
    var released = ContiguousArray<Unmanaged<AnyObject>>()
    retired.removeAll { entry in
      guard entry.signal == signal else { return false }
      released.append(entry.observer)
      return true
    }
    for observer in released { observer.release() }
  }
}

/// A node's connection upstream that ``Graph/disconnect(_:)`` ends: a subscription, or a forwarding node's edge.
@usableFromInline
enum PendingDisconnect {
  /// A subscription to cancel.
  case subscription(Subscription)
  /// A forwarding node whose edge upstream to remove (see ``ReactiveNode/disconnectEdge()``).
  case edge(ReactiveNode)

  func run() {
    switch self {
    case .subscription(let subscription): subscription.cancel()
    case .edge(let node): node.disconnectEdge()
    }
  }
}
