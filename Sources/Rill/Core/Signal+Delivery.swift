// How a signal calls its observers with a value: in order, each once, skipping the ones removed meanwhile.

extension Signal {
  /// Calls every observer that was subscribed when the delivery started and is still subscribed when
  /// its turn comes, in order.
  @inlinable @inline(__always) final func deliver(_ value: Value) {
    if _slowPath(deliveryHooks != 0) {
      // A signal feeding a join's second port, and nothing else to do: its own loop, inlined.
      if deliveryHooks == ReactiveNode.secondPortHook {
        deliverToObservers(value, tailSteps: -1, end: .max, secondPorts: true)
        return
      }
      deliverWithHooks(value)
      return
    }
    deliverToObservers(value, tailSteps: -1, end: .max, secondPorts: false)  // no hook: no second port
  }

  /// The delivery of a checkpoint or of a tail target (see ``ChainWalks``): a tail target hands its delivery
  /// back to the delivery that marked it; a checkpoint nested deep delivers down its chain in a loop.
  @inlinable @inline(never) final func deliverWithHooks(_ value: Value) {
    // Nearly always no tail step is being called: one load.
    if deliveryHooks & ReactiveNode.deepChainHook != 0 && withOwnRootGraph({ $0.tailStepCall != 0 }) {
      // A forwarding node deep in its graph, reached as the last step of a deep delivery, every step of it a last
      // step, if the slot running is its own edge upstream: deliver now, with one step less for the
      // next node, or, at the last step, hand the delivery back. One delivery is handed back at a time; were
      // another waiting, this one runs now.
      let node = unsafeDowncast(self, to: DerivedSignal<Value>.self)
      let steps = withOwnRootGraph { graph -> Int in
        guard graph.tailStepCall == UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque()) else { return -1 }
        graph.tailStepCall = 0
        return graph.handedBackDelivery == nil || graph.tailSteps > 0 ? graph.tailSteps : -1
      }
      if steps > 0 {
        deliverToObservers(value, tailSteps: steps &- 1)
        return
      }
      if steps == 0 {
        withOwnRootGraph { node.handBack(value, in: $0) }
        return
      }
    }
    guard deliveryHooks & ReactiveNode.checkpointHook != 0 else {
      deliverToObservers(value, tailSteps: -1)
      return
    }
    let isDeep = withOwnRootGraph { graph -> Bool in
      graph.checkpointNesting &+= 1
      return graph.checkpointNesting > ChainWalks.deepCheckpoints
    }
    if isDeep {
      deliverToObservers(value, tailSteps: ChainWalks.tailSteps)
      withOwnRootGraph { $0.runHandedBackDeliveries() }
    } else {
      deliverToObservers(value, tailSteps: -1)
    }
    withOwnRootGraph { $0.checkpointNesting &-= 1 }
  }

  /// Calls the observers, in order. With `tailSteps` 0 or more, the last observer is called as a tail step with that
  /// many more steps, which the node it forwards to takes (see ``deliverWithHooks(_:)``); -1 marks nothing.
  @inlinable @inline(__always) final func deliverToObservers(_ value: Value, tailSteps: Int) {
    deliverToObservers(value, tailSteps: tailSteps, end: .max)
  }

  /// ``deliverToObservers(_:tailSteps:)`` to the observers of the first `end` slots at most: those that had
  /// subscribed when the value was decided (a computed's, see ``Computed``), not the ones that joined since and heard
  /// it as their replay. Compaction only moves slots towards the front, so no earlier observer is beyond `end`.
  @inlinable @inline(__always) final func deliverToObservers(_ value: Value, tailSteps: Int, end slotsEnd: Int) {
    // A signal that feeds a join's second port (``ReactiveNode/secondPortHook``) tells the ports apart in a loop of
    // its own, so that no other delivery pays a test for them.
    if _slowPath(deliveryHooks & ReactiveNode.secondPortHook != 0) {
      deliverToObservers(value, tailSteps: tailSteps, end: slotsEnd, secondPorts: true)
    } else {
      deliverToObservers(value, tailSteps: tailSteps, end: slotsEnd, secondPorts: false)
    }
  }

  /// ``deliverToObservers(_:tailSteps:end:)``, telling a second port's edge from a subscriber's slot when
  /// `secondPorts` (see ``call(_:edgeTag:secondPorts:_:)``).
  @inlinable @inline(__always) final func deliverToObservers(
    _ value: Value,
    tailSteps: Int,
    end slotsEnd: Int,
    secondPorts: Bool
  ) {
    if _slowPath(foreignReleases.arePending) { takeForeignReleases() }
    let outerIndex = deliveringIndex
    assert(deliveryDepth < .max, "Rill: deliveries nested deeper than a stack holds")
    deliveryDepth &+= 1
    // One slot is in the signal, more are in a list (see ``ObserverSlots``). Each is read at its turn, after the
    // calls before it, which may remove any slot or add one (moving the list); and not retained: a slot owns its
    // observer, and the running one, if removed, is retired (kept by the graph) until the delivery ends (see
    // ``release(_:at:)``). Read after the removals above, which may compact the slots.
    if !slots.isList {
      if slotsEnd > 0, let observer = slots.inline.observer {
        deliver(
          value, to: observer, edgeTag: slots.inline.edgeTag, secondPorts: secondPorts, at: 0, tailSteps: tailSteps)
      }
    } else {
      let end = min(slotsEnd, slots.listHeader.pointee.count)
      var index = 0
      while index < end {
        let slot = slots.listSlots[index]
        if let observer = slot.observer {
          let isLast = index == end &- 1
          deliver(
            value, to: observer, edgeTag: slot.edgeTag, secondPorts: secondPorts, at: index,
            tailSteps: isLast ? tailSteps : -1)
        }
        index &+= 1
      }
    }
    deliveringIndex = outerIndex
    deliveryDepth &-= 1
    // Removals during the delivery left tombstones, and retired the observers that may have been running.
    if _slowPath(flags & ReactiveFlags.isCompactionDue != 0) && deliveryDepth == 0 {
      flags &= ~ReactiveFlags.isCompactionDue
      compactIfWorthIt()
      if has(ReactiveFlags.hasRetired) { releaseRetired() }
    }
  }

  /// Calls the observer of slot `index`, as the tail step of a deep delivery when `tailSteps` is 0 or more.
  ///
  /// Inlined even in an unoptimized build, as ``call(_:edgeTag:secondPorts:_:)`` is: every frame counts in a deep
  /// chain's recursion before its walks take over.
  #if DEBUG
    @usableFromInline @_transparent
  #else
    @inlinable @inline(__always)
  #endif
  final func deliver(
    _ value: Value,
    to observer: Unmanaged<AnyObject>,
    edgeTag: UInt,
    secondPorts: Bool,
    at index: Int,
    tailSteps: Int
  ) {
    deliveringIndex = index
    if _slowPath(tailSteps >= 0) {
      deliverAsTailStep(value, to: observer, edgeTag: edgeTag, secondPorts: secondPorts, tailSteps: tailSteps)
    } else {
      Self.call(observer, edgeTag: edgeTag, secondPorts: secondPorts, value)
    }
  }

  /// Calls `observer` as the tail step of a deep delivery, with `tailSteps` more steps for the node it forwards to
  /// (see ``deliverWithHooks(_:)``).
  @inlinable @inline(never) final func deliverAsTailStep(
    _ value: Value,
    to observer: Unmanaged<AnyObject>,
    edgeTag: UInt,
    secondPorts: Bool,
    tailSteps: Int
  ) {
    // Names the call by its target's address, which is compared, never read: an observer may be freed
    // meanwhile; a node whose edge this is compares it with its own.
    let call = UInt(bitPattern: observer.toOpaque())
    withOwnRootGraph { graph in
      graph.tailStepCall = call
      graph.tailSteps = tailSteps
    }
    Self.call(observer, edgeTag: edgeTag, secondPorts: secondPorts, value)
    withOwnRootGraph { $0.tailStepCall = 0 }
  }

  // Calls `observer` with `value`, without retaining it: an ``Observer``'s closure, or, for an edge, the step of the
  // node's port that `edgeTag` names (see ``ObserverSlot/edgeTag``): a forwarding node's `receive`
  // (``ForwardingSignal``), port 1's `receiveSecond` (``SecondPortSignal``: a join, a `flatMapLatest`), or the step
  // of a port from 2 on (``ManyPortSignal``), which takes the value by address. The node of an edge is a
  // `ForwardingSignal<Value, Output>` (or a `SecondPortSignal<Input, Value, Output>`, a `ManyPortSignal<Input, Second,
  // Output>`) for types this code does not know: its step is read as a `ForwardingSignal<Value, Value>`'s (a
  // `SecondPortSignal<Value, Value, Value>`'s, a `ManyPortSignal<Value, Value, Value>`'s `portStep`). No field of
  // these classes or of their bases has a size that depends on the type arguments, so each step is at the same
  // offset in every instantiation; it casts the node back to its own type (checked in debug builds). A virtual call
  // instead cost 14 instructions per edge (callgrind's chain3).
  //
  // A second port is looked for only when `secondPorts` (the signal feeds one: ``ReactiveNode/secondPortHook``):
  // every other delivery tests the tag once, as before joins had edges. (Every order of the three tests cost some
  // delivery 1 to 4 instructions more: callgrind's send_10sub, kairo_broad, fanout_computed_10.)
  //
  // Inlined even in an unoptimized build (`@_transparent`), where every frame counts in a deep chain's recursion
  // before its walks take over (the address sanitizer's frames are large: a rise down 100,000 maps on a 512 KB
  // thread overflowed with this frame); in an optimized build inlined as a plain function, which `@_transparent`
  // made 2–4% slower there (send_10sub, chain_90, kairo_deep in callgrind).
  #if DEBUG
    @usableFromInline @_transparent
  #else
    @inlinable @inline(__always)
  #endif
  static func call(_ observer: Unmanaged<AnyObject>, edgeTag: UInt, secondPorts: Bool, _ value: Value) {
    if edgeTag == 0 {
      Unmanaged<ForwardingSignal<Value, Value>>.fromOpaque(observer.toOpaque())._withUnsafeGuaranteedRef {
        $0.receive($0, value)
      }
    } else if !secondPorts || edgeTag > ObserverSlot.lastEdgeTag {
      observer._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Observer<Value>.self).receive(value) }
    } else if edgeTag == ObserverSlot.secondPortTag {
      Unmanaged<SecondPortSignal<Value, Value, Value>>.fromOpaque(observer.toOpaque())._withUnsafeGuaranteedRef {
        #if DEBUG
          $0.arrivingPort = 1
        #endif
        $0.receiveSecond($0, value)
      }
    } else {
      // Named on `Signal<Value>`, not on `Self`: `Self` is the signal's dynamic type, which an unoptimized build loads
      // from the signal first thing in every function this is inlined into, ahead of its locals; the address
      // sanitizer then allocated each local of those functions on its own (a delivery's frame 1.3 → 2.0 KB, and a
      // rise down 100,000 maps overflowed its 512 KB thread).
      Signal<Value>.callPortStep(observer, edgeTag: edgeTag, value)
    }
  }

  /// Calls the step of the port from 2 on that `edgeTag` names (``ManyPortSignal``), which takes the value by
  /// address. (With a stack protector around the address, inlined into every delivery, it cost deliveries that never
  /// reach such a port 1 to 9%: callgrind's send_1sub, chain_1000; out of line, a port's delivery 6 instructions.)
  @inlinable @inline(__always) static func callPortStep(_ observer: Unmanaged<AnyObject>, edgeTag: UInt, _ value: Value)
  {
    Unmanaged<ManyPortSignal<Value, Value, Value>>.fromOpaque(observer.toOpaque())._withUnsafeGuaranteedRef { node in
      // A port from 2 on: its tag is the port + 1 (``ObserverSlot/port(ofTag:)``, without the test for port 0).
      let port = Int(bitPattern: edgeTag) &- 1
      #if DEBUG
        node.arrivingPort = port
      #endif
      // Unprotected: the step reads the value and keeps no pointer to it.
      _withUnprotectedUnsafePointer(to: value) { node.portStep(node, $0, port) }
    }
  }
}
