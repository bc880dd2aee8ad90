/// The token ``Signal/subscribe(_:)`` returns: while it lives, the observer is registered.
///
/// Call ``cancel()`` to end the subscription, or let the last reference to it go: a freed subscription
/// cancels itself. After `cancel()` returns the observer is never called again, even when it is called
/// in the middle of a delivery, and the closure is released at once (so a closure that captures its own
/// subject does not keep it alive).
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

  /// The observer's slot in its signal, kept up to date by compaction.
  @usableFromInline @exclusivity(unchecked) var index: Int
  /// Removes the observer from slot `index` of its signal, or `nil` once cancelled. Built by the (inlinable)
  /// `subscribe`, so it runs code specialized for the signal's value type.
  @usableFromInline @exclusivity(unchecked) var remove: ((Int) -> Void)?
  /// What a custom subscription does when cancelled.
  @exclusivity(unchecked) private var onCancel: (() -> Void)?

  @inlinable init(index: Int, remove: @escaping (Int) -> Void) {
    self.index = index
    self.remove = remove
  }

  /// Creates a subscription that runs `onCancel` once, when it is cancelled or freed.
  ///
  /// Use it to give a resource that is not a signal (a timer, a task) the same lifetime rules.
  public init(onCancel: @escaping () -> Void) {
    self.index = 0
    self.onCancel = onCancel
  }

  /// Whether ``cancel()`` has run (or the subscription ended itself, as an owner-bound one does).
  public var isCancelled: Bool { remove == nil && onCancel == nil }

  /// Ends the subscription. The observer is released now and never called again. Calling it twice is
  /// harmless.
  ///
  /// - Complexity: Amortized O(1); cancelling any number of subscriptions, in any order, is linear in
  ///   their number.
  public func cancel() {
    if let remove = remove.take() {  // moved out: no retain and release of the signal
      remove(index)
    } else if let onCancel = onCancel {
      self.onCancel = nil
      onCancel()
    }
  }

  deinit {
    cancel()
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
