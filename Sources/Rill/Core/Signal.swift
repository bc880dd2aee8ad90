/// A stream of values you can observe.
///
/// A signal calls its observers, in the order they subscribed, with each value it emits. Signals carry
/// values only: they never complete and never fail (send a `Result` when a failure must travel).
/// You get signals from a ``Subject`` or ``CurrentValueSubject`` and from operators such as
/// ``map(_:)``, ``filter(_:)`` and ``combine(_:)->Signal<(Source)>``.
///
/// ```swift
/// let clicks = Subject<Int>()
/// let doubled = clicks.map { $0 * 2 }
/// let subscription = doubled.subscribe { print($0) }
/// clicks.send(1)   // prints 2
/// clicks.send(2)   // prints 4
/// ```
///
/// The rules every signal keeps are in the contract article: order, replay, cancel, subscribe during
/// delivery, run to completion, glitch-free joins, lifetime, isolation and cost.
///
/// Signals are not `Sendable`: a signal graph lives in one isolation domain (the main actor in an app,
/// one actor on a server), so delivery needs no locks.
public class Signal<Value>: _ReactiveNode {
  // A byte and the counters first, in 16 and 32 bits: they fill the words the node's fields end in.
  /// A derived node's replay cache (``DerivedSignal/replays``, ``DerivedSignal/hasLatest``): 0 for a node that does
  /// not replay (and every other signal), 1 for one that replays and holds no value, 2 for one that holds a value.
  /// One byte, kept here where it costs no memory: an `emit` tests it and writes it as it would a `Bool` of its own.
  @usableFromInline @exclusivity(unchecked) final var replayState: UInt8 = 0
  /// The slot whose observer the innermost running delivery is calling.
  @inlinable @inline(__always) final var deliveringIndex: Int {
    get { Int(truncatingIfNeeded: deliveringIndexStorage) }
    set { deliveringIndexStorage = Int32(truncatingIfNeeded: newValue) }
  }
  /// How many observers are live (slots that are not tombstones).
  @inlinable @inline(__always) final var observerCount: Int {
    get { Int(truncatingIfNeeded: observerCountStorage) }
    set { observerCountStorage = Int32(truncatingIfNeeded: newValue) }
  }
  /// How many deliveries of this signal are on the stack; slots are compacted only at 0. In 16 bits: each is a
  /// nest of calls on one thread's stack, which 65,535 of would overflow long before the count.
  @usableFromInline @exclusivity(unchecked) final var deliveryDepth: UInt16 = 0
  /// ``deliveringIndex``'s storage.
  @usableFromInline @exclusivity(unchecked) final var deliveringIndexStorage: Int32 = -1
  /// ``observerCount``'s storage.
  @usableFromInline @exclusivity(unchecked) final var observerCountStorage: Int32 = 0
  /// A derived node's slot in its first upstream while connected by an edge (``DerivedSignal/upstreamSlot``), -1
  /// otherwise. Kept here, in the word the counters share, where it costs no memory; no other signal uses it.
  @usableFromInline @exclusivity(unchecked) final var upstreamSlotStorage: Int32 = -1
  /// The observers, in subscription order: one inline, more in a list; a cancelled observer leaves a tombstone
  /// (`nil`) until the next compaction.
  @usableFromInline @exclusivity(unchecked) final var slots = ObserverSlots()
  /// Whether ``named(_:)`` or ``traced(_:)`` gave this signal a label, which ``NodeNames`` keeps until the signal
  /// goes (``ReactiveFlags/isLabelled``): an unnamed signal pays no memory for names, and its `deinit` one test.
  final var isLabelled: Bool {
    get { has(ReactiveFlags.isLabelled) }
    set { flags = newValue ? flags | ReactiveFlags.isLabelled : flags & ~ReactiveFlags.isLabelled }
  }
  /// Whether ``traced(_:)`` asked for a line at each run of this signal (``ReactiveFlags/isTraced``; read in debug
  /// builds only).
  @inlinable final var isTraced: Bool {
    get { has(ReactiveFlags.isTraced) }
    set { flags = newValue ? flags | ReactiveFlags.isTraced : flags & ~ReactiveFlags.isTraced }
  }
  /// Observers whose subscriptions were freed on another thread, for this signal's domain to remove (rule 8).
  @usableFromInline final let foreignReleases = ForeignReleases()
  #if DEBUG
    /// Slots moved or dropped by compaction, for the tests that pin cancel cost (rule 9).
    @usableFromInline @exclusivity(unchecked) final var compactionWork = 0
  #endif

  /// A signal in `graph` (see ``ReactiveNode/graph``) at `rank`, with a computed's ``ReactiveFlags`` when it is one.
  @usableFromInline init(graph: Graph, rank: Int, flags: UInt32 = 0) {
    super.init(flags: flags, rank: rank, graph: graph)
    setCheckpoint()
  }

  /// Sets or clears the checkpoint bit for the current rank: after every change of ``ReactiveNode/rank``.
  final func setCheckpoint() {
    let isCheckpoint = rank > 0 && rank % ChainWalks.checkpointRank == 0
    if isCheckpoint {
      deliveryHooks |= ReactiveNode.checkpointHook
    } else {
      deliveryHooks &= ~ReactiveNode.checkpointHook
    }
  }

