#if !canImport(Darwin) && !RILL_PORTABLE_ATOMICS
  public import Synchronization
#endif

// How a computed's value is kept right: pushed when observed (a change marks the consumers that read it, which
// settle in rank order), pulled when not (a read checks what it read, in a loop), and the two meet where a
// propagation has not reached a node yet.

extension ReactiveNode {
  /// Brings this computed up to date: re-evaluates it if something it read (directly or not) changed since it
  /// last ran, and does nothing, in O(1), in the common cases: observed while its graph is idle, observed and
  /// settled in this propagation, or unobserved with no tracked write anywhere since it was last checked.
  @inlinable @inline(__always) final func refresh() {
    if !isFreshWithoutWalking { refreshByWalking() }
  }

  /// Whether this computed is up to date by its own fields (see ``refresh()``): observed, with its graph idle or
  /// settled past its rank; or unobserved, with no tracked write anywhere since it was last checked.
  @inlinable @inline(__always) final var isFreshWithoutWalking: Bool {
    isFreshWithoutWalking(unless: 0)
  }

  /// ``isFreshWithoutWalking``, false for a node that has any of the flags `excluded`: a constant mask folded into the
  /// test, which costs the other nodes nothing.
  @inlinable @inline(__always) final func isFreshWithoutWalking(unless excluded: UInt32) -> Bool {
    let mask =
      ReactiveFlags.isDirty | ReactiveFlags.isRunning | ReactiveFlags.hasValue | ReactiveFlags.isLinked | excluded
    if flags & mask == ReactiveFlags.hasValue | ReactiveFlags.isLinked {
      let rank = self.rank
      return withRootGraph { rank < $0.settlingRank || $0.depth == 0 }
    }
    if flags & mask == ReactiveFlags.hasValue {
      return checkedEpoch == trackedWrites.load(ordering: .relaxed)
    }
    return false
  }

