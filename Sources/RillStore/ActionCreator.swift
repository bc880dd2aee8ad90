extension Store {
  /// Runs async work — an action creator — in the caller's isolation, handing it a ``Dispatcher`` to
  /// dispatch with as it goes.
  ///
  /// The work starts in a new task on the caller's actor (the store's isolation: a store is not
  /// `Sendable`, so it lives on one actor), so each dispatch it makes is an ordinary dispatch on that
  /// actor. Await the returned task's `value` to wait for it (and see its error); `cancel()` it to
  /// stop it: cancellation is cooperative, as usual in Swift concurrency — the work sees
  /// `Task.isCancelled`, and cancellable calls such as `Task.sleep` throw `CancellationError`.
  ///
  /// ```swift
  /// @MainActor func load(_ store: Store<App, AppAction>, from service: some PropertyService) {
  ///   store.run { dispatch in
  ///     dispatch(.startLoading)
  ///     defer { dispatch(.endLoading) }
  ///     do {
  ///       dispatch(.updateProperties(try await service.fetchProperties()))
  ///     } catch {
  ///       dispatch(.saveErrorMessage("\(error)"))
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the work runs on, where the store lives; the caller's, by default. A caller that is not
  ///     isolated to an actor does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible
  ///     with expected argument type 'any Actor'". Call it from the main actor or an actor's method, or take an
  ///     `isolated` parameter and pass it on (see the IsolationAndTime article of Rill).
  ///   - work: The action creator, run in `isolation` with a ``Dispatcher`` of this store.
  @discardableResult
  public func run(
    isolation: isolated any Actor = #isolation,
    _ work: nonisolated(nonsending) @escaping (Dispatcher<State, Action>) async throws -> Void
  ) -> Task<Void, any Error> {
    let dispatcher = Dispatcher(store: self)
    runsInFlight += 1
    return Task {
      _ = isolation
      defer { dispatcher.store.runsInFlight -= 1 }
      try await work(dispatcher)
    }
  }
}

/// What an action creator dispatches with: a handle on its store, usable from the async work that
/// ``Store/run(isolation:_:)`` runs.
///
/// Call it like a function (`dispatch(.startLoading)`) or use ``dispatch(_:)``. It keeps the store
/// alive while the work runs.
public struct Dispatcher<State, Action> {
  @usableFromInline let store: Store<State, Action>

  @usableFromInline init(store: Store<State, Action>) {
    self.store = store
  }

  /// The store's current state.
  @inlinable public var state: State {
    store.currentState
  }

  /// Dispatches `action` to the store (see ``Store/dispatch(_:)``).
  @inlinable public func dispatch(_ action: Action) {
    store.dispatch(action)
  }

  /// Dispatches `action` to the store.
  @inlinable public func callAsFunction(_ action: Action) {
    store.dispatch(action)
  }
}
