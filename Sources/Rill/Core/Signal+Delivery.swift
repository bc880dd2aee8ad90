// How a signal calls its observers with a value: in order, each once, skipping the ones removed meanwhile.

extension Signal {
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
    if deliveryHooks & Signal.deepChainHook != 0 && withOwnRootGraph({ $0.tailStepCall != 0 }) {
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
    guard deliveryHooks & Signal.checkpointHook != 0 else {
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
  @inlinable final func deliverToObservers(_ value: Value, tailSteps: Int) {
    deliverToObservers(value, tailSteps: tailSteps, end: .max)
  }

  /// ``deliverToObservers(_:tailSteps:)`` to the observers of the first `end` slots at most: those that had
  /// subscribed when the value was decided (a computed's, see ``Computed``), not the ones that joined since and heard
  /// it as their replay. Compaction only moves slots towards the front, so no earlier observer is beyond `end`.
  @inlinable @inline(__always) final func deliverToObservers(_ value: Value, tailSteps: Int, end slotsEnd: Int) {
    if _slowPath(foreignReleases.arePending) { takeForeignReleases() }
    // Read after the removals above, which may compact the slots.
    let end = slotsEnd == .max ? slots.count : min(slotsEnd, slots.count)
    let outerIndex = deliveringIndex
    deliveryDepth &+= 1
    var index = 0
    while index < end {
      // Not retained: a slot owns its observer, and the running one, if removed, is retired (kept by the graph)
      // until the delivery ends (see ``release(_:at:)``).
      if let observer = slots[index].observer {
        deliveringIndex = index
        let isEdge = slots[index].subscription == nil
        if tailSteps >= 0 && index == end &- 1 {
          // Names the call by its target's address, which is compared, never read: an observer may be freed
          // meanwhile; a node whose edge this is compares it with its own.
          let call = UInt(bitPattern: observer.toOpaque())
          withOwnRootGraph { graph in
            graph.tailStepCall = call
            graph.tailSteps = tailSteps
          }
          Self.call(observer, isEdge: isEdge, value)
          withOwnRootGraph { $0.tailStepCall = 0 }
        } else {
          Self.call(observer, isEdge: isEdge, value)
        }
      }
      index &+= 1
    }
    deliveringIndex = outerIndex
    deliveryDepth &-= 1
    // A removal during the delivery left a tombstone, so the count differs whenever something was retired.
    if _slowPath(slots.count != observerCount) && deliveryDepth == 0 {
      compactIfWorthIt()
      if has(ReactiveFlags.hasRetired) { releaseRetired() }
    }
  }

  // Calls `observer` with `value`, without retaining it: an ``Observer``'s closure, or, for an edge, the node's
  // `receive` (see ``ForwardingSignal``). The node of an edge is a `ForwardingSignal<Value, Output>` for an `Output`
  // this code does not know: its `receive` is read as a `ForwardingSignal<Value, Value>`'s. No field of the class or
  // of its bases has a size that depends on the type arguments, so `receive` is at the same offset in every
  // instantiation; it casts the node back to its own type (checked in debug builds). A virtual call instead cost 14
  // instructions per edge (callgrind's chain3).
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
  static func call(_ observer: Unmanaged<AnyObject>, isEdge: Bool, _ value: Value) {
    if isEdge {
      Unmanaged<ForwardingSignal<Value, Value>>.fromOpaque(observer.toOpaque())._withUnsafeGuaranteedRef {
        $0.receive($0, value)
      }
    } else {
      observer._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Observer<Value>.self).receive(value) }
    }
  }
}
