/// A Redux store: one state value that changes only when an action is dispatched, exposed as a
/// replaying signal.
///
/// `dispatch(_:)` runs the middleware, then the pure ``Reducer``, records the action in the
/// ``History``, and then tells the subscribers of ``state`` (and of every signal from `select(_:)`)
/// the new state, in subscription order.
///
/// ```swift
/// struct Counter: Equatable { var count = 0 }
/// enum CounterAction { case increase, decrease }
/// let store = Store(initialState: Counter(), reducer: Reducer { state, action in
///   switch action {
///   case .increase: state.count += 1
///   case .decrease: state.count -= 1
///   }
/// })
/// let subscription = store.select(\.count).subscribe { print("count", $0) }   // prints "count 0"
/// store.dispatch(.increase)                                                    // prints "count 1"
/// ```
///
/// **Run to completion.** One dispatch finishes — middleware, reducer, and telling every subscriber —
/// before the next begins. A dispatch made from a subscriber, from a middleware, or from any signal
/// derived from the state is queued, first in first out, and runs after the current one, so every
/// subscriber sees every state once and in order. A dispatch from inside a reducer is a programming
/// error: the program stops with a message that says so.
///
/// **Batches.** Inside `batch { … }` each dispatch still delivers its new state at once; what waits for the end of
/// the batch is what waits for the end of a propagation: joins over the state (a `combine` of two selections
/// emits once, with both changes) and dispatches queued from subscribers. A new subscriber gets the current
/// state, during the batch and after it.
///
/// **Isolation.** A store is not `Sendable`: create and use it in one isolation domain (the main actor
/// in an app). Async work goes through ``run(isolation:_:)``, which stays in that domain, or, from a
/// middleware, through ``MiddlewareContext/run(_:)``, which works on the actor whose code created the
/// store (the main actor when no actor's code did).
///
/// **The state is held once.** The store keeps one state value and the reducer changes it in place:
/// the ``state`` signal reads the store's value rather than keeping a copy, so a state built of
/// copy-on-write values (arrays, dictionaries, strings) is not copied by a dispatch, and a dispatch
/// costs the change, not the state's size. What does copy it: a subscriber that keeps the state (its
/// own copy: the next dispatch copies once), the first dispatch (the initial state stays for undo and
/// import), time travel, the snapshots of an `.unbounded` history (one every 64 actions), and a
/// dispatch made while a delivery in the state's signal graph is in progress (the queued delivery
/// keeps its state).
///
/// **Equal states are delivered.** ``state`` delivers once per dispatch that reached the reducer,
/// even when `State` is `Equatable` and the new state equals the last: comparing a whole state costs
/// its size. Use `select` with an `Equatable` value (or `state.removeDuplicates()`) to skip repeats.
///
/// - Complexity: A dispatch costs the middleware, one reducer call, an O(1) history append (with the
///   default bounded recording, one more reducer call amortized to fold the oldest entries) and one
///   delivery of the state signal. In steady state it allocates nothing but the history's storage.
public final class Store<State, Action> {
  /// The truth: the state after the last command that ran.
  @usableFromInline @exclusivity(unchecked) var current: State
  /// Feeds ``state``; a new subscriber gets `current`, except while a delivery of the state waits in
  /// the graph's queue (a send from inside a delivery is queued by the core): it then holds the last
  /// delivered state, and always catches up, in order.
  @usableFromInline let subject: OwnedValueSubject<State>
  @usableFromInline let reducer: Reducer<State, Action>
  /// The middleware chain, ending in ``reduceAndRecord(_:)``; `nil` when there is no middleware.
  @usableFromInline @exclusivity(unchecked) var chain: ((Action) -> Void)?
  @usableFromInline @exclusivity(unchecked) var loop = DispatchLoop<StoreCommand<State, Action>>()
  @usableFromInline @exclusivity(unchecked) var recorder: HistoryRecorder<State, Action>
  /// Whether the reducer ran during the command in progress (so the subscribers must be told).
  @usableFromInline @exclusivity(unchecked) var didReduce = false
  /// The state every replay (undo, jump, import) starts from.
  let initialState: State
  /// Shared `select(keyPath)` nodes, one per key path, held weakly: a node lives while it is used.
  @usableFromInline var selections = SelectionCache()
  @usableFromInline var equatableSelections = SelectionCache()
  /// The per-id observers of each entity table, while any is observed (see `entity(_:in:)`).
  @usableFromInline var entityIndexes: [AnyKeyPath: AnyObject] = [:]
  /// How many tasks started by `run` (the store's or a middleware's) have not returned yet (for
  /// `TestStore`, which fails a test that ends with work in flight).
  package internal(set) var runsInFlight = 0
  /// Told of each time-travel command (undo, redo, jump, import) that ran, right after it changed the
  /// state and before the subscribers are told (for `TestStore`, which fails a test on a change of the
  /// state it did not describe). A command that found nothing to do (an undo with nothing to undo) is
  /// not told.
  package var didTravel: ((StoreCommand<State, Action>) -> Void)?
  /// The actor the store was created on, when it is not the main actor: where a middleware's `run`
  /// works. Weak: an actor that owns its store must not be kept by it (the store lives in the actor,
  /// and goes with it).
  weak var isolation: (any Actor)?
  /// Whether the store lives on the main actor: created on it, or outside any actor's code. (Not kept
  /// in `isolation`: a weak reference to the main actor, which is never freed, would allocate a side
  /// table for the rest of the process.)
  let isOnMainActor: Bool
  /// The tasks started by a middleware's `run` that have not returned, by number: the store cancels
  /// them when it is freed (they do not keep it alive).
  var middlewareRuns: [Int: Task<Void, any Error>] = [:]
  /// The number of the next middleware run.
  var nextMiddlewareRun = 0

