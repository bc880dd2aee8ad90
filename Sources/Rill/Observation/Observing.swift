import Observation

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Signal {
  /// A signal of an expression over `@Observable` properties: the expression's current value at once,
  /// then its new value after each change of a property it read.
  ///
  /// The first subscriber evaluates `expression` inside `withObservationTracking` and receives the
  /// result at once (the signal replays). A change of any property the evaluation read schedules one
  /// re-evaluation in the caller's isolation (`isolation`, the model's actor): Observation reports a
  /// change before the property is set, so the signal reads again after the mutating code has returned,
  /// and several changes made in one go (one change transaction, say a method that sets three
  /// properties) give one new value. Observation's tracking is one-shot: from a report to the read that follows
  /// it nothing tracks the model, and a change made in that window is not lost — the read sees it (and tracks
  /// again). Each evaluation tracks the properties it read this time, so a
  /// conditional read (`model.showsName ? model.name : ""`) follows what was actually read. The new
  /// value is emitted as a propagation of its own, even when it equals the last one (chain
  /// `removeDuplicates()` to skip repeats).
  ///
  /// The last subscriber leaving stops the tracking: a later change of the model does nothing, and the
  /// signal's node is freed with its last subscription. A later first subscriber starts again.
  ///
  /// It must be created in the model's isolation (the main actor for a view model): the re-evaluation
  /// runs there.
  ///
  /// ```swift
  /// @Observable @MainActor final class Profile { var name = "Ada" }
  /// let profile = Profile()
  /// let greeting = Signal.observing { "Hello, \(profile.name)" }
  /// let subscription = greeting.subscribe { print($0) }   // prints "Hello, Ada"
  /// profile.name = "Grace"                                // later, on the main actor: "Hello, Grace"
  /// ```
  ///
  /// - Complexity: One evaluation of `expression` per change transaction while subscribed.
  public static func observing(
    isolation: isolated any Actor = #isolation,
    _ expression: @escaping () -> Value
  ) -> Signal<Value> {
    return SubscribingSignal(upstreams: [], kind: .observing, replays: true) { node in
      // A change is reported on the mutating thread, before the value is set: it only wakes the task,
      // which reads again in the model's isolation. One pending wake-up is enough.
      let (changes, changed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
      let evaluate = {
        withObservationTracking(expression) { changed.yield() }
      }
      node.emit(evaluate())
      let task = Task {
        _ = isolation
        for await _ in changes {
          guard !Task.isCancelled else { return }
          node.emitAsPropagation(evaluate())
        }
      }
      return Subscription {
        task.cancel()
        changed.finish()
      }
    }
  }
}
