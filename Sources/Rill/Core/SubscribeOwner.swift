extension Signal {
  /// Calls `observer` with `owner` and each value, for as long as `owner` lives — no token to keep.
  ///
  /// `owner` is held weakly and handed to the closure, so the closure need not capture it (and cannot
  /// keep it alive by accident). The subscription ends by itself once `owner` is freed: the first value
  /// that arrives afterwards is not delivered and releases the observer. You may also cancel the
  /// returned subscription early; dropping it does not cancel.
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
    link.value = subscription
    return subscription
  }
}
