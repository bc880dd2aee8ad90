/// The token ``Signal/subscribe(_:)`` returns: while it lives, the observer is registered.
///
/// Call ``cancel()`` to end the subscription, or let the last reference to it go: a freed subscription
/// cancels itself. After `cancel()` returns the observer is never called again, even when it is called
/// in the middle of a delivery, and the closure is released at once (so a closure that captures its own
/// subject does not keep it alive).
///
/// Call `cancel()` in the signal's domain, like every other use of a signal. Freeing is safe anywhere: the
/// holder of a subscription — a `@MainActor` view model, say — is often `Sendable`, so its last reference may
/// go on any thread. A subscription freed on the thread that made it (or, made on the main queue, anywhere on
/// the main queue) ends at once, as `cancel()` does. Freed on another thread, it leaves its observer for the
/// signal's domain to remove, at the signal's next delivery, subscribe or compaction: no delivery that starts
/// after the free is seen there calls the observer, but the observer closure, and the pipeline it keeps
/// connected, live until then. A subscription made with
/// ``init(onCancel:)`` runs `onCancel` on the freeing thread, and the cancels it makes are deferred the same
/// way. See rule 8 of the contract.
///
/// Keep many subscriptions together with ``store(in:)-(Set<Subscription>)`` or
/// ``store(in:)-([Subscription])``:
///
/// ```swift
/// var subscriptions = Set<Subscription>()
/// credit.subscribe { print($0) }.store(in: &subscriptions)
/// subscriptions.removeAll()   // cancels them all
/// ```
public final class Subscription {
  // Not checked for exclusivity at run time: a subscription belongs to one signal graph, which runs in one
  // isolation domain, and no access is held across a call out.

  // Laid out to fill the words: where it was made, its slot index, then what ending it does (one of three, or
  // nothing once ended). 56 bytes a subscription; the three fields of its own each kind had made it 88.

  /// Where this subscription was made: a free in another isolation domain defers the removal (rule 8).
  @usableFromInline let place: ExecutionPlace
  /// ``index``'s storage: a signal has fewer than 2^31 observers.
  @usableFromInline @exclusivity(unchecked) var indexStorage: Int32
  /// What ending this subscription does, or `nil` once it ended.
  @usableFromInline @exclusivity(unchecked) var action: SubscriptionAction?
  #if DEBUG
    /// Counts this subscription in the tests' live-object scope.
    @usableFromInline let live = LiveObject(.subscription)
  #endif

  /// The observer's slot in its signal, kept up to date by compaction.
  @inlinable var index: Int {
    get { Int(truncatingIfNeeded: indexStorage) }
    set { indexStorage = Int32(truncatingIfNeeded: newValue) }
  }

  @inlinable init(index: Int, remove: @escaping (Subscription, Bool) -> Void) {
    self.place = .current
    indexStorage = Int32(truncatingIfNeeded: index)
    action = .remove(remove)
  }

  /// Creates a subscription that runs `onCancel` once, when it is cancelled or freed.
  ///
  /// Use it to give a resource that is not a signal (a timer, a task) the same lifetime rules. Freed on
  /// another thread than the one that made it, it runs `onCancel` there; the subscriptions `onCancel` cancels
  /// then leave their observers for their signals' domains to remove, as if they had been freed there too.
  public init(onCancel: @escaping () -> Void) {
    self.place = .current
    indexStorage = 0
    action = .custom(onCancel)
  }

  /// The token of an owner-bound subscription: cancelling it cancels `subscription`; freeing it does too, once
  /// `owner` is gone (see ``Signal/subscribe(owner:_:)``).
  init(standingFor subscription: Subscription, owner: AnyObject) {
    self.place = .current
    indexStorage = 0
    action = .standFor(OwnerBinding(subscription: subscription, owner: owner))
  }

  /// Whether ``cancel()`` has run (or the subscription ended itself, as an owner-bound one does).
  public var isCancelled: Bool {
    guard let action else { return true }
    if case .standFor(let binding) = action { return binding.subscription.isCancelled }
    return false
  }

  /// Ends the subscription. The observer is released now and never called again. Calling it twice is
  /// harmless.
  ///
  /// - Complexity: Amortized O(1); cancelling any number of subscriptions, in any order, is linear in
  ///   their number.
  public func cancel() {
    // On the thread that subscribed — nearly always — this costs reading the thread's identity.
    end(fromAnotherThread: _slowPath(!place.includesCurrentCode()) && ForeignTeardown.isRunning)
  }

  deinit {
    guard let action else { return }  // cancelled already: no thread to look up
    // An owner-bound token dropped while its owner lives: the subscription goes on until the owner is gone.
    if case .standFor(let binding) = action, binding.owner != nil { return }
    end(fromAnotherThread: !place.includesCurrentCode())
  }

  /// Ends the subscription; `fromAnotherThread` when it is freed on another thread than the one that made it,
  /// or cancelled by the `onCancel` of such a subscription.
  @inline(__always) private func end(fromAnotherThread: Bool) {
    switch action.take() {  // moved out: no retain and release of the signal
    case .remove(let remove):
      remove(self, fromAnotherThread)
    case .custom(let onCancel):
      if fromAnotherThread {
        ForeignTeardown.run(onCancel)
      } else {
        onCancel()
      }
    case .standFor(let binding):
      if fromAnotherThread {
        ForeignTeardown.run { binding.subscription.cancel() }
      } else {
        binding.subscription.cancel()
      }
    case nil:
      break
    }
  }

  /// Keeps this subscription in `set` until it is removed from it (or the set is freed).
  public func store(in set: inout Set<Subscription>) {
    set.insert(self)
  }

  /// Keeps this subscription in `array` until it is removed from it (or the array is freed).
  public func store(in array: inout [Subscription]) {
    array.append(self)
  }
}

extension Subscription: Hashable {
  /// Subscriptions are equal only to themselves.
  public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// What ending a ``Subscription`` does.
@usableFromInline
enum SubscriptionAction {
  /// Removes the observer from its signal: at once, or, when the second argument is true (freed on another
  /// thread), by posting its slot for the signal's domain. Built by the (inlinable) `subscribe`, so it runs code
  /// specialized for the signal's value type.
  case remove((Subscription, Bool) -> Void)
  /// What a custom subscription does when cancelled (``Subscription/init(onCancel:)``).
  case custom(() -> Void)
  /// Cancels the subscription an owner-bound token stands for (see ``Signal/subscribe(owner:_:)``).
  case standFor(OwnerBinding)
}

/// What the token of an owner-bound subscription stands for (see ``Signal/subscribe(owner:_:)``). A class, so that
/// every other subscription pays for it one null reference: a struct holding a weak reference made their `cancel`
/// and `deinit` copy and destroy an optional of it through its value witnesses.
@usableFromInline
final class OwnerBinding {
  /// The subscription of the observer, which that observer keeps until it ends.
  let subscription: Subscription
  /// Weak: read on any thread the token is freed on. Inside the owner's `deinit`, and while the owner's stored
  /// properties (its set of subscriptions) are freed, it is already `nil`.
  weak var owner: AnyObject?

  init(subscription: Subscription, owner: AnyObject) {
    self.subscription = subscription
    self.owner = owner
  }
}