  deinit {
    // Observers whose subscriptions were freed on another thread after the last delivery are still owned here.
    slots.releaseObservers()
    slots.deallocate()
    if has(ReactiveFlags.hasRetired) { releaseRetired() }
  }

  /// The root of this signal's graph, shortening the path to it for next time; a signal that had no graph yet (see
  /// ``Graph/unassigned``) gets its own now.
  @inlinable @inline(__always) final var currentGraph: Graph { rootGraph }

  /// Registers `observer` to be called with every value this signal emits from now on.
  ///
  /// Observers are called in the order they subscribed (rule 1). A replaying signal — a
  /// ``CurrentValueSubject``, a store's state, or a signal derived from one — calls `observer` with its
  /// current value at once, before `subscribe` returns (rule 2). An observer added while a value is being
  /// delivered does not receive that value (rule 4). The replay runs to completion like any delivery: a
  /// send made from inside it is queued, and delivered after it, still inside `subscribe` (rule 5).
  ///
  /// The observer stays registered until the returned ``Subscription`` is cancelled or freed; keep it
  /// (for example with ``Subscription/store(in:)-(Set<Subscription>)``) for as long as you want values.
  ///
  /// ```swift
  /// let credit = CurrentValueSubject(0)
  /// let subscription = credit.subscribe { print($0) }   // prints 0
  /// credit.value = 5                                     // prints 5
  /// ```
  ///
  /// - Complexity: Amortized O(1).
  @inlinable public final func subscribe(_ observer: @escaping (Value) -> Void) -> Subscription {
    if _slowPath(foreignReleases.arePending) { takeForeignReleases() }  // observers freed on other threads
    // The closure captures only `self`, which serves as its context: no allocation besides the subscription.
    // Built here, it removes the observer with code specialized for the caller's value type.
    let subscription = Subscription(index: slots.count) { [self] in endObserver(of: $0, fromAnotherThread: $1) }
    slots.append(ObserverSlot(observer: Observer(observer), subscription: subscription))
    observerCount += 1
    // The replay (and the connection upstream it may cause) is a delivery like any other: a send made from
    // inside it is queued, and runs before `subscribe` returns when no propagation was running (rule 5).
    let started = startPropagation()
    observerAdded(observer, isFirst: observerCount == 1)
    if started { finishPropagation() }
    return subscription
  }

  /// Subscribes `observer` on behalf of `node`, which it feeds: an operator's node subscribing upstream, a computed
  /// following a signal. The same as ``subscribe(_:)``, except that a walk of the live graph (``liveGraph()``) sees
  /// the edge from this signal to `node` rather than a subscriber.
  @inlinable package final func subscribe(feeding node: AnyObject, _ observer: @escaping (Value) -> Void)
    -> Subscription
  {
    if _slowPath(foreignReleases.arePending) { takeForeignReleases() }
    let subscription = Subscription(index: slots.count) { [self] in endObserver(of: $0, fromAnotherThread: $1) }
    #if DEBUG
      let observer = recordingArrivals(observer, feeding: node)
    #endif
    // The steps of `subscribe(_:)`, written again rather than shared: shared, a subscriber's `subscribe` paid a
    // retain and a release more (measured with callgrind's churn workload).
    slots.append(ObserverSlot(observer: NodeObserver(observer, feeding: node), subscription: subscription))
    observerCount += 1
    let started = startPropagation()
    observerAdded(observer, isFirst: observerCount == 1)
    if started { finishPropagation() }
    return subscription
  }

  /// Called after `observer` joined; `isFirst` when it is the only live observer. Subclasses connect
  /// upstream or replay here.
  @usableFromInline func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {}

  /// Whether this signal gives a new subscriber a value at once (rule 2).
  @usableFromInline var isReplaying: Bool { false }

  /// Called when the last live observer left. Derived signals disconnect upstream here.
  @usableFromInline func lastObserverRemoved() {}

  /// This signal, when its rank can rise after it was built (a computed, a `flatMapLatest` and the nodes below
  /// one); `nil` when it is fixed (subjects, most operator nodes): the nodes below it register rise links with it
  /// (see `RankRise.swift`) only then.
  @usableFromInline var risingNode: ReactiveNode? { nil }

  @usableFromInline override func rankRose() {
    super.rankRose()
    setCheckpoint()
  }

  // The live graph (see `LiveGraphWalk.swift`): overridden by each kind of signal.

  /// What kind of node the live graph shows for this signal.
  override var liveKind: NodeKind { .signal }

  override var liveValueType: Any.Type? { Value.self }

  override var liveName: String? { name }

  /// Appends the nodes this signal takes values from while connected (none for a source).
  override func appendLiveUpstreams(to nodes: inout [AnyObject]) {}

  /// Appends the nodes this signal feeds (its observers that are nodes, the observed computations that read it);
  /// returns how many of its observers are not nodes (subscribers).
  override func appendLiveDownstreams(to nodes: inout [AnyObject]) -> Int {
    let subscribers = appendObservingNodes(to: &nodes)
    appendLiveDependents(to: &nodes)
    return subscribers
  }

  /// Why this signal last ran (debug builds; see ``RunReason``): `nil` for a source.
  override func runReason() -> RunReason? { nil }
}
