extension Signal where Value: Sendable {
  /// Delivers this signal's values to `observer` on the actor `target`, in order, from any domain.
  ///
  /// Call it in the signal's own domain (the signal is not `Sendable`); `observer` then runs isolated to
  /// `target`, which it receives as its first argument, so it may touch the actor's state synchronously.
  /// Each emitted value is handed to a buffer at once (a replayed current value first) and a single task
  /// on `target` takes the values out and calls `observer`, one at a time. Hence:
  ///
  /// - **Order.** `observer` is called with values in the order the signal emitted them, never
  ///   concurrently with itself.
  /// - **Loss.** Under ``BufferingPolicy/unbounded`` every value is delivered. Under
  ///   ``BufferingPolicy/bufferingNewest(_:)`` a value is dropped when `limit` newer values wait behind
  ///   it; under ``BufferingPolicy/bufferingOldest(_:)`` a new value is dropped while `limit` wait.
  ///   Only values that have not reached `target` yet are ever dropped.
  /// - **Cancel.** Cancelling (or freeing) the returned subscription, in the signal's domain,
  ///   unsubscribes at once and stops the task: values still buffered are not delivered. A call of
  ///   `observer` already running on `target` finishes; none starts afterwards.
  ///
  /// ```swift
  /// actor Recorder { var seen: [Int] = [] }
  /// let recorder = Recorder()
  /// let counter = CurrentValueSubject(0)   // on the main actor
  /// let subscription = counter.subscribe(on: recorder) { recorder, value in recorder.seen.append(value) }
  /// counter.value = 1   // recorder.seen becomes [0, 1], on the recorder's executor
  /// ```
  ///
  /// - Complexity: O(1) amortized per value in the signal's domain; one executor switch per burst of
  ///   values on `target`.
  @inlinable public func subscribe<Target: Actor>(
    on target: Target,
    bufferingPolicy: BufferingPolicy = .unbounded,
    _ observer: @escaping @Sendable (isolated Target, Value) -> Void
  ) -> Subscription {
    let mailbox = Mailbox<Value>(policy: bufferingPolicy)
    let task = Task { await deliverValues(from: mailbox, on: target, observer) }
    return bridge(to: mailbox, task: task)
  }

  /// Delivers this signal's values to `observer` on the main actor, in order, from any domain.
  ///
  /// The same as `subscribe(on:bufferingPolicy:_:)` with the main actor as the target:
  /// `observer` is `@MainActor`, so it can update a view. Call it in the signal's own domain — for
  /// example in a method of the background actor that owns a model. Order, loss under each
  /// ``BufferingPolicy`` and cancellation are as described there.
  ///
  /// ```swift
  /// actor Model {
  ///   let progress = CurrentValueSubject(0.0)
  ///   var subscriptions = Set<Subscription>()
  ///   func bind(_ label: ProgressLabel) {   // ProgressLabel is a @MainActor class
  ///     progress.subscribe(on: MainActor.shared) { label.text = "\(Int($0 * 100)) %" }
  ///       .store(in: &subscriptions)
  ///   }
  /// }
  /// // the label reads "0 %", then follows every progress value, on the main actor
  /// ```
  @inlinable public func subscribe(
    on target: MainActor,
    bufferingPolicy: BufferingPolicy = .unbounded,
    _ observer: @escaping @MainActor @Sendable (Value) -> Void
  ) -> Subscription {
    let mailbox = Mailbox<Value>(policy: bufferingPolicy)
    let task = Task { @MainActor in
      while var batch = await mailbox.takeAll() {
        while let value = batch.popFirst() {
          guard !Task.isCancelled else { return }
          observer(value)
        }
      }
    }
    return bridge(to: mailbox, task: task)
  }

  /// Subscribes, posting each value to `mailbox`; the subscription closes the mailbox and cancels `task`.
  @inlinable func bridge(to mailbox: Mailbox<Value>, task: Task<Void, Never>) -> Subscription {
    let upstream = subscribe { mailbox.post($0) }
    return Subscription {
      upstream.cancel()
      task.cancel()
      mailbox.close()
    }
  }
}

/// Takes the values out of `mailbox` on `target` and calls `observer` with each, until cancelled.
@inlinable func deliverValues<Target: Actor, Value: Sendable>(
  from mailbox: Mailbox<Value>,
  on target: isolated Target,
  _ observer: @Sendable (isolated Target, Value) -> Void
) async {
  while var batch = await mailbox.takeAll() {
    while let value = batch.popFirst() {
      guard !Task.isCancelled else { return }
      observer(target, value)
    }
  }
}

/// The buffer between a signal and the task that delivers its values in another domain.
///
/// The signal's observer posts each value under a lock; the delivering task takes *all* waiting values at
/// once, and sleeps only when there are none. So a burst of values costs one lock per value on the sending
/// side and one lock and at most one wake-up per batch on the receiving side. (It replaced an
/// `AsyncStream`, whose consumer takes the lock once per value and is woken per value when it keeps up;
/// see the measurement in the Isolation and Time article.)
///
/// Inlinable, like the `subscribe(on:)` methods that use it, so that it runs specialized for the client's
/// value type: unspecialized, generic metadata look-ups took most of its time.
@usableFromInline
final class Mailbox<Value: Sendable>: Sendable {
  @usableFromInline struct State: ~Copyable {
    @usableFromInline var buffer: ValueBuffer<Value>
    @usableFromInline var waiting: UnsafeContinuation<ValueBuffer<Value>?, Never>?
    @usableFromInline var closed = false

    @inlinable init(buffer: ValueBuffer<Value>) {
      self.buffer = buffer
    }
  }

  @usableFromInline let state: LockedState<State>
  @usableFromInline let policy: BufferingPolicy

  @inlinable init(policy: BufferingPolicy) {
    self.policy = policy.validated()
    state = LockedState(State(buffer: ValueBuffer(policy: policy)))
  }

  /// Adds `value` under the policy, or hands it to the waiting receiver.
  @inlinable func post(_ value: Value) {
    let receiver = state.withLock { state -> UnsafeContinuation<ValueBuffer<Value>?, Never>? in
      guard !state.closed else { return nil }
      guard let receiver = state.waiting.take() else {
        state.buffer.append(value)
        return nil
      }
      return receiver
    }
    guard let receiver else { return }
    var batch = ValueBuffer<Value>(policy: policy)
    batch.append(value)
    receiver.resume(returning: batch)
  }

  /// All the waiting values, in order, waiting for one if there are none; `nil` once closed.
  @inlinable func takeAll(isolation: isolated (any Actor)? = #isolation) async -> ValueBuffer<Value>? {
    let policy = policy
    return await withUnsafeContinuation(isolation: isolation) { continuation in
      let batch = state.withLock { state -> ValueBuffer<Value>?? in
        if !state.buffer.isEmpty {
          defer { state.buffer = ValueBuffer(policy: policy) }
          return .some(state.buffer)
        }
        if state.closed { return .some(nil) }
        state.waiting = continuation
        return nil
      }
      if let batch { continuation.resume(returning: batch) }
    }
  }

  /// Drops the waiting values and ends the receiver's loop; later posts are ignored.
  @usableFromInline func close() {
    let receiver = state.withLock { state in
      state.closed = true
      state.buffer = ValueBuffer(policy: .unbounded)
      return state.waiting.take()
    }
    receiver?.resume(returning: nil)
  }
}
