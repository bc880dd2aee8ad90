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
public class Signal<Value> {
  /// The observers, in subscription order; a cancelled observer leaves a tombstone (`nil`) until the
  /// next compaction.
  @usableFromInline @exclusivity(unchecked) final var slots: ContiguousArray<ObserverSlot<Value>> = []
  /// Observers removed while they may be running, released when the outermost delivery ends: a delivery calls
  /// each observer without retaining it, so the one running must outlive its removal.
  @usableFromInline @exclusivity(unchecked) final var retired: ContiguousArray<Unmanaged<Observer<Value>>> = []
  /// The slot whose observer the innermost running delivery is calling.
  @usableFromInline @exclusivity(unchecked) final var deliveringIndex = -1
  /// How many observers are live (slots that are not tombstones).
  @usableFromInline @exclusivity(unchecked) final var observerCount = 0
  /// How many deliveries of this signal are on the stack; slots are compacted only at 0.
  @usableFromInline @exclusivity(unchecked) final var deliveryDepth = 0
  /// This signal's graph (possibly a non-root member of it; see ``currentGraph``).
  @usableFromInline @exclusivity(unchecked) final var graph: Graph
  /// Distance from the graph's sources: 0 for a subject, more than every upstream's otherwise. Joins
  /// settle in this order (rule 6). It rises, never falls, when a `flatMapLatest` upstream of this node
  /// switches to a deeper inner signal (see ``DerivedSignal/raiseRank(above:)``); sends only read it.
  @usableFromInline @exclusivity(unchecked) final var rank: Int {
    didSet { setCheckpoint() }
  }
  /// What a delivery of this signal must do besides calling its observers, as bits: ``checkpointHook`` for a
  /// node whose rank makes it a delivery checkpoint; ``deepChainHook`` for a forwarding node deep in its graph
  /// (see ``ChainWalks``). Zero for nearly every delivery.
  @usableFromInline @exclusivity(unchecked) final var deliveryHooks: UInt8 = 0
  /// Set while a node subscribes to this signal as the last step of its connect (see
  /// ``subscribe(forwardingTo:_:)``): this signal's connect, if the subscribe makes one, is a tail call.
  @usableFromInline @exclusivity(unchecked) final var isTailConnect = false
  /// Whether this is a derived node that forwards its one upstream's values, the last step of its observer (a
  /// `map`, `filter`, …; see ``subscribe(forwardingTo:_:)``).
  @usableFromInline @exclusivity(unchecked) final var isForwardingNode = false
  /// Observers whose subscriptions were freed on another thread, for this signal's domain to remove (rule 8).
  @usableFromInline final let foreignReleases = ForeignReleases()
  #if DEBUG
    /// Slots moved or dropped by compaction, for the tests that pin cancel cost (rule 9).
    @usableFromInline @exclusivity(unchecked) final var compactionWork = 0
    /// Counts this signal in the tests' live-object scope.
    @usableFromInline final let live = LiveObject(.signal)
  #endif

  @usableFromInline init(graph: Graph, rank: Int) {
    self.graph = graph
    self.rank = rank
    setCheckpoint()
  }

  /// The bit of ``deliveryHooks`` for a node whose rank is a positive multiple of ``ChainWalks/checkpointRank``.
  @usableFromInline static var checkpointHook: UInt8 { 1 }
  /// The bit of ``deliveryHooks`` for a forwarding node deep enough in its graph that a deep delivery may reach it
  /// as a tail step: its deliveries check the graph's ``Graph/tailStepCall`` (see ``ChainWalks``).
  @usableFromInline static var deepChainHook: UInt8 { 2 }

  /// Sets or clears the checkpoint bit for the current rank.
  final func setCheckpoint() {
    let isCheckpoint = rank > 0 && rank % ChainWalks.checkpointRank == 0
    if isCheckpoint {
      deliveryHooks |= Signal.checkpointHook
    } else {
      deliveryHooks &= ~Signal.checkpointHook
    }
  }

  deinit {
    // Observers whose subscriptions were freed on another thread after the last delivery are still owned here.
    for slot in slots { slot.observer?.release() }
    for observer in retired { observer.release() }
  }

  /// The root of this signal's graph, shortening the path to it for next time.
  @inlinable @inline(__always) final var currentGraph: Graph {
    let graph = self.graph
    guard graph.parent != nil else { return graph }
    let root = graph.root
    self.graph = root
    return root
  }

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

