extension Signal {
  /// Calls `observer` with `owner` and each value, for as long as `owner` lives — no token to keep.
  ///
  /// `owner` is held weakly and handed to the closure, so the closure need not capture it (and cannot
  /// keep it alive by accident). The subscription ends by itself once `owner` is freed: the first value
  /// that arrives afterwards is not delivered and releases the observer. You may also cancel the
  /// returned subscription early; dropping it does not cancel.
  ///
  /// Unlike a plain subscription, this one does not keep the signal alive: when `owner` owns the signal (a
  /// view model that owns a subject and observes it), both are freed together. A pipeline derived from a
  /// source `owner` owns is kept connected by that source, though, until a value arrives: cancel the
  /// subscription in the owner's `deinit` there — in a `@MainActor` owner, whose `deinit` cannot read it,
  /// an `isolated deinit` (macOS 15.4, iOS 18.4), or instead a plain ``subscribe(_:)`` kept in the
  /// owner's `Set<Subscription>`, which ends when the owner frees it (see rule 7 of <doc:Contract>).
  ///
  /// ```swift
  /// final class CreditLabel { var text = "" }
  /// let label = CreditLabel()
  /// credit.subscribe(owner: label) { label, value in label.text = "Credit: \(value)" }
  /// ```
  @discardableResult
  public final func subscribe<Owner: AnyObject>(
    owner: Owner,
    _ observer: @escaping (Owner, Value) -> Void
  ) -> Subscription {
    let link = StateCell<Subscription?>(nil)
    let subscription = subscribe { [weak owner] value in
      if let owner {
        observer(owner, value)
      } else {
        link.value.take()?.cancel()
      }
    }
    // The observer keeps the subscription, which by default keeps this signal: a cycle that only a value after
    // the owner is freed breaks. When the owner also owns this signal, no such value can come; so the
    // subscription holds this signal weakly, and they go together.
    subscription.remove = { [weak self] in self?.endObserver(of: $0, fromAnotherThread: $1) }
    link.value = subscription
    return subscription
  }
}
