import RillStore
public import Testing

/// A store for tests: send an action and describe the state change you expect; receive the actions
/// that middleware and `run` tasks dispatch, in order; end with nothing left unasserted.
///
/// A test store runs a real `Store` (``store``) with the reducer and middleware you give
/// it, and records every action that reaches the store. Each step of a test names an action and, in
/// a closure, the change it makes to the state before it:
///
/// ```swift
/// @MainActor @Test func loading() async {
///   let store = TestStore(initialState: Listing(), reducer: listingReducer())
///   store.store.run { dispatch in await loadProperties(dispatch, from: FakeService(result: .success(houses))) }
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
/// - ``finish(timeout:sourceLocation:)`` waits for the store's `run` tasks to return, then fails on
///   tasks still in flight and on received actions the test did not assert. A test store freed without
///   `finish()` checks the same, without waiting, at the place it was created.
///
/// With ``exhaustivity`` `.off`, a test asserts only what it names: a step's closure describes some
/// fields (the others are not compared), `receive` skips the actions before the one it names, and
/// `finish` fails on nothing left over.
///
/// Failures are Swift Testing issues, recorded at the caller's source location. Use it in one
/// isolation domain (the main actor, say, with `@MainActor` on the test): `run` tasks run there. Drive
/// time with a `ManualClock` given to the code under test: `await clock.advance(by:)`, then
/// `await store.receive(…)`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class TestStore<State: Equatable, Action: Equatable> {
  /// The store under test: hand it to the code that runs action creators (`store.run { … }`).
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
    let log = ActionLog<State, Action>()
    self.log = log
    createdAt = sourceLocation
    store = Store(initialState: initialState, reducer: reducer, middleware: [.recording(into: log)] + middleware)
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
  /// a line diff (`-` expected, `+` actual). In exhaustive mode it also fails when received actions
  /// are still unasserted (assert them with ``receive(_:timeout:sourceLocation:_:)`` first). With
  /// ``exhaustivity`` `.off`, `update` is applied to the actual state, so only the fields it sets are
  /// compared.
  ///
  /// ```swift
  /// store.send(.increase) { $0.count = 1 }
  /// ```
  public func send(
    _ action: Action,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State) throws -> Void)? = nil
  ) {
    if exhaustivity == .on && !log.received.isEmpty {
      record(
        "Sent \(describe(action)) with \(log.received.count) received action(s) not asserted:\n"
          + log.received.map { "  " + describe($0.action) }.joined(separator: "\n"),
        at: sourceLocation)
      log.received.removeAll()
    }
    log.beginSend()
    store.dispatch(action)
    guard let step = log.endSend() else {
      record(
        "Sent \(describe(action)), which did not run at once: send from the test, not from inside a dispatch",
        at: sourceLocation)
      return
    }
    check(step, sent: true, update: update, at: sourceLocation)
  }

  /// Waits for the next action dispatched by something other than the test (middleware, a `run`
  /// task), checks that it is `action`, and checks the state it left as ``send(_:sourceLocation:_:)``
  /// does.
  ///
  /// Fails when no action arrives within `timeout` (``timeout`` by default), or when the next one is
  /// another action. With ``exhaustivity`` `.off`, the actions before the first one equal to `action`
  /// are skipped.
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
    let matches = { (step: Step<State, Action>) in step.action == action }
    let arrived = await waitUntil(within: timeout ?? self.timeout) {
      exhaustivity == .on ? !log.received.isEmpty : log.received.contains(where: matches)
    }
    guard arrived else {
      let skipped = log.received.map { describe($0.action) }
      record(
        "Expected to receive \(describe(action)), but received "
          + (skipped.isEmpty ? "nothing" : skipped.joined(separator: ", ")) + " within \(timeout ?? self.timeout)",
        at: sourceLocation)
      return
    }
    if exhaustivity == .off {
      log.received.removeFirst(log.received.firstIndex(where: matches)!)
    }
    let step = log.received.removeFirst()
    guard matches(step) else {
      record("Expected to receive \(describe(action)), but received \(describe(step.action))", at: sourceLocation)
      return
    }
    check(step, sent: false, update: update, at: sourceLocation)
  }

  /// Ends the test: waits up to `timeout` (``timeout`` by default) for the store's `run` tasks to
  /// return, then, in exhaustive mode, fails on tasks still in flight and on received actions the
  /// test did not assert.
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

  private func reportLeftovers(at sourceLocation: SourceLocation, when: String) {
    if store.runsInFlight > 0 {
      record("\(when) with \(store.runsInFlight) run task(s) still in flight", at: sourceLocation)
    }
    if !log.received.isEmpty {
      record(
        "\(when) with \(log.received.count) received action(s) not asserted:\n"
          + log.received.map { "  " + describe($0.action) }.joined(separator: "\n"),
        at: sourceLocation)
      log.received.removeAll()
    }
  }

  /// Checks the state `step` left against the state `update` describes.
  private func check(
    _ step: Step<State, Action>, sent: Bool, update: ((inout State) throws -> Void)?, at sourceLocation: SourceLocation
  ) {
    var expected = exhaustivity == .on ? step.before : step.after
    do {
      try update?(&expected)
    } catch {
      record("The expected change of \(describe(step.action)) threw \(error)", at: sourceLocation)
      return
    }
    guard expected != step.after else { return }
    let diff = LineDiff.render(expected: ValueDump.lines(of: expected), actual: ValueDump.lines(of: step.after))
    record(
      "The state after \(sent ? "sending" : "receiving") \(describe(step.action)) is not the expected state "
        + "(- expected, + actual):\n\(diff)",
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

  private func describe(_ action: Action) -> String {
    ValueDump.line(of: action)
  }

  private func record(_ message: String, at sourceLocation: SourceLocation) {
    reportFailure(message, sourceLocation)
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
  /// Every action the store receives and every change of the state (the default).
  case on
  /// Only what the test names: the fields a step's closure sets, the actions it receives (others are
  /// skipped); nothing left over fails the test.
  case off
}

/// One action that reached the store, with the state before it and the state its reducer left.
struct Step<State, Action> {
  var action: Action
  var before: State
  var after: State
}

/// What the recording middleware saw: the step of the action the test is sending, and the actions
/// dispatched by others, not asserted yet.
///
/// `@unchecked Sendable`: a middleware is `@Sendable`, but a store and its middleware run in one
/// isolation domain, the test store's, which is the only one that touches this log.
final class ActionLog<State, Action>: @unchecked Sendable {
  var received: [Step<State, Action>] = []
  private var isSending = false
  private var sent: Step<State, Action>?

  func beginSend() {
    isSending = true
    sent = nil
  }

  /// The step of the sent action, once the dispatch has returned.
  func endSend() -> Step<State, Action>? {
    isSending = false
    return sent
  }

  /// Records `action`, which turned `before` into `after`.
  func record(_ action: Action, before: State, after: State) {
    append(Step(action: action, before: before, after: after))
  }

  private func append(_ step: Step<State, Action>) {
    if isSending && sent == nil {
      sent = step
    } else {
      received.append(step)
    }
  }
}

extension Middleware {
  /// Records each action in `log` with the state before it and the state its reducer left. Outermost
  /// in a test store, it sees each action as dispatched.
  static func recording(into log: ActionLog<State, Action>) -> Middleware {
    Middleware { context, action, next in
      let before = context.state
      next(action)
      log.record(action, before: before, after: context.state)
    }
  }
}