  /// Subscribes `observer`, which forwards each value to `node`'s delivery as its last step (`node.emit(…)`,
  /// nothing after it), as the last step of `node`'s connect. Both facts let a deep chain connect and deliver
  /// in a loop (see ``ChainWalks``): this signal's first connect may wait for the connect below to return, and a
  /// deep delivery may run `node`'s delivery after the observer returns instead of from inside it.
  @inlinable final func subscribe<Node>(
    forwardingTo node: DerivedSignal<Node>,
    _ observer: @escaping (Value) -> Void
  ) -> Subscription {
    isTailConnect = true
    let subscription = subscribe(observer)
    isTailConnect = false
    // A node this deep in a chain of forwarding nodes may be reached by a deep delivery as a tail step: its
    // deliveries check for one. (Below a join, a delivery starts afresh from the join's settle.)
    if node.rank >= ChainWalks.deepRank && isForwardingNode { node.deliveryHooks |= Signal<Node>.deepChainHook }
    return subscription
  }

  /// Called after `observer` joined; `isFirst` when it is the only live observer. Subclasses connect
  /// upstream or replay here.
  @usableFromInline func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {}

  /// Whether this signal gives a new subscriber a value at once (rule 2).
  @usableFromInline var isReplaying: Bool { false }

  /// Called when the last live observer left. Derived signals disconnect upstream here.
  @usableFromInline func lastObserverRemoved() {}

  /// This signal as a node whose rank can rise, or `nil` when its rank is fixed (subjects, and nodes
  /// with no `flatMapLatest` upstream of them).
  @usableFromInline var risingNode: (any RisingNode)? { nil }

  /// Calls every observer that was subscribed when the delivery started and is still subscribed when
  /// its turn comes, in order.
  @inlinable final func deliver(_ value: Value) {
    if _slowPath(deliveryHooks != 0) {
      deliverWithHooks(value)
      return
    }
    deliverToObservers(value, tailSteps: -1)
  }

  /// The delivery of a checkpoint or of a tail target (see ``ChainWalks``): a tail target hands its delivery
  /// back to the delivery that marked it; a checkpoint nested deep delivers down its chain in a loop.
  @inlinable @inline(never) final func deliverWithHooks(_ value: Value) {
    // Nearly always no tail step is being called: one load.
    if deliveryHooks & Signal.deepChainHook != 0 && withRootGraph({ $0.tailStepCall != 0 }) {
      // A forwarding node deep in its graph, reached as the last step of a deep delivery, every step of it a last
      // step, if the observer running is its own connection upstream: deliver now, with one step less for the
      // next node, or, at the last step, hand the delivery back. One delivery is handed back at a time; were
      // another waiting, this one runs now.
      let node = unsafeDowncast(self, to: DerivedSignal<Value>.self)
      let steps = withRootGraph { graph -> Int in
        guard let upstream = node.upstream,
          graph.tailStepCall == UInt(bitPattern: Unmanaged.passUnretained(upstream).toOpaque())
        else { return -1 }
        graph.tailStepCall = 0
        return graph.handedBackDelivery == nil || graph.tailSteps > 0 ? graph.tailSteps : -1
      }
      if steps > 0 {
        deliverToObservers(value, tailSteps: steps &- 1)
        return
      }
      if steps == 0 {
        withRootGraph { node.handBack(value, in: $0) }
        return
      }
    }
    guard deliveryHooks & Signal.checkpointHook != 0 else {
      deliverToObservers(value, tailSteps: -1)
      return
    }
    let isDeep = withRootGraph { graph -> Bool in
      graph.checkpointNesting &+= 1
      return graph.checkpointNesting > ChainWalks.deepCheckpoints
    }
    if isDeep {
      deliverToObservers(value, tailSteps: ChainWalks.tailSteps)
      withRootGraph { $0.runHandedBackDeliveries() }
    } else {
      deliverToObservers(value, tailSteps: -1)
    }
    withRootGraph { $0.checkpointNesting &-= 1 }
  }

