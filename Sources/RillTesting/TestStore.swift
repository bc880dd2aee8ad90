import RillStore
public import Testing

/// A store for tests: send an action and describe the state change you expect; receive the actions
/// that middleware and `run` tasks dispatch, in order; end with nothing left unasserted.
///
/// A test store runs a real `Store` (``store``) with the reducer and middleware you give it, and
/// records every change of its state: each action that reaches it and each time-travel step (undo,
/// redo, jump, import). Each step of a test names an action (or a time-travel step) and, in a
/// closure, the change it makes to the state before it:
///
/// ```swift
/// @MainActor @Test func loading() async {
///   let store = TestStore(initialState: Listing(), reducer: listingReducer())
///   store.run { dispatch in await loadProperties(dispatch, from: FakeService(result: .success(houses))) }
///   await store.receive(.startLoading) { $0.isLoading = true }
///   await store.receive(.updateProperties(houses)) { $0.properties = houses }
///   await store.receive(.endLoading) { $0.isLoading = false }
///   await store.finish()
/// }
/// ```
///
/// - ``send(_:sourceLocation:_:)`` dispatches an action and checks the state right after its reducer
///   ran; when it differs from the state the closure describes, the test fails with a line diff of the
///   expected (`-`) and actual (`+`) state. Actions the dispatch led to (a middleware's
///   `context.dispatch`) are received, not part of the step.
/// - ``receive(_:timeout:sourceLocation:_:)`` asserts the next action that something other than the
///   test dispatched (middleware, a `run` task, a subscriber), waiting for it up to ``timeout``, and
///   checks its state change the same way.
/// - ``undo(sourceLocation:_:)``, ``redo(sourceLocation:_:)``, ``jump(to:sourceLocation:_:)`` and
///   ``importHistory(_:sourceLocation:_:)`` travel in time and check the state the same way;
///   ``receive(timeTravel:timeout:sourceLocation:_:)`` asserts time travel made by others (a
///   subscriber that calls `undo()`).
/// - ``run(isolation:_:)`` starts an action creator on the store under test, as `Store.run` does in the
///   app.
/// - ``finish(timeout:sourceLocation:)`` waits for the store's `run` tasks to return, then fails on
///   tasks still in flight and on received actions and time travel the test did not assert. A test
///   store freed without `finish()` checks the same, without waiting, at the place it was created.
///
/// In exhaustive mode (the default) every change of the state is a step the test describes: an
/// action or a time-travel step the test did not assert fails the next step that sends or travels,
/// a `receive` that expects something else, or `finish()`, with what it changed.
///
/// With ``exhaustivity`` `.off`, a test asserts only what it names: a step's closure describes some
/// fields (the others are not compared), `receive` skips the actions and time travel before the one it
/// names, and `finish` fails on nothing left over.
///
/// Failures are Swift Testing issues, recorded at the caller's source location. Use it in one
/// isolation domain (the main actor, say, with `@MainActor` on the test): `run` tasks run there. Drive
/// time with a `ManualClock` given to the code under test: `await clock.advance(by:)`, then
/// `await store.receive(…)`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class TestStore<State: Equatable, Action: Equatable> {
  /// The store under test. Start action creators with ``run(isolation:_:)``; hand this store to code
  /// under test that needs a `Store` (a subscriber, a router).
  public let store: Store<State, Action>
  /// Whether every action and every change must be asserted (`.on`, the default) or only those the
  /// test names (`.off`).
  public var exhaustivity: Exhaustivity = .on
  /// How long ``receive(_:timeout:sourceLocation:_:)`` and ``finish(timeout:sourceLocation:)`` wait by
  /// default: ten seconds. A passing test waits only until the action arrives; the timeout is how long
  /// a failing one takes to fail, so it is generous. Stretches when the test's actor is busy with other
  /// work (other tests on the main actor, say) count at most 50 ms each.
  public var timeout: Duration = .seconds(10)
  /// Where a failure goes: a Swift Testing issue at the given source location. The package's own tests
  /// replace it to check a failure's exact message without recording an issue.
  package var reportFailure: (_ message: String, _ sourceLocation: SourceLocation) -> Void = { message, location in
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  }

  let log: ActionLog<State, Action>
  private let createdAt: SourceLocation
  private var isFinished = false

  /// Creates a test store that runs `reducer` and `middleware` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state before the first action.
  ///   - reducer: The reducer under test.
  ///   - middleware: The middleware under test, in order (a recording middleware runs around them).
  ///   - sourceLocation: Where a test store freed without ``finish(timeout:sourceLocation:)`` reports
  ///     what was left over.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middleware: [Middleware<State, Action>] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let log = ActionLog<State, Action>(initialState: initialState)
    self.log = log
    createdAt = sourceLocation
    let store = Store(initialState: initialState, reducer: reducer, middleware: [.recording(into: log)] + middleware)
    store.didTravel = { [unowned store] command in
      guard let travel = TimeTravel(command) else { return }
      log.record(travel, after: store.currentState)
    }
    self.store = store
  }

  deinit {
    guard !isFinished && exhaustivity == .on else { return }
    reportLeftovers(at: createdAt, when: "The test store was freed without finish()")
  }

  /// The store's current state.
  public var state: State {
    store.currentState
  }

  /// Dispatches `action` and checks the state it left: `update` describes the change from the state
  /// before (no closure: no change).
  ///
  /// Fails when the state right after the action's reducer differs from the state `update` makes, with
  /// a line diff (`-` expected, `+` actual). In exhaustive mode it also fails when received actions or
  /// time travel are still unasserted (assert them with ``receive(_:timeout:sourceLocation:_:)`` and
  /// ``receive(timeTravel:timeout:sourceLocation:_:)`` first). With ``exhaustivity`` `.off`, `update` is
  /// applied to the actual state, so only the fields it sets are compared.
  ///
  /// ```swift
  /// store.send(.increase) { $0.count = 1 }
  /// ```
  public func send(
    _ action: Action,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) {
    step(.action(action), at: sourceLocation, update: update) { store.dispatch(action) }
  }

  /// Waits for the next action dispatched by something other than the test (middleware, a `run`
  /// task, a subscriber), checks that it is `action`, and checks the state it left as
  /// ``send(_:sourceLocation:_:)`` does.
  ///
  /// Fails when nothing arrives within `timeout` (``timeout`` by default), or when the next change is
  /// another action or time travel. With ``exhaustivity`` `.off`, the changes before the first action
  /// equal to `action` are skipped.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(.tick) { $0.count = 1 }
  /// ```
  nonisolated(nonsending) public func receive(
    _ action: Action,
    timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.action(action), timeout: timeout, at: sourceLocation, update: update)
  }

  /// Runs async work — an action creator — on the store under test, as `Store.run(isolation:_:)`
  /// does: in a new task on the caller's actor, with a `Dispatcher` of ``store``. What it dispatches
  /// is received (``receive(_:timeout:sourceLocation:_:)``), and ``finish(timeout:sourceLocation:)``
  /// fails while it is still running.
  ///
  /// Start the same action creator the app starts: a view model calls `store.run { … }` on its
  /// `Store`, the test calls this one.
  ///
  /// ```swift
  /// store.run { dispatch in await loadNames(dispatch, from: { ["house", "flat"] }) }
  /// await store.receive(.load) { $0.isLoading = true }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the work runs on; the caller's, by default.
  ///   - work: The action creator, run in `isolation` with a `Dispatcher` of the store under test.
  /// - Returns: The task: await its `value` to wait for the work, `cancel()` it to stop it.
  @discardableResult
  public func run(
    isolation: isolated any Actor = #isolation,
    _ work: nonisolated(nonsending) @escaping (Dispatcher<State, Action>) async throws -> Void
  ) -> Task<Void, any Error> {
    store.run(isolation: isolation, work)
  }

  /// Ends the test: waits up to `timeout` (``timeout`` by default) for the store's `run` tasks to
  /// return, then, in exhaustive mode, fails on tasks still in flight and on received actions and time
  /// travel the test did not assert.
  ///
  /// ```swift
  /// await store.receive(.endLoading) { $0.isLoading = false }
  /// await store.finish()
  /// ```
  nonisolated(nonsending) public func finish(
    timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
  )
    async
  {
    isFinished = true
    guard exhaustivity == .on else { return }
    _ = await waitUntil(within: timeout ?? self.timeout) { store.runsInFlight == 0 }
    reportLeftovers(at: sourceLocation, when: "The test finished")
  }

  /// Makes one step of the test, `cause`, by calling `perform`, and checks the change it made.
  func step<Failure: Error>(
    _ cause: StepCause<Action>,
    at sourceLocation: SourceLocation,
    update: ((inout State) throws -> Void)?,
    _ perform: () throws(Failure) -> Void
  ) throws(Failure) {
    let name = (cause.isAction ? "Sent " : "Called ") + describe(cause)
    let notAtOnce =
      "\(name), which did not run at once: "
      + (cause.isAction ? "send from the test" : "call it from the test") + ", not from inside a dispatch"
    guard !log.isSending else {
      // Taken from inside the step in progress (by a subscriber, say): it is queued, runs after that step
      // and is received; the step in progress stays the one the test is checking.
      try perform()
      record(notAtOnce, at: sourceLocation)
      return
    }
    if exhaustivity == .on && !log.received.isEmpty {
      record("\(name) with \(listing(log.received))", at: sourceLocation)
      log.received.removeAll()
    }
    log.beginSend()
    do throws(Failure) {
      try perform()
    } catch {
      _ = log.endSend()
      throw error
    }
    guard let step = log.endSend() else {
      record(notAtOnce, at: sourceLocation)
      return
    }
    check(step, sent: true, update: update, at: sourceLocation)
  }

  /// Waits for the next received change, checks that `cause` made it, and checks the state it left.
  nonisolated(nonsending) func receive(
    _ cause: StepCause<Action>,
    timeout: Duration?,
    at sourceLocation: SourceLocation,
    update: ((inout State) throws -> Void)?
  ) async {
    let matches = { (step: Step<State, Action>) in step.cause == cause }
    let arrived = await waitUntil(within: timeout ?? self.timeout) {
      exhaustivity == .on ? !log.received.isEmpty : log.received.contains(where: matches)
    }
    guard arrived else {
      let skipped = log.received.map { describe($0.cause) }
      record(
        "Expected to receive \(describe(cause)), but received "
          + (skipped.isEmpty ? "nothing" : skipped.joined(separator: ", ")) + " within \(timeout ?? self.timeout)",
        at: sourceLocation)
      return
    }
    if exhaustivity == .off {
      log.received.removeFirst(log.received.firstIndex(where: matches)!)
    }
    let step = log.received.removeFirst()
    guard matches(step) else {
      record("Expected to receive \(describe(cause)), but received \(summary(of: step))", at: sourceLocation)
      return
    }
    check(step, sent: false, update: update, at: sourceLocation)
  }

  /// Yields to the tasks of this isolation domain, then polls every millisecond, until `condition`
  /// holds or the polls have waited `duration` in all; returns whether it holds.
  ///
  /// A gap between two polls counts at most ``WaitBudget/longestGap``: a long one means the actor was busy
  /// with other work (other tests on the main actor), which is not the awaited work being late.
  nonisolated(nonsending) private func waitUntil(within duration: Duration, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    var budget = WaitBudget(duration, now: clock.now)
    var turns = 0
    while !condition() {
      guard budget.polled(at: clock.now) else { return false }
      if turns < 100 {
        await Task.yield()
        turns += 1
      } else {
        try? await clock.sleep(for: .milliseconds(1))
      }
    }
    return true
  }
}
