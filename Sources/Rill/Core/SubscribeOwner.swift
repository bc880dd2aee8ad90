extension Signal {
  /// Calls `observer` with `owner` and each value, for as long as `owner` lives — no token to keep.
  ///
  /// `owner` is held weakly and handed to the closure, so the closure need not capture it (and cannot
  /// keep it alive by accident). The subscription ends by itself once `owner` is freed: the first value
  /// that arrives afterwards is not delivered and releases the observer. You may also cancel the
  /// returned subscription early. Dropping it while `owner` lives does not cancel; freeing it after `owner`
  /// is gone does, at once — so a token that `owner` keeps in its own `Set<Subscription>` ends the subscription
  /// when `owner` is freed, with no value needed.
  ///
  /// Unlike a plain subscription, this one does not keep the signal alive: when `owner` owns the signal (a
  /// view model that owns a subject and observes it), both are freed together. When `owner` owns the source
  /// of a pipeline it observes (`query.map { … }.subscribe(owner: self)`), the connected pipeline and its source
  /// keep each other until the subscription ends: keep the token in `owner` (as below), and both are freed
  /// with it; a dropped token leaves them until the next value. A ``Computed`` is kept like a pipeline: while
  /// observed it is linked to what it read, and it lets go of that in its own domain when its last observer
  /// leaves, never from a free (which may run on any thread).
  ///
  /// ```swift
  /// @MainActor final class SearchModel {
  ///   let query = CurrentValueSubject("")
  ///   var results: [String] = []
  ///   private var subscriptions = Set<Subscription>()
  ///
  ///   init(search: @escaping (String) -> [String]) {
  ///     query.map(search)
  ///       .subscribe(owner: self) { model, results in model.results = results }
  ///       .store(in: &subscriptions)   // ends when the model is freed, on any thread
  ///   }
  /// }
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
    // subscription holds this signal weakly, and they go together. Not a computed: observed, it is linked to
    // what it read, which keeps no reference to it and must be told before it goes, in its own domain — its
    // last observer's removal does that, so the subscription keeps it until then.
    if !has(ReactiveFlags.isComputed) {
      subscription.action = .remove { [weak self] in self?.endObserver(of: $0, fromAnotherThread: $1) }
    }
    link.value = subscription
    // The caller gets a token of its own: the observer keeps the subscription (dropping the token must not end
    // it), and the token, freed once the owner is gone, ends it.
    return Subscription(standingFor: subscription, owner: owner)
  }
}