  /// Calls the observers, in order. With `tailSteps` 0 or more, the last observer is called as a tail step with that
  /// many more steps, which the node it forwards to takes (see ``deliverWithHooks(_:)``); -1 marks nothing.
  @inlinable final func deliverToObservers(_ value: Value, tailSteps: Int) {
    if _slowPath(foreignReleases.arePending) { takeForeignReleases() }
    let end = slots.count
    let outerIndex = deliveringIndex
    deliveryDepth &+= 1
    var index = 0
    while index < end {
      // Not retained: a slot owns its observer, and the running one, if removed, is kept in `retired` until the
      // delivery ends (see ``release(_:at:)``).
      if let observer = slots[index].observer {
        deliveringIndex = index
        if tailSteps >= 0 && index == end &- 1 {
          // Names the call by its subscription's address, which is compared, never read: the subscription may be
          // freed on another thread meanwhile (rule 8), or cancelled by the observer.
          let call = UInt(bitPattern: slots[index].subscription.toOpaque())
          withRootGraph { graph in
            graph.tailStepCall = call
            graph.tailSteps = tailSteps
          }
          observer._withUnsafeGuaranteedRef { $0.receive(value) }
          withRootGraph { $0.tailStepCall = 0 }
        } else {
          observer._withUnsafeGuaranteedRef { $0.receive(value) }
        }
      }
      index &+= 1
    }
    deliveringIndex = outerIndex
    deliveryDepth &-= 1
    // A removal during the delivery left a tombstone, so the count differs whenever something was retired.
    if _slowPath(slots.count != observerCount) && deliveryDepth == 0 {
      compactIfWorthIt()
      if !retired.isEmpty { releaseRetired() }
    }
  }

  /// Releases the observers removed during the delivery that just ended.
  @usableFromInline final func releaseRetired() {
    let observers = retired
    retired.removeAll(keepingCapacity: true)
    for observer in observers { observer.release() }
  }

  /// Releases `observer`, removed from slot `index`: now, unless it may be running — the observer the one
  /// running delivery is calling, or any observer while deliveries of this signal are nested — in which case
  /// when the outermost delivery ends.
  @inlinable final func release(_ observer: Unmanaged<Observer<Value>>, at index: Int) {
    if deliveryDepth == 0 || (deliveryDepth == 1 && index != deliveringIndex) {
      observer.release()
    } else {
      retired.append(observer)
    }
  }

  /// Asks the graph's root to run `settle` when this propagation's depth-first pass is over (see
  /// ``Graph/schedule(rank:of:_:)``), reading the graph in place, without retaining it.
  @inlinable final func scheduleSettle(_ settle: Unmanaged<JoinSettle>) {
    if _fastPath(graph.parent == nil) {
      Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef {
        $0.schedule(rank: rank, of: ObjectIdentifier(self), settle)
      }
    } else {
      currentGraph.schedule(rank: rank, of: ObjectIdentifier(self), settle)
    }
  }

  /// Runs `body` with this signal's graph's root, read in place, without retaining it: this signal keeps it.
  @inlinable @inline(__always) final func withRootGraph<Result>(_ body: (Graph) -> Result) -> Result {
    if _fastPath(graph.parent == nil) {
      return Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef(body)
    }
    _ = currentGraph  // makes `graph` the root
    return Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef(body)
  }

  /// Whether a propagation is running in this signal's graph. Reads the graph in place, without retaining it.
  @inlinable @inline(__always) final var isPropagating: Bool {
    if _fastPath(graph.parent == nil) { return graph.depth != 0 }
    return currentGraph.depth != 0
  }

  /// Marks this signal's graph busy and returns true if it was idle: the caller delivers, then calls
  /// ``finishPropagation()``. Returns false, changing nothing, when a propagation is running.
  ///
  /// Inside a ``batch(_:)``, a graph the batch holds counts as idle when no delivery is running in it: the
  /// send is delivered at once, and its joins settle when the batch ends.
  @inlinable final func startPropagation() -> Bool {
    // The common case reads the graph in place, without retaining it (a pair of atomic operations per send).
    if _fastPath(graph.parent == nil) {
      guard graph.depth == graph.batchHolds else { return false }
      graph.depth &+= 1
      return true
    }
    let root = currentGraph
    guard root.depth == root.batchHolds else { return false }
    root.depth &+= 1
    return true
  }

  /// Runs `deliver(value)` as a propagation of this signal's graph, or queues it if one is running.
  @inlinable final func propagate(_ value: Value) {
    guard startPropagation() else {
      currentGraph.enqueue { [self] in deliver(value) }
      return
    }
    deliver(value)
    finishPropagation()
  }

