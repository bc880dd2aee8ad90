import Dispatch

// Apple platforms use the stand-ins of `AtomicWord.swift`: `Synchronization` needs macOS 15 / iOS 18.
#if !canImport(Darwin) && !RILL_PORTABLE_ATOMICS
  public import Synchronization
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Cancel-on-free from any thread (rule 8).
//
// A graph lives in one isolation domain, but a `Subscription` can be freed anywhere: its holder — a `@MainActor`
// view model, say — is `Sendable`, so its last reference may go on a background thread. Removing the observer
// there would race the domain's deliveries. So a subscription remembers the thread that made it; freed on that
// thread it removes its observer at once, as `cancel()` does, and freed on any other thread it only posts its
// slot index to its signal's inbox, below. The domain takes the inbox at its next delivery of that signal, its
// next subscribe to it, or its next compaction: the observer is dropped then, never called by a delivery that
// starts after the free (made visible to the domain, as any hand-over between threads must be), and the
// signal's pipeline disconnects then if that was its last observer.
//
// What a foreign thread touches: this inbox (a lock and an atomic flag) and the subscription it frees, never
// `slots`. What the domain pays: one relaxed load of the flag per delivery and per subscribe, and the lock
// around each compaction, which writes the subscriptions' indices that a foreign thread reads.

/// The slot indices of observers whose subscriptions were freed on another thread, waiting for the signal's
/// domain to remove them.
@usableFromInline
struct ForeignReleases: ~Copyable {
  #if canImport(Darwin) || RILL_PORTABLE_ATOMICS
    /// Whether ``pending`` holds indices, read without the lock by every delivery and written under it; and
    /// the lock and the pending indices, created on first use by either side (a foreign free or a compaction).
    /// (The reference is stored as `AnyObject`: `LockedState` is internal, this property is not.)
    @usableFromInline let words = FlagAndLazyReference<AnyObject>()
  #else
    /// One word: the address of the lock and the pending indices (retained; created on first use by either side, a
    /// foreign free or a compaction, zero until then), with bit 0 set while the indices are not empty. Every
    /// delivery reads the bit without the lock; it is written under it. (A flag and a lazy reference of their own
    /// took two words of every signal.)
    @usableFromInline let word = Atomic<UInt>(0)
  #endif

  @usableFromInline init() {}

  #if !canImport(Darwin) && !RILL_PORTABLE_ATOMICS
    deinit {
      let address = word.load(ordering: .acquiring) & ~1
      if address != 0 { Self.inbox(at: address).release() }
    }

    /// The inbox whose address ``word`` holds, unretained.
    private static func inbox(at address: UInt) -> Unmanaged<LockedState<ContiguousArray<Int>>> {
      .fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// The inbox, created now if neither side has yet: the first to store its address wins.
    private func inbox() -> LockedState<ContiguousArray<Int>> {
      let address = word.load(ordering: .acquiring) & ~1
      if address != 0 { return Self.inbox(at: address).takeUnretainedValue() }
      let created = Unmanaged.passRetained(LockedState<ContiguousArray<Int>>([]))
      let (stored, found) = word.compareExchange(
        expected: 0, desired: UInt(bitPattern: created.toOpaque()), ordering: .acquiringAndReleasing)
      guard !stored else { return created.takeUnretainedValue() }
      created.release()
      // The bit is only ever set once an inbox exists: what was found is the other side's address.
      return Self.inbox(at: found & ~1).takeUnretainedValue()
    }
  #endif

  /// Whether observers freed on other threads wait to be removed: one relaxed load, the only cost a delivery
  /// pays for this. It sees every post that happened before the delivery (made visible to the domain by
  /// whatever handed control over, as any hand-over between threads must be).
  @inlinable var arePending: Bool {
    #if canImport(Darwin) || RILL_PORTABLE_ATOMICS
      words.loadFlag(ordering: .relaxed)
    #else
      word.load(ordering: .relaxed) & 1 != 0
    #endif
  }

  /// Runs `body` with the pending indices under the lock. The indices are of live slots: the domain keeps them
  /// right when it compacts, and removes those slots when it takes them.
  @usableFromInline func withPending<Result>(_ body: (inout ContiguousArray<Int>) -> Result) -> Result {
    #if canImport(Darwin) || RILL_PORTABLE_ATOMICS
      let inbox = unsafeDowncast(
        words.loadReference() ?? words.storeReferenceIfNil(LockedState<ContiguousArray<Int>>([])),
        to: LockedState<ContiguousArray<Int>>.self)
    #else
      let inbox = self.inbox()
    #endif
    return inbox.withLock { pending in
      let result = body(&pending)
      #if canImport(Darwin) || RILL_PORTABLE_ATOMICS
        words.storeFlag(!pending.isEmpty, ordering: .relaxed)
      #else
        // Releasing, so that a side that reads the address from this store sees the inbox it points to.
        let address = UInt(bitPattern: Unmanaged.passUnretained(inbox).toOpaque())
        word.store(pending.isEmpty ? address : address | 1, ordering: .releasing)
      #endif
      return result
    }
  }
}

/// An identifier of the calling thread, equal for two calls on one thread while it runs.
@usableFromInline @inline(__always) func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// Marks the main dispatch queue, so code can tell it runs there whichever thread drains it.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// libdispatch's `dispatch_get_specific`, called with the key the Dispatch overlay passes for `mainQueueKey`
/// (the key object's address), or `nil` to ask the overlay. The overlay's `getSpecific` boxes and unboxes its
/// value, about 200 instructions against 20 for the C call, paid by every subscribe. Whether the overlay keys
/// values that way is checked once, on a queue of our own, so a different overlay only costs the slow path.
private let mainQueueLookUp: (@convention(c) (UnsafeRawPointer) -> UnsafeMutableRawPointer?)? = {
  #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
  #else
    let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
  #endif
  guard let symbol = dlsym(everyImage, "dispatch_get_specific") else { return nil }
  let lookUp = unsafeBitCast(symbol, to: (@convention(c) (UnsafeRawPointer) -> UnsafeMutableRawPointer?).self)
  let probe = DispatchSpecificKey<Bool>()
  let queue = DispatchQueue(label: "Rill.mainQueueLookUp")
  queue.setSpecific(key: probe, value: true)
  let probeAddress = UnsafeRawPointer(Unmanaged.passUnretained(probe).toOpaque())
  let isKeyedByAddress = queue.sync { lookUp(probeAddress) != nil } && lookUp(probeAddress) == nil
  queue.setSpecific(key: probe, value: nil)
  return isKeyedByAddress ? lookUp : nil
}()

/// Whether the calling code runs on the main dispatch queue: the main actor's executor. On Apple platforms that
/// is the main thread; on Linux `dispatchMain()` hands the queue to worker threads, so one main-actor job may
/// run on another thread than the last.
@usableFromInline func isOnMainQueue() -> Bool {
  guard let lookUp = mainQueueLookUp else { return DispatchQueue.getSpecific(key: mainQueueKey) ?? false }
  return lookUp(UnsafeRawPointer(Unmanaged.passUnretained(mainQueueKey).toOpaque())) != nil
}

/// Whether ``isOnMainQueue()`` calls libdispatch directly, for the test that pins the look-up.
var looksUpTheMainQueueDirectly: Bool { mainQueueLookUp != nil }

/// Where code runs, as far as the graph's domain is concerned: its thread, and whether it is the main queue
/// (rule 8).
@usableFromInline
struct ExecutionPlace {
  @usableFromInline let thread: UInt
  /// Whether the code ran on the main dispatch queue (the main actor's executor).
  @usableFromInline let isMainQueue: Bool

