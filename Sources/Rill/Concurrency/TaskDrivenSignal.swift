// The node of an operator whose values wait for a task: the time operators (`debounce`, `throttle`, `delay`,
// `timeout`) and `asyncMap`. One object fed by an edge from its upstream, keeping its per-connection state and its
// task itself, where they lived in cells that closures of a subscription upstream held.

/// The per-connection state of a ``TaskDrivenSignal``: what its disconnect forgets.
protocol TaskDrivenState {
  /// Forgets what this connection kept (values waiting, a window open), as a new connection must start.
  mutating func disconnect()
}

/// No state but the task (`debounce`, `timeout`).
struct NoTaskState: TaskDrivenState {
  func disconnect() {}
}

/// A node fed by an edge from `upstream` (see ``ForwardingSignal``) whose values wait for a task — a timer, an
/// async transform — that emits them as a propagation of their own (``DerivedSignal/emitAsPropagation(_:)``).
///
/// Its operator's `receive` (built where the operator is called: it captures the clock, the duration, the isolation)
/// keeps the task in ``task`` and what it needs in ``state``; the disconnect removes the edge, cancels the task and
/// tells the state (``TaskDrivenState/disconnect()``). A task keeps the node alive until it ends or is cancelled,
/// or holds it weakly (`asyncMap`'s).
final class TaskDrivenSignal<Input, Value, State: TaskDrivenState>: StatefulForwardingSignal<Input, Value> {
  /// The operator's per-connection state.
  @exclusivity(unchecked) var state: State
  /// The task running for this node (a timer, an async transform), if any: cancelled by the disconnect.
  @exclusivity(unchecked) var task: Task<Void, Never>?
  /// Runs after the connect has added the edge, and its replay has arrived (`timeout`'s first gap); `nil` for an
  /// operator that starts nothing of its own.
  let connected: ((TaskDrivenSignal<Input, Value, State>) -> Void)?

  /// A node fed by `upstream`, starting each connection with `state`, whose deliveries `receive` takes (it views
  /// the node as what it is with ``of(_:)``).
  init(
    _ upstream: Signal<Input>,
    kind: OperatorKind,
    state: State,
    connected: ((TaskDrivenSignal<Input, Value, State>) -> Void)? = nil,
    receive: @escaping (ForwardingSignal<Input, Value>, Input) -> Void
  ) {
    self.state = state
    self.connected = connected
    super.init(
      upstream, kind: kind, forwards: false, receive: receive,
      connect: { TaskDrivenSignal.of($0).toggleConnection() })
  }

  /// `node`, a step's argument, as the node it is.
  static func of(_ node: DerivedSignal<Value>) -> TaskDrivenSignal<Input, Value, State> {
    unsafeDowncast(node, to: TaskDrivenSignal<Input, Value, State>.self)
  }

  /// The connect adds the edge (its last step, unless something runs after it: then it adds the edge at once, not
  /// as a step a deep connect may hand back); the disconnect removes it, then cancels the task and tells the state.
  private func toggleConnection() {
    guard upstreamSlot >= 0 else {
      guard let connected else { return toggleEdge() }
      addFirstEdge()
      connected(self)
      return
    }
    toggleEdge()
    task?.cancel()
    task = nil
    state.disconnect()
  }
}
