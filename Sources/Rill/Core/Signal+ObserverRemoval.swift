// How a signal ends an observer: its slot becomes a tombstone, the closure is freed now or when the delivery
// running it ends, and tombstones are compacted away.

extension Signal {
  /// Keeps `observer`, removed while it may be running, until the outermost delivery of this signal ends (a
  /// delivery calls each observer without retaining it, so the one running must outlive its removal). Its graph
  /// keeps it: a signal pays no field for what happens so rarely.
  @usableFromInline final func retire(_ observer: Unmanaged<AnyObject>) {
    flags |= ReactiveFlags.hasRetired
    withOwnRootGraph { $0.retired.append((ObjectIdentifier(self), observer)) }
  }

  /// Releases the observers removed during the delivery that just ended.
  @usableFromInline final func releaseRetired() {
    flags &= ~ReactiveFlags.hasRetired
    withOwnRootGraph { $0.releaseRetired(of: ObjectIdentifier(self)) }
  }

  /// Releases `observer`, removed from slot `index`: now, unless it may be running — the observer the one
  /// running delivery is calling, or any observer while deliveries of this signal are nested — in which case
  /// when the outermost delivery ends.
  @inlinable final func release(_ observer: Unmanaged<AnyObject>, at index: Int) {
    if deliveryDepth == 0 || (deliveryDepth == 1 && index != deliveringIndex) {
      observer.release()
    } else {
      retire(observer)
    }
  }

  /// Ends the observer in slot `index`: it is never called again, even if a delivery is in progress (rule 3).
  /// Whatever it captured is freed now; an observer removed while it runs (it cancelled itself, or something it
  /// called did) is freed when the delivery that called it ends.
  ///
  /// The removed observer is released last, after the bookkeeping: releasing the closure can run a deinit that
  /// cancels other subscriptions of this signal, which must find the slots consistent.
  @inlinable final func removeObserver(at index: Int) {
    let removed = slots[index].observer
    observerCount -= 1
    let slotCount = slots.count
    if deliveryDepth == 0 && index == slotCount &- 1 {
      slots.removeLast()
      slots.removeTrailingTombstones()
    } else {
      slots[index].observer = nil
      if deliveryDepth != 0 {
        flags |= ReactiveFlags.isCompactionDue
      } else if slotCount > 2 * observerCount {
        compact()
      }
    }
    if observerCount == 0 { lastObserverRemoved() }
    if let removed { release(removed, at: index) }
  }

  @inlinable final func compactIfWorthIt() {
    if slots.count > 2 * observerCount || observerCount == 0 { compact() }
  }

  /// Removes the tombstones, keeping the live observers in order and telling each subscription (or edge's node)
  /// its new index. Amortized O(1) per cancel: it runs only when tombstones outnumber live observers.
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
