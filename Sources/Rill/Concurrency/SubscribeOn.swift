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
  public func subscribe<Target: Actor>(
    on target: Target,
    bufferingPolicy: BufferingPolicy = .unbounded,
    _ observer: @escaping @Sendable (isolated Target, Value) -> Void
  ) -> Subscription {
    let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: bufferingPolicy.streamPolicy())
    let task = Task { await deliverValues(stream, on: target, observer) }
    return bridge(to: continuation, task: task)
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
  public func subscribe(
    on target: MainActor,
    bufferingPolicy: BufferingPolicy = .unbounded,
    _ observer: @escaping @MainActor @Sendable (Value) -> Void
  ) -> Subscription {
    let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: bufferingPolicy.streamPolicy())
    let task = Task { @MainActor in
      for await value in stream {
        guard !Task.isCancelled else { return }
        observer(value)
      }
    }
    return bridge(to: continuation, task: task)
  }

  /// Subscribes, yielding each value into `continuation`; the subscription ends the stream and `task`.
  private func bridge(
    to continuation: AsyncStream<Value>.Continuation,
    task: Task<Void, Never>
  ) -> Subscription {
    let upstream = subscribe { continuation.yield($0) }
    return Subscription {
      upstream.cancel()
      task.cancel()
      continuation.finish()
    }
  }
}

/// Takes the values out of `stream` on `target` and calls `observer` with each, until cancelled.
private func deliverValues<Target: Actor, Value: Sendable>(
  _ stream: AsyncStream<Value>,
  on target: isolated Target,
  _ observer: @Sendable (isolated Target, Value) -> Void
) async {
  for await value in stream {
    guard !Task.isCancelled else { return }
    observer(target, value)
  }
}

extension BufferingPolicy {
  /// The same policy for an `AsyncStream`.
  func streamPolicy<Element>() -> AsyncStream<Element>.Continuation.BufferingPolicy {
    switch validated() {
    case .unbounded: .unbounded
    case .bufferingNewest(let limit): .bufferingNewest(limit)
    case .bufferingOldest(let limit): .bufferingOldest(limit)
    }
  }
}