  /// Ends a propagation of this signal's graph. The same as ``finishPropagation(startedIn:)`` with the graph
  /// it started in (graphs only ever merge, so that graph's root is this signal's), without keeping that
  /// graph retained across the delivery.
  @inlinable final func finishPropagation() {
    if _fastPath(graph.parent == nil) {
      if _fastPath(!(graph.depth == 1 && graph.hasWork)) {
        graph.depth &-= 1
        return
      }
      // Not retained here: this signal holds its graph until the drain starts, and the drain holds it from there.
      Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef { $0.drainAndFinish() }
      return
    }
    finishPropagation(startedIn: graph)
  }

  /// Ends a propagation begun in `graph` (which may since have been merged into another): the
  /// outermost one runs pending joins and queued sends before the graph goes idle.
  @inlinable final func finishPropagation(startedIn graph: Graph) {
    let root = graph.parent == nil ? graph : graph.root
    if _fastPath(!(root.depth == 1 && root.hasWork)) {
      root.depth &-= 1
      return
    }
    root.drainAndFinish()
  }

  /// Ends the observer in slot `index`: it is never called again, even if a delivery is in progress (rule 3).
  /// Whatever it captured is freed now; an observer removed while it runs (it cancelled itself, or something it
  /// called did) is freed when the delivery that called it ends.
  ///
  /// The removed observer is released last, after the bookkeeping: releasing the closure can run a deinit that
  /// cancels other subscriptions of this signal, which must find the slots consistent.
  @inlinable final func removeObserver(at index: Int) {
    let removed = slots[index].observer
    slots[index].observer = nil
    observerCount -= 1
    if deliveryDepth == 0 {
      if index == slots.count - 1 {
        slots.removeLast()
        while let last = slots.last, last.observer == nil { slots.removeLast() }
      } else if slots.count > 2 * observerCount {
        compact()
      }
    }
    if observerCount == 0 { lastObserverRemoved() }
    if let removed { release(removed, at: index) }
  }

  @inlinable final func compactIfWorthIt() {
    if slots.count > 2 * observerCount || observerCount == 0 { compact() }
  }

  /// Removes the tombstones, keeping the live observers in order and telling each subscription its new
  /// index. Amortized O(1) per cancel: it runs only when tombstones outnumber live observers.
  ///
  /// It holds the lock of ``foreignReleases``: a subscription being freed on another thread reads its index
  /// under that lock, and once it has posted it, it may be gone, so its slot's index moves in the inbox instead.
  @inlinable final func compact() {
    foreignReleases.withPending { pending in
      pending.sort()
      var next = 0
      var kept = 0
      for index in slots.indices where slots[index].observer != nil {
        let isPosted = next < pending.count && pending[next] == index
        if isPosted {
          pending[next] = kept
          next += 1
        }
        if index != kept {
          slots.swapAt(index, kept)
          if !isPosted { slots[kept].setIndex(kept) }
        }
        kept += 1
      }
      #if DEBUG
        compactionWork += slots.count
      #endif
      slots.removeLast(slots.count - kept)
    }
  }
}

/// An observer's closure, boxed so that a delivery can call it without retaining it (see ``Signal/deliver(_:)``).
@usableFromInline
final class Observer<Value> {
  @usableFromInline let receive: (Value) -> Void

  @inlinable init(_ receive: @escaping (Value) -> Void) {
    self.receive = receive
  }
}

/// One observer and the subscription that can end it. A plain value: copying or moving a slot retains nothing.
@usableFromInline
struct ObserverSlot<Value> {
  /// The observer, owned (retained once) by the slot, or `nil` once cancelled (a tombstone).
  @usableFromInline var observer: Unmanaged<Observer<Value>>?
  /// Not retained, and never retained while in use: a subscription removes its slot before it is freed, or,
  /// freed on another thread, posts the slot's index under the lock that compaction holds, which then moves
  /// the index in the inbox instead of touching the subscription; compaction touches only live slots.
  ///
  /// Unmanaged, not `unowned(unsafe)`: reading an `unowned(unsafe)` reference makes a strong one (an unoptimized
  /// build retains and releases it). A subscription that another thread is releasing at that moment would then
  /// be freed by that release, in compaction, on the signal's thread, under the inbox lock: its deinit removed
  /// its observer, compacted again and waited forever for the lock it held.
  @usableFromInline let subscription: Unmanaged<Subscription>

  @inlinable init(observer: Observer<Value>, subscription: Subscription) {
    self.observer = .passRetained(observer)
    self.subscription = .passUnretained(subscription)
  }

  /// Tells the subscription its slot's new index, without retaining it (see ``subscription``).
  @inlinable func setIndex(_ index: Int) {
    subscription._withUnsafeGuaranteedRef { $0.index = index }
  }
}
