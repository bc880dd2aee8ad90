/// The node every operator returns: a signal that connects to its upstream signals when it gets its
/// first observer and disconnects when its last observer leaves (rule 7).
///
/// How it connects is its subclass's: a node fed by edges (``ForwardingSignal``, ``TwoPortSignal``) adds its edges
/// and removes them when its connect runs again; a ``SubscribingSignal`` runs the `connect` closure its operator
/// built, which subscribes upstream and returns the subscription that ends the connection. Each connection starts
/// afresh: per-connection state (a `scan` accumulator, a `take` count, a `combine`'s latest values) lives in the node
/// of an operator fed by edges, which resets it when it connects, and in the `connect` closure's locals for the
/// others, dropped on disconnect.
///
/// A node derived from a replaying signal caches the last value it emitted and gives it to each new
/// observer (rule 2). The first observer needs no cache: connecting makes the upstream replay, and that
/// value flows through the node to it.
///
/// Ranks (rule 6). A node's rank starts one above its deepest upstream. A `flatMapLatest` node can later
/// be fed by an inner signal deeper than itself, and a computed can come to read a deeper value, so its rank must
/// rise, and so must the rank of every node below it that can receive values. Such nodes — a `flatMapLatest`, and
/// every node with one of them or a computed upstream — *can rise*: while connected, each has a rise link with its
/// upstreams that can rise, which their graph keeps; a rise walks them (``ReactiveNode/raiseRank(to:)``, in
/// `RankRise.swift`). A node that connects catches up with its upstreams' ranks, because it heard no rise while it
/// was disconnected. Nodes that cannot rise have no links and skip all of this; a send never touches it: the cost
/// is on connect and on a switch.
@usableFromInline
class DerivedSignal<Value>: Signal<Value> {
  // The fields a delivery reads come first, right after `Signal`'s: `latestInline` is written by every `emit` of a
  // node that replays, so it shares cache lines with the fields the delivery reads there (a send fanning out to
  // thousands of nodes pays a cache miss per line it touches in each). Its facts are bits of `flags`, and its replay
  // cache's state and its slot upstream are in `Signal`'s words: none of them costs a word of its own.

  /// Whether `latestInline`, or the storage it points to, holds the last value emitted (only a node that replays
  /// does). Set only on a node that replays.
  @inlinable @inline(__always) final var hasLatest: Bool {
    get { replayState == 2 }
    set { replayState = newValue ? 2 : 1 }
  }
  /// Whether this node caches its last value for new observers (some upstream replays).
  @inlinable @inline(__always) final var replays: Bool { replayState != 0 }
  /// Whether this node's rank can rise: it switches upstreams itself, or an upstream can rise.
  @inlinable final var canRise: Bool { has(ReactiveFlags.canRise) }
  /// The operator this node is, for the live graph (``Signal/liveGraph()``).
  @inlinable final var kind: OperatorKind {
    get {
      let raw = (flags & ReactiveFlags.operatorKindMask) >> ReactiveFlags.operatorKindShift
      return OperatorKind(rawValue: UInt8(truncatingIfNeeded: raw)).unsafelyUnwrapped
    }
    set {
      flags = flags & ~ReactiveFlags.operatorKindMask | UInt32(newValue.rawValue) << ReactiveFlags.operatorKindShift
    }
  }
  /// A forwarding node's slot in its upstream while connected (see ``ForwardingSignal``), -1 otherwise; kept up to
  /// date by the upstream's compaction.
  @inlinable @inline(__always) final var upstreamSlot: Int {
    get { Int(truncatingIfNeeded: upstreamSlotStorage) }
    set { upstreamSlotStorage = Int32(truncatingIfNeeded: newValue) }
  }
  /// The last value emitted, when the node replays and the value is plain data of at most two words (see
  /// ``keepsLatestInline(_:)``): kept here rather than in storage of its own, an emit writes next to the fields its
  /// delivery reads instead of in another cache line. For any other value of a node that replays, the first word is
  /// the address of room allocated for it (``latestStorage``).
  @usableFromInline @exclusivity(unchecked) final var latestInline: (UInt64, UInt64) = (0, 0)
  /// What few nodes have — upstreams whose rank can rise, the box of a deep chain's hand-back — behind one pointer,
  /// `nil` for the rest (see ``DerivedSignalRarities``).
  @usableFromInline @exclusivity(unchecked) final var rarities: DerivedSignalRarities?
  /// The first upstream signal, held so that the `deinit` can hand it to a loop rather than free it from inside (see
  /// ``StackGuard/releaseFirstUpstream(_:)``): freeing the end of a chain frees one node at a time.
  @usableFromInline @exclusivity(unchecked) final var firstUpstream: ReactiveNode?