  /// The calling code's place.
  @inlinable static var current: ExecutionPlace {
    ExecutionPlace(thread: currentThreadID(), isMainQueue: isOnMainQueue())
  }

  @inlinable init(thread: UInt, isMainQueue: Bool) {
    self.thread = thread
    self.isMainQueue = isMainQueue
  }

  /// Whether code running at `other` is in the same isolation domain as code that ran here: on the same
  /// thread, or both on the main queue, which runs one job at a time whichever thread drains it (the main
  /// actor on Linux). An actor on the cooperative pool is not recognised across threads: a free there on
  /// another thread than the subscribe is deferred (safe, only later).
  @inlinable func isSameDomain(as other: ExecutionPlace) -> Bool {
    thread == other.thread || (isMainQueue && other.isMainQueue)
  }

  /// Whether the calling code is in this place's domain: ``isSameDomain(as:)`` with the current place, looking
  /// up the main queue only off this place's thread (a free or cancel on it, the common case, reads the thread
  /// alone).
  @inlinable func includesCurrentCode() -> Bool {
    currentThreadID() == thread || (isMainQueue && isOnMainQueue())
  }
}

/// The `onCancel` of a subscription freed on another thread than the one that made it: the subscriptions it
/// cancels on a thread other than theirs defer their removal too. `cancel()` reads ``isRunning`` only when
/// called off the thread that made its subscription.
enum ForeignTeardown {
  /// Whether the current code runs inside such an `onCancel`.
  @TaskLocal static var isRunning = false

  /// Runs `onCancel` as the teardown of a subscription freed on another thread.
  static func run(_ onCancel: () -> Void) {
    $isRunning.withValue(true) { onCancel() }
  }
}

extension Signal {
  /// Ends the observer of `subscription`: at once, or, when it was freed on another thread, by posting its slot
  /// for the domain to remove.
  @inlinable final func endObserver(of subscription: Subscription, fromAnotherThread: Bool) {
    if _fastPath(!fromAnotherThread) {
      removeObserver(at: subscription.index)
    } else {
      post(subscription)
    }
  }

  /// Called on a foreign thread: records the slot of `subscription`, which is being freed. Its index is read
  /// under the lock, which every compaction (the only writer of indices once subscribed) holds.
  @usableFromInline final func post(_ subscription: Subscription) {
    foreignReleases.withPending { $0.append(subscription.index) }
  }

  /// Called in the domain when ``ForeignReleases/arePending``: removes the observers freed on other
  /// threads, as ``removeObserver(at:)`` does for one — tombstones now, compaction when no delivery is running,
  /// and the disconnection of a derived signal whose last observer this was. The closures are released last.
  @usableFromInline final func takeForeignReleases() {
    let removed = foreignReleases.withPending { pending in
      var removed = ContiguousArray<(observer: Unmanaged<AnyObject>, index: Int)>()
      removed.reserveCapacity(pending.count)
      for index in pending {
        // The subscription, freed by now, is not read.
        guard let observer = slots[index].observer else { continue }
        removed.append((observer, index))
        slots[index].observer = nil
      }
      pending.removeAll(keepingCapacity: true)
      return removed
    }
    guard !removed.isEmpty else { return }
    observerCount -= removed.count
    if deliveryDepth != 0 {
      flags |= ReactiveFlags.isCompactionDue
    } else {
      slots.removeTrailingTombstones()
      if slots.count > 2 * observerCount { compact() }
    }
    if observerCount == 0 { lastObserverRemoved() }
    for (observer, index) in removed { release(observer, at: index) }
  }
}