  /// Creates a store with `initialState`, the `reducer` that computes every next state, and
  /// `middleware` to run around it, in order.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action; undo, `jump(to: 0)` and import start from it.
  ///   - reducer: The pure function that applies each action.
  ///   - middleware: Run in this order around the reducer for each dispatched action.
  ///   - recording: How much history to keep: the 100 most recent actions at least (the default, so
  ///     a long-running app's memory stays flat, which exports a session only until its 200th action),
  ///     every action (`.unbounded`, for recording a session to export), or none (see
  ///     ``HistoryRecording``).
  ///   - records: Which actions the history records (all when `nil`, the default). An action it
  ///     returns `false` for — say, a high-frequency UI action — is applied and delivered as usual
  ///     but is no entry of the history: its change belongs to the state at the current position, so
  ///     undo goes back past it together with the recorded action before it, and a dispatch after an
  ///     undo replaces the undone future. The first recorded action or time travel after unrecorded
  ///     ones keeps a snapshot of that state (one copy). An exported session holds only the recorded
  ///     actions.
  ///   - isolation: The actor the store lives on: the caller's, by default. The work a middleware
  ///     starts with ``MiddlewareContext/run(_:)`` runs there; when it is `nil` (the store was created
  ///     outside any actor's code: a property initializer, a nonisolated function), on the main actor.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middleware: [Middleware<State, Action>] = [],
    recording: HistoryRecording = .bounded(100),
    records: (@Sendable (Action) -> Bool)? = nil,
    isolation: isolated (any Actor)? = #isolation
  ) {
    isOnMainActor = isolation == nil || isolation === MainActor.shared
    if !isOnMainActor { self.isolation = isolation }
    current = initialState
    self.initialState = initialState
    self.reducer = reducer
    subject = OwnedValueSubject(holding: initialState)
    recorder = HistoryRecorder(base: initialState, recording: recording, records: records)
    subject.own { [unowned self] in current }
    guard !middleware.isEmpty else { return }
    var next: (Action) -> Void = { [unowned self] action in reduceAndRecord(action) }
    let context = MiddlewareContext(store: self)
    for layer in middleware.reversed() {
      let body = layer.body
      let after = next
      next = { action in body(context, action, after) }
    }
    chain = next
  }

  deinit {
    // A signal derived from `state` can outlive the store: it replays the last state from now on.
    subject.ownerEnded(with: current)
    for run in middlewareRuns.values { run.cancel() }
  }

  /// The current state: the state after the last action (or time-travel step) that ran.
  ///
  /// While a dispatch made from inside a delivery of another signal of the same graph waits its
  /// turn, this is already the new state; ``state`` delivers it when its turn comes. Read by a
  /// computation (a `Computed`'s closure or an `effect`) meanwhile, it is the state last delivered, as the
  /// other computeds and joins over the store know it: a computation never sees two states of one store.
  ///
  /// Reading it from inside the reducer (which is changing it in place) stops the program with a
  /// message: a reducer gets the state as its argument.
  ///
  /// Read inside a `Computed`'s closure or an `effect`, it is a dependency of that computation,
  /// which runs again each time ``state`` delivers a new state:
  ///
  /// ```swift
  /// let remaining = Computed { store.currentState.todos.filter { !$0.isDone }.count }
  /// ```
  @inlinable public var currentState: State {
    if _slowPath(loop.phase == .reducing) { stateReadFromReducer() }
    if let delivered = subject.noteTrackedRead() { return delivered }
    return current
  }

  /// The state as a signal that replays: a new subscriber gets the current state at once, inside
  /// `subscribe`, and then every new state: once per dispatch that reached the reducer (after the
  /// middleware has returned), and once per undo, redo, jump or import.
  ///
  /// ```swift
  /// let subscription = store.state.subscribe { print($0.count) }   // prints 0
  /// store.dispatch(.increase)                                       // prints 1
  /// ```
  @inlinable public var state: Signal<State> {
    subject
  }

  /// Runs `action` through the middleware and the reducer, records it, then notifies subscribers.
  ///
  /// From inside a subscriber (of ``state``, of a selection, of any signal derived from them) or a
  /// middleware, the action is queued and runs after the current dispatch has finished notifying,
  /// first in first out. From inside a reducer, or a `Computed`'s closure, it is a programming
  /// error: the program stops. From an `effect` it runs as from a subscriber; from an effect of
  /// another graph, to a store whose state computations read, it is queued behind that effect's
  /// propagation, as a write to a `CurrentValueSubject` of another graph is.
  ///
  /// When a middleware swallows the action, nothing is recorded and subscribers are not told.
  ///
  /// ```swift
  /// store.dispatch(.increase)
  /// store.currentState.count   // 1
  /// ```
  ///
  /// - Complexity: The middleware, one reducer call, an amortized O(1) history append and one
  ///   delivery of the state.
  @inlinable public func dispatch(_ action: Action) {
    if _slowPath(subject.writeWaitsForAnEffect("a Store (dispatch)")) {
      subject.queueBehindRunningEffect { [self] in dispatch(action) }
      return
    }
    switch loop.receive(.action(action)) {
    case .run:
      apply(action)
      finishCommand()
    case .queued:
      break
    case .forbidden:
      dispatchedFromReducer(action)
    }
  }

  /// Runs one action: middleware (or straight to the reducer), then one notification.
  @inlinable @inline(__always) func apply(_ action: Action) {
    if let chain {
      chain(action)
    } else {
      reduceAndRecord(action)
    }
    if didReduce {
      didReduce = false
      subject.sendCurrent(current)
    }
  }

  /// The end of the middleware chain: the reducer, then the history.
  /// The history is recorded in the reducing phase too: a bounded recording's trim runs the reducer.
  @inlinable @inline(__always) func reduceAndRecord(_ action: Action) {
    if _slowPath(subject.isBusy) { subject.holdReplayValue(current) }
    if _slowPath(recorder.unrecordedPosition != nil) { recorder.keepUnrecordedState(current, before: action) }
    loop.beginReducing()
    reducer.reduce(&current, action)
    recorder.record(action, state: current, reducer: reducer)
    loop.endReducing()
    didReduce = true
  }

  /// Runs the commands queued while one was running, until none is left.
  @inlinable @inline(__always) func finishCommand() {
    guard _slowPath(loop.hasQueued) else {
      loop.phase = .idle
      return
    }
    runQueued()
  }

  /// Runs queued commands, first in first out, until the queue is empty.
  @inlinable func runQueued() {
    while let command = loop.next() {
      perform(command)
    }
  }

  /// Runs a command now (the loop is dispatching).
  @inlinable func perform(_ command: StoreCommand<State, Action>) {
    switch command {
    case .action(let action):
      apply(action)
    case .undo:
      if recorder.position > 0 { travel(to: recorder.position - 1, by: command) }
    case .redo:
      if recorder.position < recorder.entries.count { travel(to: recorder.position + 1, by: command) }
    case .jump(let position):
      // Checked again when its turn comes: a command queued before it can have shrunk the history.
      if (0...recorder.entries.count).contains(position) { travel(to: position, by: command) }
    case .replace(let entries, let position):
      replaceHistory(with: entries, position: position)
    }
  }

  /// Runs `command` now, queues it, or stops the program when called from a reducer.
  @usableFromInline func submit(_ command: StoreCommand<State, Action>, name: @autoclosure () -> String) {
    if subject.writeWaitsForAnEffect("a Store (\(name()))") {
      let name = name()
      subject.queueBehindRunningEffect { [self] in submit(command, name: name) }
      return
    }
    switch loop.receive(command) {
    case .run:
      perform(command)
      finishCommand()
    case .queued:
      break
    case .forbidden:
      fatalError("Store.\(name()) was called from inside a reducer. A reducer must be pure: change the state only.")
    }
  }

  /// Recomputes the state at `position` of the history and tells the subscribers: `command` (an undo,
  /// redo or jump), whose turn has come. Going forward from the current state, it reduces the state in
  /// place.
  @usableFromInline func travel(to position: Int, by command: StoreCommand<State, Action>) {
    if _slowPath(subject.isBusy) { subject.holdReplayValue(current) }
    if recorder.unrecordedPosition != nil { recorder.keepUnrecordedState(current, before: nil) }
    loop.beginReducing()
    recorder.travel(to: position, current: &current, reducer: reducer)
    loop.endReducing()
    didTravel?(command)
    subject.sendCurrent(current)
  }

  /// Replays `entries` from the initial state up to `position`, makes them the history and tells the
  /// subscribers: an import, whose turn has come.
  @usableFromInline func replaceHistory(with entries: [HistoryEntry<Action>], position: Int) {
    if _slowPath(subject.isBusy) { subject.holdReplayValue(current) }
    loop.beginReducing()
    (recorder, current) = HistoryRecorder.replaying(
      entries, position: position, from: initialState, recording: recorder.recording, records: recorder.records,
      reducer: reducer)
    loop.endReducing()
    didTravel?(.replace(entries, position: position))
    subject.sendCurrent(current)
  }

  @usableFromInline func stateReadFromReducer() -> Never {
    fatalError(
      "Store.currentState was read from inside a reducer, which is changing it. A reducer must be pure: "
        + "read the state it is given.")
  }

  @usableFromInline func dispatchedFromReducer(_ action: Action) -> Never {
    fatalError(
      "Store.dispatch(\(action)) was called from inside a reducer. A reducer must be pure: dispatch from "
        + "middleware, a subscriber or an action creator (Store.run) instead.")
  }
}

/// A unit of work for the store's dispatch loop: an action or a time-travel step.
@usableFromInline
package enum StoreCommand<State, Action> {
  case action(Action)
  case undo
  case redo
  case jump(Int)
  /// Replace the history with `entries` (an import, already validated), replayed from the initial
  /// state up to `position` when its turn comes.
  case replace([HistoryEntry<Action>], position: Int)
}