  /// The other upstream signals of a join, in order, for the live graph and the run reasons: empty for a node with
  /// one upstream. Kept by the subclass that has them (``TwoPortSignal``, ``SubscribingSignal``).
  var otherUpstreams: [AnyObject] { [] }

  /// Whether this node has more than one upstream (a join).
  @inlinable final var hasOtherUpstreams: Bool { has(ReactiveFlags.isJoin) }

  /// Room for the last value emitted while connected, allocated only when `replays` and the value is not kept in
  /// `latestInline` (whose first word holds its address); it holds a value when `hasLatest`. Raw storage, not an
  /// optional: the code that replays and clears it overrides `Signal`'s methods, so it runs unspecialized, where
  /// each use of an optional `Value` looks up its metadata at run time (about 300 instructions, paid at every
  /// connect and disconnect).
  @inlinable final var latestStorage: UnsafeMutablePointer<Value>? {
    guard !keepsLatestInline(Value.self) else { return nil }  // the word holds the value
    return UnsafeMutablePointer(bitPattern: UInt(truncatingIfNeeded: latestInline.0))
  }

  /// The upstreams whose rank can rise; this node has a rise link with each while it is connected.
  @inlinable final var risingUpstreams: [ReactiveNode] { rarities?.risingUpstreams ?? [] }

  /// Where this node keeps a delivery it hands back in a deep chain (see ``handBack(_:in:)``), once it has.
  @inlinable final var handedBack: HandBack<Value>? {
    guard let box = rarities?.handedBack else { return nil }
    return unsafeDowncast(box, to: HandBack<Value>.self)
  }

  /// A node fed by `upstreams`, whose graphs it joins. `switchesUpstream` is for a node that subscribes
  /// to further signals while connected (``subscribe(toInner:)``): its rank can rise.
  /// `forwards` is for a ``ForwardingSignal``, connected to its one upstream by an edge: a chain of such nodes
  /// delivers in a loop once deep (see ``ChainWalks``).
  @usableFromInline init(
    upstreams: [AnyUpstream],
    kind: OperatorKind,
    replays: Bool? = nil,
    switchesUpstream: Bool = false,
    forwards: Bool = false
  ) {
    var graph = upstreams.first?.graph ?? Graph()
    for other in upstreams.dropFirst() { graph = graph.union(other.graph) }
    let replays = replays ?? upstreams.contains { $0.replays }
    if replays && !keepsLatestInline(Value.self) {
      let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
      latestInline.0 = UInt64(UInt(bitPattern: storage))
    }
    let risingUpstreams = upstreams.compactMap(\.risingNode)
    firstUpstream = upstreams.first?.signal
    if !risingUpstreams.isEmpty { rarities = DerivedSignalRarities(risingUpstreams: risingUpstreams) }
    super.init(graph: graph, rank: 1 + (upstreams.map(\.rank).max() ?? 0))
    if forwards { flags |= ReactiveFlags.isForwardingNode }
    if upstreams.count > 1 { flags |= ReactiveFlags.isJoin }
    if replays { replayState = 1 }
    if switchesUpstream || !risingUpstreams.isEmpty { flags |= ReactiveFlags.canRise }
    self.kind = kind
  }