  /// The common read of a computed, inlined where it is read: observed, settled, read by the running consumer of
  /// a drain of its graph (found through the thread's context that the drain keeps). Notes the read and returns
  /// true then; returns false, having done nothing, otherwise (the caller calls ``refreshAndNoteRead()``).
  @inlinable @inline(__always) final func readIfFresh() -> Bool {
    Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef { graph in
      // A draining graph keeps this thread's context (see ``noteRead()``).
      guard let context = graph.drainContext else { return false }
      return context._withUnsafeGuaranteedRef { context in
        let stamp = context.stamp
        // Read before in this run: brought up to date then, and nothing was written since.
        if readStamp == stamp { return true }
        let mask = ReactiveFlags.isDirty | ReactiveFlags.isRunning | ReactiveFlags.hasValue | ReactiveFlags.isLinked
        guard flags & mask == ReactiveFlags.hasValue | ReactiveFlags.isLinked, graph.parent == nil,
          rank < graph.settlingRank || graph.depth == 0, stamp != TrackingContext.noRunStamp
        else { return false }
        context.running.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.record(self, stamp: stamp) }
        return true
      }
    }
  }

  /// Every other read of a computed (see ``readIfFresh()``): brings it up to date, and notes the read if a
  /// computation runs.
  @usableFromInline final func refreshAndNoteRead() {
    // `isFreshWithoutWalking` returns before the walk begins: a first read of a chain, which recurses through here, keeps
    // one frame of this function per level. A computed that reports to Observation fails the test, at no cost to the
    // others, and takes the way that reports.
    if !isFreshWithoutWalking(unless: ReactiveFlags.reportsToObservation) { refreshOrReportRead() }
    // Mostly a read outside any computation here: the gate first, and nothing else then.
    if isComputationRunning { noteReadOutOfLine() }
  }

  /// The rest of ``refreshAndNoteRead()`` for a computed found not fresh by its flags, or one that reports to
  /// Observation: brings it up to date, then reports the read if it does.
  @usableFromInline final func refreshOrReportRead() {
    if !isFreshWithoutWalking { refreshByWalking() }
    if has(ReactiveFlags.reportsToObservation) { noteReadForObservation() }
  }

  /// ``noteRead()``, kept out of ``refreshAndNoteRead()``: inlined there, its registers made every read outside a
  /// computation save and restore more of them.
  @inline(never) final func noteReadOutOfLine() {
    noteRead()
  }

  /// Whether this node is known to be up to date without looking at what it read.
  @inlinable final func isKnownFresh(walkStamp: UInt) -> Bool {
    if freshStamp == walkStamp { return true }
    if !has(ReactiveFlags.isComputed) { return true }  // a source is its own value
    let mask = ReactiveFlags.isDirty | ReactiveFlags.hasValue | ReactiveFlags.isLinked
    if flags & mask == ReactiveFlags.hasValue | ReactiveFlags.isLinked {
      let rank = self.rank
      return withRootGraph { $0.depth == 0 || rank < $0.settlingRank }
    }
    if flags & mask == ReactiveFlags.hasValue { return checkedEpoch == trackedWrites.load(ordering: .relaxed) }
    return false
  }

  /// The walk behind ``refresh()``: checks what this computed read, in read order, depth first, with a stack of
  /// its own (no recursion, whatever the depth); a dependency whose version moved makes its reader re-evaluate,
  /// from the deepest up. Nodes found up to date are stamped, so a walk visits each once, and the re-evaluations
  /// it causes (which read their dependencies again) find them in O(1).
  @usableFromInline final func refreshByWalking() {
    if has(ReactiveFlags.isRunning) { cycle() }
    // Not through a closure: a first read of a chain recurses through this function (see `Computed`'s stack cost).
    unowned(unsafe) let context = trackingContext.takeUnretainedValue()
    refreshByWalking(in: context)
  }

  /// ``refreshByWalking()`` with this thread's context.
  final func refreshByWalking(in context: TrackingContext) {
    let isOutermost = context.walkStamp == 0
    if isOutermost { context.walkStamp = context.nextStamp() }
    defer { if isOutermost { context.walkStamp = 0 } }
    let stamp = context.walkStamp
    if freshStamp == stamp { return }
    let epoch = trackedWrites.load(ordering: .relaxed)
    let base = context.walk.count
    context.walk.append((.passUnretained(self), 0))
    while context.walk.count > base {
      let (node, index) = context.walk[context.walk.count &- 1]
      let done: Bool = node._withUnsafeGuaranteedRef { node in
        if !node.has(ReactiveFlags.hasValue) || node.has(ReactiveFlags.isDirty) {
          node.reevaluate()
          return true
        }
        if index == node.dependencies.count { return true }  // nothing it read changed
        let edge = node.dependencies[index]
        let source = edge.source
        let sourceIsFresh = source._withUnsafeGuaranteedRef { $0.isKnownFresh(walkStamp: stamp) }
        if !sourceIsFresh {
          if source._withUnsafeGuaranteedRef({ $0.has(ReactiveFlags.isRunning) }) {
            // It read, last time, a computed that is running now: run it again and see what it reads.
            node.reevaluate()
            return true
          }
          context.walk.append((source, 0))
          return false
        }
        if source._withUnsafeGuaranteedRef({ $0.version }) != edge.version {
          node.reevaluate()
          return true
        }
        context.walk[context.walk.count &- 1].index = index &+ 1
        return false
      }
      if done {
        node._withUnsafeGuaranteedRef { node in
          node.freshStamp = stamp
          if !node.has(ReactiveFlags.isLinked) { node.checkedEpoch = epoch }
        }
        context.walk.removeLast()
      }
    }
  }

  /// Re-evaluates this computed now, and, if its value changed, tells what observes it: the observed consumers
  /// that read it are marked and scheduled, and its signal's observers will hear the value at its settle.
  @usableFromInline final func reevaluate() {
    flags &= ~ReactiveFlags.isDirty
    guard evaluate() else { return }
    valueChanged()
  }

  /// A re-evaluation changed this computed's value: its version moves, and what observes it is told (see
  /// ``reevaluate()``): its signal's observers at its settle, which is scheduled unless `isSettling` (it is the
  /// settle running now, which tells them next).
  @usableFromInline final func valueChanged(isSettling: Bool = false) {
    version &+= 1
    guard has(ReactiveFlags.isLinked) else { return }
    markDependentsChanged()
    if has(ReactiveFlags.hasObservers) {
      // At each change: an observer that joined since the last one heard that value, and must hear this one.
      flags |= ReactiveFlags.deliveryPending
      guard !isSettling else { return }  // the settle tells them next, all of them (see `Computed.run()`)
      noteDeliveryPending()
      schedule()
    }
  }

  /// Stops the program: this computed read itself, directly or through others.
  @usableFromInline final func cycle() -> Never {
    preconditionFailure("Rill: \(nameForFailure) reads itself (a cycle of computeds): its value cannot be computed.")
  }

  /// ``markDependentsChanged()`` where it is cheapest, inlined into a settle or a source's change: the one consumer of
  /// a chain or a branch, not marked yet, is scheduled with no loop (a computed, with no call when it is the only
  /// settle pending); anything else goes to the loop.
  ///
  /// `orChain`, for a computed's settle: the one consumer, a computed with no other settle pending in the (root) graph,
  /// is marked and returned rather than queued: the drain would take it next, so the settle runs it next instead
  /// (see ``_ComputedNode/run()``). `nil` otherwise.
  @discardableResult
  @inline(__always) final func markSoleOrEveryDependent(orChain chains: Bool = false) -> Unmanaged<ReactiveNode>? {
    let mask = ReactiveFlags.isDirty | ReactiveFlags.isRunning | ReactiveFlags.isScheduled | ReactiveFlags.isEffect
    if dependents.count == 1 && graph.parent == nil {
      let consumer = dependents[0].consumer
      // Whether the consumer is taken care of; whether it is the settle to run next.
      let (isScheduled, isNext) = consumer._withUnsafeGuaranteedRef { consumer in
        let flags = consumer.flags
        return Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef { graph -> (Bool, Bool) in
          // Marked already in this propagation, or running (it reads the new value, if it reads it): nothing to do.
          if flags & (ReactiveFlags.isDirty | ReactiveFlags.isRunning) != 0 { return (true, false) }
          if flags & mask == ReactiveFlags.isEffect {
            consumer.flags = flags | ReactiveFlags.isDirty | ReactiveFlags.isScheduled
            graph.effects.push(consumer)
            return (true, false)
          }
          guard flags & mask == 0 else { return (false, false) }
          consumer.flags = flags | ReactiveFlags.isDirty | ReactiveFlags.isScheduled
          if graph.pending.isEmpty {
            if chains { return (true, true) }
            graph.pending.appendToEmpty(
              PendingSettle(rank: consumer.rank, node: ObjectIdentifier(consumer), join: .passUnretained(consumer)))
          } else {
            graph.appendSettle(
              PendingSettle(rank: consumer.rank, node: ObjectIdentifier(consumer), join: .passUnretained(consumer)))
          }
          return (true, false)
        }
      }
      if isNext { return consumer }
      if isScheduled { return nil }
    }
    markDependentsChanged()
    return nil
  }

  /// This node's value changed: every observed consumer that read it is marked, and scheduled to settle (a
  /// computed, at its rank) or to run (an effect, when the propagation's joins have settled).
  @usableFromInline final func markDependentsChanged() {
    // The consumers are in this node's graph (linking merged them): it is looked up once, and not retained (this
    // node keeps it).
    if _slowPath(graph.parent != nil) { followGraphToRoot() }
    let graph = Unmanaged.passUnretained(self.graph)
    var index = 0
    let count = dependents.count
    while index < count {
      let consumer = dependents[index].consumer
      let flags = consumer._withUnsafeGuaranteedRef { $0.flags }
      let mask = ReactiveFlags.isDirty | ReactiveFlags.isRunning | ReactiveFlags.isScheduled | ReactiveFlags.isEffect
      if _fastPath(flags & mask == 0) {
        // The common one: a computed that nothing marked yet in this propagation settles at its rank.
        let settle = consumer._withUnsafeGuaranteedRef { consumer in
          consumer.flags = flags | ReactiveFlags.isDirty | ReactiveFlags.isScheduled
          return PendingSettle(rank: consumer.rank, node: ObjectIdentifier(consumer), join: .passUnretained(consumer))
        }
        graph._withUnsafeGuaranteedRef { $0.pending.append(settle) }
      } else if flags & mask == ReactiveFlags.isEffect {
        consumer._withUnsafeGuaranteedRef { effect in
          effect.flags = flags | ReactiveFlags.isDirty | ReactiveFlags.isScheduled
          graph._withUnsafeGuaranteedRef { $0.effects.push(effect) }
        }
      } else {
        consumer._withUnsafeGuaranteedRef { $0.markChanged(flags: flags) }
      }
      index &+= 1
    }
  }

  /// ``markDependentsChanged()`` for a consumer that is running or marked already (its `flags`).
  @usableFromInline @inline(never) final func markChanged(flags: UInt32) {
    // A consumer running now reads the changed node after this change, if it reads it at all: a node changes in a
    // run only when a read brings it up to date, and nothing is written while a computation runs. One waiting for
    // its turn (a computed brought up to date by a read before its settle, an effect) is marked again.
    guard flags & (ReactiveFlags.isDirty | ReactiveFlags.isRunning) == 0 else { return }
    self.flags = flags | ReactiveFlags.isDirty
  }

  /// Asks this consumer's graph to settle it (a computed) or run it (an effect) in the current propagation,
  /// unless it is waiting already.
  @usableFromInline final func schedule() {
    guard !has(ReactiveFlags.isScheduled) else { return }
    flags |= ReactiveFlags.isScheduled
    if has(ReactiveFlags.isEffect) {
      withOwnRootGraph { $0.effects.push(self) }
      return
    }
    let settle = PendingSettle(rank: rank, node: ObjectIdentifier(self), join: .passUnretained(self))
    withOwnRootGraph { $0.pending.append(settle) }
  }

  /// A computed's turn in the propagation: everything it read has settled. Re-evaluates it if something it read
  /// changed (unless a read in the meantime did), then tells its signal's observers.
  @inline(never) final func settleScheduled() {
    flags &= ~ReactiveFlags.isScheduled
    if _slowPath(has(ReactiveFlags.isHeldForSettle)) {
      settleHeld()
      return
    }
    settleIfLinked()
  }

  /// ``settleScheduled()`` for a node that stopped being observed while scheduled: it lets itself go after.
  @usableFromInline final func settleHeld() {
    flags &= ~ReactiveFlags.isHeldForSettle
    settleIfLinked()
    Unmanaged.passUnretained(self).release()  // the hold taken when it stopped being observed; last use of self
  }

  /// The settle proper: nothing for a node no longer observed (a read pulls it).
  @inline(__always) final func settleIfLinked() {
    guard has(ReactiveFlags.isLinked) else { return }
    if has(ReactiveFlags.isDirty) {
      flags &= ~ReactiveFlags.isDirty
      if evaluate() {
        valueChanged(isSettling: true)
        if has(ReactiveFlags.deliveryPending) { noteDeliveryPending() }  // decided now: the observers of now
      }
    }
    if has(ReactiveFlags.deliveryPending) {
      flags &= ~ReactiveFlags.deliveryPending
      deliverChange()
    }
  }

  /// Runs `body` as this consumer's run: what it reads becomes this node's dependencies (the ones it no longer
  /// reads are dropped at the end), and the rank rises above the highest rank read.
  ///
  /// While it runs, this node is the running consumer of the thread's tracking context, with its run's stamp, the one
  /// place that says so: a read of a value of a graph draining on this thread finds the context through that graph
  /// (``Graph/drainContext``), any other read through the thread. In a drain, the context is looked up once, and the
  /// drain counts as running computations until it ends; outside one, each run counts itself.
  @inlinable @inline(__always) final func track<Result>(_ body: () -> Result) -> Result {
    let (context, countsItself) = withRootGraph { graph -> (Unmanaged<TrackingContext>, Bool) in
      if let context = graph.drainContext { return (context, false) }
      return graph.contextForFirstRun()
    }
    if _slowPath(!dependencies.hasOwnHeader) { dependencies.grow() }  // its first run: memory for its state
    let state = dependencies.header  // written twice here: looked up once
    let (outerRunning, outerStamp) = context._withUnsafeGuaranteedRef { context in
      let outer = (context.running, context.stamp)
      context.running = .passUnretained(self)
      context.stamp = context.nextStamp()
      return outer
    }
    state.pointee.runCursor = 0
    state.pointee.runHighestRank = 0
    flags |= ReactiveFlags.isRunning
    if countsItself { runningComputations.wrappingAdd(1, ordering: .relaxed) }
    // Observation looks at a first run, and watches every run of a consumer whose first run read its properties.
    // (Testing the flags as loaded for the store above cost more: the compiler keeps them in a register then.)
    let watched =
      ReactiveFlags.looksAtObservation | ReactiveFlags.readsObservation | ReactiveFlags.checksLateObservationReads
    let result = _slowPath(flags & watched != 0) ? runUnderObservation(body) : body()
    if countsItself { runningComputations.wrappingAdd(-1, ordering: .relaxed) }
    flags &= ~ReactiveFlags.isRunning
    context._withUnsafeGuaranteedRef { context in
      context.running = outerRunning
      context.stamp = outerStamp
    }
    if runCursor < dependencies.count { dropDependencies(from: runCursor) }
    if runHighestRank >= rank { raiseRank(to: runHighestRank &+ 1) }
    #if DEBUG
      if _slowPath(has(ReactiveFlags.isTraced)) { traceRun() }
    #endif
    return result
  }
}

extension Graph {
  /// The thread's tracking context for a run when this graph's drain has none yet: looked up, and kept for the drain
  /// (which then counts as running computations until it ends); returns whether the run must count itself (no drain).
  @usableFromInline final func contextForFirstRun() -> (Unmanaged<TrackingContext>, Bool) {
    let context = TrackingContext.currentUnmanaged
    guard isDraining else { return (context, true) }
    drainContext = context
    drainHoldsTrackingGate = true
    runningComputations.wrappingAdd(1, ordering: .relaxed)
    return (context, false)
  }
}

extension ReactiveNode {
  /// A source's value was written (in a propagation of its graph): its version moves, the write epoch moves, and
  /// the observed consumers that read it are marked and scheduled.
  @usableFromInline final func sourceChanged() {
    countChangeAndMarkDependents()
    if _slowPath(observationWatches.load(ordering: .relaxed) != 0) { scheduleObservationCheck() }
  }

  /// ``sourceChanged()`` but for the check of Observation's watches, which the caller asks for itself.
  @inline(__always) final func countChangeAndMarkDependents() {
    version &+= 1
    trackedWrites.wrappingAdd(1, ordering: .relaxed)
    if !dependents.isEmpty { markSoleOrEveryDependent() }
  }
}
