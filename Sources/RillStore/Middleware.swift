/// Code that runs around the reducer for every dispatched action: it can log, transform, swallow
/// or add actions.
///
/// A store runs its middleware in the order given. Each one receives the action and a `next`
/// function: calling `next(action)` passes the action on (to the next middleware; after the last,
/// to the reducer); calling `next` with another action transforms it; not calling `next` swallows it.
/// `context.dispatch(_:)` adds a new action, which is queued and runs after the current dispatch
/// has finished notifying subscribers (run to completion).
///
/// ```swift
/// let onlyPositive = Middleware<Counter, Int> { context, amount, next in
///   if amount > 0 { next(amount) }        // swallow the rest
/// }
/// let store = Store(initialState: Counter(), reducer: add, middleware: [onlyPositive])
/// store.dispatch(-1); store.dispatch(2)   // store.currentState.count == 2
/// ```
///
/// Only the actions that reach the reducer are recorded in the history; time travel replays them
/// with the reducer alone and does not run middleware again.
///
/// **Sendable.** The function is `@Sendable`, so a middleware can be a global or a `static let` in
/// Swift 6 and be shared by stores: what it captures must be `Sendable` (a service, an actor, a
/// `Mutex`); the context it is given reaches the store.
///
/// **Async work** (a thunk) starts with ``MiddlewareContext/run(_:)``, which runs it on the store's
/// actor and hands it the context to dispatch with later (a `Task` of its own would not compile: the
/// context is not `Sendable`):
///
/// ```swift
/// let autosave = Middleware<Editor, EditorAction> { context, action, next in
///   next(action)
///   guard case .edit = action else { return }
///   context.run { dispatch in
///     try await Task.sleep(for: .seconds(2))   // throws if the store is freed meanwhile
///     try await storage.save(dispatch.state.text)
///     dispatch(.saved)
///   }
/// }
/// ```
public struct Middleware<State, Action>: Sendable {
  /// The middleware function.
  @usableFromInline let body: @Sendable (MiddlewareContext<State, Action>, Action, (Action) -> Void) -> Void

  /// Creates a middleware from a function of the context, the action and `next`.
  ///
  /// `next` passes an action on (to the next middleware, the last one to the reducer); not calling
  /// it swallows the action; calling it with another action transforms it; `context.dispatch`
  /// queues a new action.
  public init(_ body: @escaping @Sendable (MiddlewareContext<State, Action>, Action, (Action) -> Void) -> Void) {
    self.body = body
  }
}

/// What a middleware can see and do besides passing the action on: read the state, dispatch, and start
/// async work that dispatches later (``run(_:)``).
///
/// It does not keep the store alive (the store keeps its middleware, so a strong reference would be a
/// cycle): a dispatch through it after the store was freed — say, from the work ``run(_:)`` started —
/// is dropped. To keep the store alive while async work runs, use ``Store/run(isolation:_:)``, whose
/// ``Dispatcher`` does.
public struct MiddlewareContext<State, Action> {
  @usableFromInline weak var store: Store<State, Action>?

  @usableFromInline init(store: Store<State, Action>) {
    self.store = store
  }

  /// The store's current state.
  ///
  /// Read before calling `next`, it is the state before the action; read after `next` returns, it
  /// is the state the reducer left (the subscribers have not been told yet).
  ///
  /// - Precondition: The store is alive (see ``isStoreAlive``).
  @inlinable public var state: State {
    guard let store else { preconditionFailure("MiddlewareContext.state was read after its store was freed") }
    return store.currentState
  }

  /// Whether the store is still alive: when it is not, ``dispatch(_:)`` does nothing.
  @inlinable public var isStoreAlive: Bool {
    store != nil
  }

  /// Dispatches `action` to the store. From inside the middleware it is queued and runs after the
  /// current dispatch has finished notifying subscribers; from elsewhere (the work ``run(_:)``
  /// started) it is an ordinary ``Store/dispatch(_:)``. After the store was freed it does nothing.
  @inlinable public func dispatch(_ action: Action) {
    store?.dispatch(action)
  }