  deinit {
    if !keepsLatestInline(Value.self), let storage = latestStorage {  // a value kept inline needs nothing done
      if hasLatest { storage.deinitialize(count: 1) }
      storage.deallocate()
    }
    // The first upstream is released by a loop, not from inside this deinit: freeing the end of a chain would
    // otherwise recurse once per node. A subclass's `deinit` lets go of what else holds it first (it runs before
    // this one; its fields are destroyed only after this one has run).
    if rarities != nil { rarities = nil }
    if let upstream = firstUpstream.take() { StackGuard.releaseFirstUpstream(upstream) }
  }

  /// A node fed by edges keeps no other reference to its first upstream (no closure of it captures one): the release
  /// loop may take it, and free the upstream after this node, not from inside its `deinit`.
  override final func takeUpstreamForRelease() -> ReactiveNode? {
    has(ReactiveFlags.connectsByEdge) ? firstUpstream.take() : nil
  }

  /// Delivers `value` to this node's observers, remembering it for replay when the node replays.
  @inlinable final func emit(_ value: Value) {
    #if DEBUG
      if _slowPath(isTraced || hasOtherUpstreams) { noteEmission() }
    #endif
    if keepsLatestInline(Value.self) {
      if replays {
        withUnsafeMutablePointer(to: &latestInline) {
          UnsafeMutableRawPointer($0).storeBytes(of: value, as: Value.self)
        }
        hasLatest = true
      }
    } else if let storage = latestStorage {  // allocated when the node replays
      if hasLatest {
        storage.pointee = value
      } else {
        storage.initialize(to: value)
        hasLatest = true
      }
    }
    deliver(value)
  }

  /// Forgets the last value emitted.
  @usableFromInline final func clearLatest() {
    guard hasLatest else { return }
    hasLatest = false
    if !keepsLatestInline(Value.self) { latestStorage.unsafelyUnwrapped.deinitialize(count: 1) }
  }

  /// The last value emitted; only when `hasLatest`.
  @usableFromInline final var latest: Value {
    guard keepsLatestInline(Value.self) else { return latestStorage.unsafelyUnwrapped.pointee }
    return withUnsafeMutablePointer(to: &latestInline) { UnsafeRawPointer($0).load(as: Value.self) }
  }

  @usableFromInline override var isReplaying: Bool { replays }

  @usableFromInline override var risingNode: ReactiveNode? { canRise ? self : nil }

  /// The rank rose (see `RankRise.swift`): the settles of this node's joins move with it.
  @usableFromInline override func rankRose() {
    super.rankRose()
    currentGraph.moveSettles(of: ObjectIdentifier(self), toRank: rank)
  }

  override var liveKind: NodeKind { kind.nodeKind }

  #if DEBUG
    /// The upstreams of this join that delivered since it last emitted (debug builds; ``RunReason``): a set, so a
    /// join that does not emit for a long time keeps one entry per upstream.
    @usableFromInline final var arrivals = Set<ObjectIdentifier>()
    /// What ``arrivals`` held when the join last emitted; `nil` before its first emission.
    final var lastArrivals: Set<ObjectIdentifier>?
  #endif

  /// The node emits (debug builds): a join keeps which upstreams made the emission; a traced node writes why.
  @usableFromInline final func noteEmission() {
    #if DEBUG
      if hasOtherUpstreams {
        var arrived = lastArrivals.take() ?? []  // taken: unique, so emptying it below allocates nothing
        swap(&arrived, &arrivals)
        arrivals.removeAll(keepingCapacity: true)
        lastArrivals = arrived
      }
      if isTraced { writeTrace() }
    #endif
  }

