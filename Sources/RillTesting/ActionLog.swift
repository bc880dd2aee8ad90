import RillStore

/// What changed the state in one step: an action that reached the store, or time travel.
enum StepCause<Action> {
  case action(Action)
  case timeTravel(TimeTravel)

  /// Whether an action made the step (not time travel).
  var isAction: Bool {
    if case .action = self { true } else { false }
  }
}

extension StepCause: Equatable where Action: Equatable {}

/// One change of the store's state: its cause, the state before it and the state it left.
struct Step<State, Action> {
  var cause: StepCause<Action>
  var before: State
  var after: State
}

/// Every change the store under test made, in order: the step the test is making (a sent action or
/// time travel), and the steps made by others (middleware, `run` tasks, subscribers), not asserted yet.
///
/// It sees every change: the actions through the recording middleware, outermost in the store, and
/// time travel through the store's `didTravel`.
///
/// `@unchecked Sendable`: a middleware is `@Sendable`, but a store and its middleware run in one
/// isolation domain, the test store's, which is the only one that touches this log.
final class ActionLog<State, Action>: @unchecked Sendable {
  var received: [Step<State, Action>] = []
  /// The state after the last change: the state the next one starts from.
  private(set) var latest: State
  /// Whether a step of the test is in progress.
  private(set) var isSending = false
  private var sent: Step<State, Action>?

  init(initialState: State) {
    latest = initialState
  }

  /// Starts a step of the test: the next change is its own, not a received one.
  func beginSend() {
    isSending = true
    sent = nil
  }

  /// The change the test's step made, once it has returned; `nil` when it made none.
  func endSend() -> Step<State, Action>? {
    isSending = false
    return sent
  }

  /// Records `action`, which turned `before` into `after`.
  func record(_ action: Action, before: State, after: State) {
    append(Step(cause: .action(action), before: before, after: after))
  }

  /// Records `travel`, which turned the latest state into `after`.
  func record(_ travel: TimeTravel, after: State) {
    append(Step(cause: .timeTravel(travel), before: latest, after: after))
  }

  private func append(_ step: Step<State, Action>) {
    latest = step.after
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