  /// Dispatches `action` to the store, as ``dispatch(_:)`` does: the work ``run(_:)`` starts calls
  /// its context like a function (`dispatch(.saved)`).
  @inlinable public func callAsFunction(_ action: Action) {
    store?.dispatch(action)
  }
}

extension MiddlewareContext {
  /// Starts async work — a thunk — on the store's actor, handing it this context to dispatch with as it
  /// goes.
  ///
  /// The work runs in a new task on the store's actor — the one whose code created the store (see
  /// ``Store/init(initialState:reducer:middleware:recording:records:isolation:)``), or the main actor for
  /// a store created outside any actor's code (a property initializer, a nonisolated function) — so
  /// each dispatch it makes is an ordinary dispatch there, as with ``Store/run(isolation:_:)``.
  ///
  /// Unlike that one, it does not keep the store alive: when the store is freed, the task is cancelled
  /// (cooperatively: `Task.sleep` and other cancellable calls throw `CancellationError`), and whatever
  /// the work dispatches from then on is dropped (``isStoreAlive`` is false, and ``state`` must not be
  /// read). Await the returned task's `value` to wait for it; `cancel()` it to stop it. A `TestStore`
  /// counts it as in flight, as it does the store's own runs, until it returns.
  ///
  /// ```swift
  /// let pinger = Middleware<Game, GameAction> { context, action, next in
  ///   next(action)
  ///   guard action == .ping else { return }
  ///   context.run { dispatch in
  ///     try await Task.sleep(for: .seconds(1))
  ///     dispatch(.pong)
  ///   }
  /// }
  /// ```
  ///
  /// Called after the store was freed, it starts nothing (the task it returns does nothing).
  ///
  /// - Precondition: This is called on the store's actor, as a middleware is (a store used off the main
  ///   actor must be created in that actor's code, or be given `isolation:`).
  /// - Parameter work: The thunk, run on the store's actor with this context.
  @discardableResult
  public func run(
    _ work: nonisolated(nonsending) @escaping (MiddlewareContext<State, Action>) async throws -> Void
  ) -> Task<Void, any Error> {
    guard let store else { return Task {} }
    let message =
      store.isOnMainActor
      ? "MiddlewareContext.run was called off the main actor for a store created on it or outside any actor's "
        + "code (which is taken to live on the main actor): create the store in the code of the actor it is used on"
      : "MiddlewareContext.run was called away from the actor its store was created on"
    // The store's actor is alive while code runs on it, so `nil` here means this does not run there.
    guard let isolation = store.isOnMainActor ? MainActor.shared : store.isolation else {
      preconditionFailure(message)
    }
    isolation.preconditionIsolated(message)
    // The store is not Sendable, so it is used in one isolation domain: the one it was created in, or
    // the main actor; the check above stops the program unless this runs there now. So the store and
    // `work`, which the middleware made there, may go into a task on it.
    nonisolated(unsafe) let onItsActor = store
    nonisolated(unsafe) let thunk = work
    return isolation.assumeIsolated { isolation in
      onItsActor.startMiddlewareRun(isolation: isolation, thunk)
    }
  }
}

extension Store {
  /// Starts `work` in a task on `isolation` (the store's actor), counted in flight until it returns and
  /// cancelled if the store is freed first; the task holds the store weakly.
  func startMiddlewareRun(
    isolation: isolated any Actor,
    _ work: nonisolated(nonsending) @escaping (MiddlewareContext<State, Action>) async throws -> Void
  ) -> Task<Void, any Error> {
    let context = MiddlewareContext(store: self)
    let number = nextMiddlewareRun
    nextMiddlewareRun += 1
    runsInFlight += 1
    let task = Task {
      _ = isolation
      defer {
        if let store = context.store {
          store.runsInFlight -= 1
          store.middlewareRuns[number] = nil
        }
      }
      try await work(context)
    }
    middlewareRuns[number] = task
    return task
  }
}