  override func runReason() -> RunReason? {
    #if DEBUG
      guard let firstUpstream else { return nil }
      guard hasOtherUpstreams else {
        return RunReason(kind: liveKind, name: name, inputs: [RunReason.input(firstUpstream, .changed)])
      }
      guard let lastArrivals else { return nil }
      let inputs = ([firstUpstream] + otherUpstreams).map { upstream in
        RunReason.input(upstream, lastArrivals.contains(ObjectIdentifier(upstream)) ? .changed : .unchanged)
      }
      return RunReason(kind: liveKind, name: name, inputs: inputs)
    #else
      return nil
    #endif
  }

  /// Whether this node is connected upstream: by an edge whose removal does not wait (or, for a
  /// ``SubscribingSignal``, by a subscription).
  var isConnected: Bool {
    upstreamSlot >= 0 && !has(ReactiveFlags.isEdgeDisconnectPending)
  }

  /// Connects this node upstream (its first observer came) — or, for a node fed by edges whose edges are in, removes
  /// them (its disconnect, see ``ForwardingSignal``). Every node overrides it.
  @usableFromInline func connectStep() {
    preconditionFailure("Rill: a derived signal with no connect")
  }

  /// Takes the subscription that connects this node upstream, if it is connected by one (a ``SubscribingSignal``).
  @usableFromInline func takeSubscription() -> Subscription? {
    nil
  }

  override func appendLiveUpstreams(to nodes: inout [AnyObject]) {
    guard isConnected else { return }  // not connected: no edge is live
    if let firstUpstream { nodes.append(firstUpstream) }
    nodes.append(contentsOf: otherUpstreams)
  }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    if isFirst {
      if canRise { joinRisingUpstreams() }
      connectUpstream()
    } else if hasLatest {
      observer(latest)
    }
  }

  /// Connects this node upstream, for its first observer. A connect that is the tail call of the connect below
  /// it (``Signal/addEdge(to:replay:)``) waits, once deep, for the loop of the nearest connect below it
  /// that is not a tail call; that connect runs it when its own has returned (see ``ChainWalks``).
  @usableFromInline final func connectUpstream() {
    // A forwarding node reconnected before the removal of its last edge came: that edge goes first.
    if _slowPath(has(ReactiveFlags.isEdgeDisconnectPending)) { disconnectEdge() }
    let isTailCall = isTailConnect
    if isTailCall {
      isTailConnect = false
      let graph = currentGraph
      // One connect waits at a time: the loop below runs it before anything else can connect.
      if graph.connectNesting >= ChainWalks.connectLimit && graph.deferredConnect == nil {
        graph.deferredConnect = self
        #if DEBUG
          StackGuard.current.handedBack += 1
        #endif
        return
      }
    }
    currentGraph.connectNesting &+= 1
    connectStep()
    currentGraph.connectNesting &-= 1
    guard !isTailCall else { return }  // the connect below runs what waits
    while let next = currentGraph.deferredConnect.take() { next.connectDeferred() }
  }

  /// Keeps `value`, handed back by this node's delivery (a tail target's, see ``ChainWalks``), for `graph`'s
  /// loop to deliver. The box that keeps it is made at the first hand-back and kept, so a steady delivery down a
  /// deep chain allocates nothing.
  @inlinable final func handBack(_ value: Value, in graph: Graph) {
    let box = handedBack ?? makeHandBack()
    box.value = value
    graph.handedBackDelivery = .passUnretained(box)
    graph.handedBackNode = self
    #if DEBUG
      StackGuard.current.handedBack += 1
    #endif
  }

  @inlinable final func makeHandBack() -> HandBack<Value> {
    let box = HandBack<Value>()
    // Unowned: the node keeps the box, and the box its closure. Built here, in the caller's specialized code.
    box.run = { [unowned(unsafe) self, unowned(unsafe) box] in
      if let value = box.value.take() { deliverToObservers(value, tailSteps: ChainWalks.tailSteps) }
    }
    if let rarities {
      rarities.handedBack = box
    } else {
      rarities = DerivedSignalRarities(risingUpstreams: [], handedBack: box)
    }
    return box
  }

  @usableFromInline override func lastObserverRemoved() {
    let connection = has(ReactiveFlags.connectsByEdge) ? nil : takeSubscription()
    clearLatest()
    if canRise {
      for upstream in risingUpstreams { upstream.removeRiseLink(self) }
    }
    if let connection {
      currentGraph.disconnect(.subscription(connection))
    } else if upstreamSlot >= 0 {
      flags |= ReactiveFlags.isEdgeDisconnectPending
      withOwnRootGraph { $0.disconnectEdge(of: self) }
    }
  }
}

