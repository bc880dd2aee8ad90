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

/// What a middleware can see and do besides passing the action on: read the state and dispatch.
///
/// It does not keep the store alive (the store keeps its middleware, so a strong reference would be a
/// cycle): a dispatch through it after the store was freed — say, from a task the middleware started
/// — is dropped. To keep the store alive while async work runs, use ``Store/run(isolation:_:)``,
/// whose ``Dispatcher`` does.
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
  /// current dispatch has finished notifying subscribers; from elsewhere (say, a task the middleware
  /// started) it is an ordinary ``Store/dispatch(_:)``. After the store was freed it does nothing.
  @inlinable public func dispatch(_ action: Action) {
    store?.dispatch(action)
  }
}
