public import Foundation
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

  private let log: ActionLog<State, Action>
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

  /// Undoes the last action (`Store.undo()`) and checks the state it left: `update` describes the
  /// change from the state before, as in ``send(_:sourceLocation:_:)``.
  ///
  /// Fails when there is nothing to undo, and as `send` does.
  ///
  /// ```swift
  /// store.send(.increase) { $0.count = 1 }
  /// store.undo { $0.count = 0 }
  /// ```
  public func undo(sourceLocation: SourceLocation = #_sourceLocation, _ update: ((inout State) throws -> Void)? = nil) {
    guard store.canUndo else {
      record("Called undo() with nothing to undo", at: sourceLocation)
      return
    }
    step(.timeTravel(.undo), at: sourceLocation, update: update) { store.undo() }
  }

  /// Redoes the last undone action (`Store.redo()`) and checks the state it left, as
  /// ``undo(sourceLocation:_:)`` does.
  ///
  /// Fails when there is nothing to redo, and as `send` does.
  ///
  /// ```swift
  /// store.undo { $0.count = 0 }
  /// store.redo { $0.count = 1 }
  /// ```
  public func redo(sourceLocation: SourceLocation = #_sourceLocation, _ update: ((inout State) throws -> Void)? = nil) {
    guard store.canRedo else {
      record("Called redo() with nothing to redo", at: sourceLocation)
      return
    }
    step(.timeTravel(.redo), at: sourceLocation, update: update) { store.redo() }
  }

  /// Makes the state the state after the first `position` recorded actions (`Store.jump(to:)`) and
  /// checks it, as ``undo(sourceLocation:_:)`` does.
  ///
  /// Fails, without stopping the test, when `position` is outside the history (where `Store.jump(to:)`
  /// stops the program), and as `send` does.
  ///
  /// ```swift
  /// store.send(.increase) { $0.count = 1 }
  /// store.send(.increase) { $0.count = 2 }
  /// store.jump(to: 0) { $0.count = 0 }
  /// ```
  public func jump(
    to position: Int,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) {
    let count = store.history.entries.count
    guard (0...count).contains(position) else {
      record(
        "Called jump(to: \(position)), which is out of range: the history has \(count) entries", at: sourceLocation)
      return
    }
    step(.timeTravel(.jump(to: position)), at: sourceLocation, update: update) { store.jump(to: position) }
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

  /// Waits for the next time-travel step made by something other than the test (a subscriber or a
  /// `run` task that calls `undo()`, say), checks that it is `timeTravel`, and checks the state it left
  /// as ``send(_:sourceLocation:_:)`` does.
  ///
  /// Fails as ``receive(_:timeout:sourceLocation:_:)`` does.
  ///
  /// ```swift
  /// store.send(.increase) { $0.count = 2 }                      // a subscriber undoes a count of 2
  /// await store.receive(timeTravel: .undo) { $0.count = 1 }
  /// ```
  nonisolated(nonsending) public func receive(
    timeTravel: TimeTravel,
    timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(.timeTravel(timeTravel), timeout: timeout, at: sourceLocation, update: update)
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
  fileprivate func step<Failure: Error>(
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
  nonisolated(nonsending) private func receive(
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

  private func reportLeftovers(at sourceLocation: SourceLocation, when: String) {
    if store.runsInFlight > 0 {
      record("\(when) with \(store.runsInFlight) run task(s) still in flight", at: sourceLocation)
    }
    if !log.received.isEmpty {
      record("\(when) with \(listing(log.received))", at: sourceLocation)
      log.received.removeAll()
    }
  }

  /// Received steps the test did not assert: how many, what they are, and what each time-travel step
  /// changed (an action says what it is; time travel does not).
  private func listing(_ steps: [Step<State, Action>]) -> String {
    let travels = steps.count { !$0.cause.isAction }
    let kind =
      travels == 0
      ? "received action(s)"
      : travels == steps.count ? "time-travel step(s)" : "received action(s) and time-travel step(s)"
    let lines = steps.map { summary(of: $0).split(separator: "\n", omittingEmptySubsequences: false) }
    return "\(steps.count) \(kind) not asserted:\n"
      + lines.map { $0.map { "  " + $0 }.joined(separator: "\n") }.joined(separator: "\n")
  }

  /// A received step in a failure: an action as itself; time travel with the change it made.
  private func summary(of step: Step<State, Action>) -> String {
    guard case .timeTravel(let travel) = step.cause else { return describe(step.cause) }
    guard step.before != step.after else { return "\(travel), which left the state as it was" }
    let diff = LineDiff.render(expected: ValueDump.lines(of: step.before), actual: ValueDump.lines(of: step.after))
    return "\(travel), which changed the state (- before, + after):\n"
      + diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }

  /// Checks the state `step` left against the state `update` describes.
  private func check(
    _ step: Step<State, Action>, sent: Bool, update: ((inout State) throws -> Void)?, at sourceLocation: SourceLocation
  ) {
    var expected = exhaustivity == .on ? step.before : step.after
    do {
      try update?(&expected)
    } catch {
      record("The expected change of \(describe(step.cause)) threw \(error)", at: sourceLocation)
      return
    }
    guard expected != step.after else { return }
    let diff = LineDiff.render(expected: ValueDump.lines(of: expected), actual: ValueDump.lines(of: step.after))
    let name = sent ? (step.cause.isAction ? "sending " : "") : "receiving "
    record(
      "The state after \(name)\(describe(step.cause)) is not the expected state (- expected, + actual):\n\(diff)",
      at: sourceLocation)
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

  private func describe(_ cause: StepCause<Action>) -> String {
    switch cause {
    case .action(let action): ValueDump.line(of: action)
    case .timeTravel(let travel): travel.description
    }
  }

  private func record(_ message: String, at sourceLocation: SourceLocation) {
    reportFailure(message, sourceLocation)
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestStore where Action: Codable {
  /// Replaces the history with the session in `data` and the state with the state it replays to
  /// (`Store.importHistory(_:)`), and checks it, as ``undo(sourceLocation:_:)`` does.
  ///
  /// Fails as `send` does.
  ///
  /// ```swift
  /// try store.importHistory(session) { $0.count = 2 }
  /// ```
  ///
  /// - Throws: `HistoryImportError` when `data` is not a session of this store's actions; the store is
  ///   then untouched.
  public func importHistory(
    _ data: Data,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) throws {
    try step(.timeTravel(.importHistory), at: sourceLocation, update: update) { try store.importHistory(data) }
  }
}

/// The time a ``TestStore`` has waited for something, counting each gap between its polls only up to
/// ``longestGap``: its actor busy with other work for a long stretch does not use up the timeout.
struct WaitBudget {
  /// The most one gap between polls counts.
  static let longestGap = Duration.milliseconds(50)

  private let limit: Duration
  private var waited = Duration.zero
  private var last: ContinuousClock.Instant

  init(_ limit: Duration, now: ContinuousClock.Instant) {
    self.limit = limit
    last = now
  }

  /// Counts the time since the last poll; returns whether the wait may go on.
  mutating func polled(at now: ContinuousClock.Instant) -> Bool {
    waited += min(last.duration(to: now), Self.longestGap)
    last = now
    return waited < limit
  }
}

/// How much a ``TestStore`` requires a test to assert.
public enum Exhaustivity: Sendable, Equatable {
  /// Every change of the state: each action and each time-travel step, with all it changed (the
  /// default).
  case on
  /// Only what the test names: the fields a step's closure sets, the actions and time travel it
  /// receives (others are skipped); nothing left over fails the test.
  case off
}
