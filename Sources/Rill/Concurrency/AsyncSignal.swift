extension Signal {
  /// A signal that emits the elements of `sequence`, iterated in the caller's isolation domain while
  /// the signal has subscribers.
  ///
  /// The first subscriber starts a task, isolated to `isolation` (the caller's actor, by default),
  /// that iterates `sequence` and emits each element as a propagation of its own; the last subscriber
  /// leaving cancels the task. A later first subscriber starts a new iteration (of a new iterator —
  /// whether that repeats elements depends on the sequence: an `AsyncStream` that has finished yields
  /// nothing more; ``from(isolation:_:)`` makes a fresh sequence per connection). The signal does not
  /// replay.
  ///
  /// It must be created in an actor-isolated context (the main actor, an actor's method): the task has
  /// to run in the same domain as the signal graph.
  ///
  /// ```swift
  /// @MainActor func watch(_ readings: AsyncStream<Double>) -> Subscription {
  ///   Signal.from(readings).map { "\($0) °C" }.subscribe { print($0) }
  /// }
  /// // prints "21.5 °C", … as the stream yields, until the subscription is cancelled
  /// ```
  ///
  /// - Parameters:
  ///   - sequence: The elements to emit; it does not throw.
  ///   - isolation: The actor the task runs on; the caller's, by default. A caller that is not isolated to an actor
  ///     does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible with expected argument
  ///     type 'any Actor'". Call it from the main actor or an actor's method, or take an `isolated` parameter and pass
  ///     it on (see Troubleshooting in <doc:IsolationAndTime>).
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public static func from<Elements: AsyncSequence<Value, Never>>(
    _ sequence: Elements,
    isolation: isolated any Actor = #isolation
  ) -> Signal<Value> {
    task(isolation: isolation) { send in
      for await element in sequence { send(element) }
    }
  }

  /// A signal that emits the elements of a fresh sequence, made by `makeSequence`, each time it connects.
  ///
  /// Like ``from(_:isolation:)``, but each connection — the first subscriber, or the first after all had
  /// left — calls `makeSequence` and iterates the new sequence, so a connection after an earlier sequence
  /// finished (or was cancelled) sees the elements again. Subscribers that join while connected share the
  /// running iteration, as with every node; the signal does not replay.
  ///
  /// Which to use:
  /// - `from(sequence)`: the sequence is a live source that must be iterated once and shared, such as an
  ///   `AsyncStream` fed by a delegate, or notifications. A later connection continues with a new iterator
  ///   of the same sequence: an `AsyncStream` that has finished yields nothing more.
  /// - `from { makeSequence() }`: each connection should start the work afresh — a request that streams
  ///   its response, a file read line by line, a sequence that ends — like RxSwift's `Observable.deferred`.
  ///
  /// ```swift
  /// let lines = Signal.from { fileLines(at: path) }   // on the main actor
  /// var first = lines.subscribe { print($0) }         // prints the file's lines
  /// first.cancel()
  /// let again = lines.subscribe { print($0) }         // reads the file again and prints its lines
  /// ```
  ///
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  public static func from<Elements: AsyncSequence<Value, Never>>(
    isolation: isolated any Actor = #isolation,
    _ makeSequence: @escaping () -> Elements
  ) -> Signal<Value> {
    task(isolation: isolation) { send in
      for await element in makeSequence() { send(element) }
    }
  }

  /// A signal fed by an async closure that runs in the caller's isolation domain while the signal has
  /// subscribers.
  ///
  /// The first subscriber starts a task, isolated to `isolation` (the caller's actor, by default),
  /// that runs `operation`; each call of the `send` function it is given emits a value to the
  /// subscribers at once, in order. The last subscriber leaving cancels the task (`operation` sees
  /// `Task.isCancelled`, and its sleeps throw); `send` does nothing from then on. A later first
  /// subscriber runs `operation` again. The signal does not replay.
  ///
  /// It must be created in an actor-isolated context (the main actor, an actor's method): the task has
  /// to run in the same domain as the signal graph.
  ///
  /// ```swift
  /// let ticks = Signal<Int>.task { send in
  ///   var tick = 0
  ///   while !Task.isCancelled {
  ///     send(tick); tick += 1
  ///     try? await Task.sleep(for: .seconds(1))
  ///   }
  /// }
  /// let subscription = ticks.subscribe { print($0) }   // prints 0, 1, 2, … once a second
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the task runs on; the caller's, by default. A caller that is not isolated to an actor
  ///     does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible with expected argument
  ///     type 'any Actor'". Call it from the main actor or an actor's method, or take an `isolated` parameter and pass
  ///     it on (see Troubleshooting in <doc:IsolationAndTime>).
  ///   - operation: The work, run in `isolation`; each call of `send` emits a value.
  public static func task(
    isolation: isolated any Actor = #isolation,
    _ operation: nonisolated(nonsending) @escaping (_ send: (Value) -> Void) async -> Void
  ) -> Signal<Value> {
    return SubscribingSignal(upstreams: [], kind: .asyncSequence, replays: false) { node in
      let task = Task {
        _ = isolation
        await operation { value in
          if !Task.isCancelled { node.emitAsPropagation(value) }
        }
      }
      return Subscription { task.cancel() }
    }
  }
}

extension DerivedSignal {
  /// Emits `value` as a propagation of its own, for values that arrive from outside the graph (a task,
  /// a timer): queued if a delivery is in progress, delivered at once otherwise (rule 5).
  final func emitAsPropagation(_ value: Value) {
    guard startPropagation() else {
      currentGraph.enqueue { [self] in emit(value) }
      return
    }
    emit(value)
    finishPropagation()
  }
}