extension DerivedSignal: DeferredConnecting {
  /// Connects as a tail call of the loop that runs it, unless the observer that asked has left since.
  func connectDeferred() {
    guard !isConnected, observerCount > 0 else { return }
    if has(ReactiveFlags.isEdgeDisconnectPending) { disconnectEdge() }
    currentGraph.connectNesting &+= 1
    connectStep()
    currentGraph.connectNesting &-= 1
  }
}

/// A node whose connect can wait for the loop of a connect below it (see ``ChainWalks``).
protocol DeferredConnecting: AnyObject {
  /// Connects now, if the node still has observers and is not connected.
  func connectDeferred()
}

/// What runs a delivery a deep chain's node handed back (see ``ChainWalks``), whatever the node's value type: the
/// graph calls it through a reference it does not retain, so the call retains nothing.
@usableFromInline
class HandBackRunner {
  /// Delivers the value handed back. Built by the node, in specialized code.
  @usableFromInline @exclusivity(unchecked) final var run: () -> Void = {}

  @inlinable init() {}
}

/// A delivery a deep chain's node handed back: its value, and the closure that delivers it.
@usableFromInline
final class HandBack<Value>: HandBackRunner {
  @usableFromInline @exclusivity(unchecked) var value: Value?

  @inlinable override init() {}
}

/// The fields of a ``DerivedSignal`` that few nodes use, in one object that only those have: most nodes have no
/// upstream that can rise (no `flatMapLatest` or computed above them) and never hand a delivery back.
@usableFromInline
final class DerivedSignalRarities {
  /// The upstreams whose rank can rise (see ``DerivedSignal/risingUpstreams``).
  @usableFromInline let risingUpstreams: [ReactiveNode]
  /// The node's `HandBack` box, once it has handed a delivery back (see ``DerivedSignal/handedBack``).
  @usableFromInline @exclusivity(unchecked) var handedBack: AnyObject?

  @usableFromInline init(risingUpstreams: [ReactiveNode], handedBack: AnyObject? = nil) {
    self.risingUpstreams = risingUpstreams
    self.handedBack = handedBack
  }
}

/// Whether a node whose values are `Value`s keeps the last one emitted in ``DerivedSignal/latestInline``: plain data
/// (nothing to retain or free) that fits in two words. Known at compile time where the node's code is specialized.
///
/// A function of the value type, not a static property of the node's class: in the node's unspecialized code (its
/// `deinit`, its disconnect) `DerivedSignal.keepsLatestInline` made the runtime look the class's metadata up in its
/// cache (about 330 instructions, a third of a node's teardown), where `Value`'s metadata is at hand in the node's
/// own; and `Self.keepsLatestInline` made an unoptimized build load the dynamic `Self` first thing in a function,
/// which the address sanitizer answers by allocating each of the function's locals on its own (``emit(_:)``'s frame
/// 0.9 → 0.7 KB).
@inlinable @inline(__always) func keepsLatestInline<Value>(_ type: Value.Type) -> Bool {
  _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<(UInt64, UInt64)>.size
    && MemoryLayout<Value>.alignment <= MemoryLayout<(UInt64, UInt64)>.alignment
}
