/// What ``Signal/map(_:isolation:_:)`` does with a value that arrives while the async work for an earlier
/// value is still running.
///
/// Coming from RxSwift or Combine: ``latest`` is `flatMapLatest` / `map { Future }.switchToLatest()`,
/// ``queue`` is `concatMap` / `flatMap(maxPublishers: .max(1))`, and ``dropWhileBusy`` is `flatMapFirst` (RxJS
/// `exhaustMap`).
public enum AsyncMapPolicy: Sendable, Hashable {
  /// Cancels the running work and starts on the new value: only the newest value's result is emitted
  /// (search-as-you-type). A result of cancelled work is dropped, even when the work ignores cancellation.
  case latest
  /// Queues the new value: the values' work runs one at a time, in arrival order, and every result is
  /// emitted in that order (uploads that must not overlap).
  case queue
  /// Ignores the new value while work runs: a value starts work only when none is running (a submit button
  /// that ignores taps while its request runs).
  case dropWhileBusy
}

extension Signal {
  /// Transforms each value with async work, run as a task in the caller's isolation, and emits the results
  /// in order; `policy` says what a value arriving during running work does.
  ///
  /// A value starts a task, isolated to `isolation` (the caller's actor, by default), that runs
  /// `transform(value)`; its result is emitted as a propagation of its own (rule 5) when the task ends. At
  /// most one task runs at a time:
  ///
  /// - ``AsyncMapPolicy/latest``: a new value cancels the running task and starts its own. A cancelled task's
  ///   result is never emitted, so no stale result follows a newer value.
  /// - ``AsyncMapPolicy/queue``: a new value waits; when the running task ends, its result is emitted and the
  ///   oldest waiting value starts. Every value's result is emitted, in arrival order.
  /// - ``AsyncMapPolicy/dropWhileBusy``: a new value is dropped while a task runs.
  ///
  /// A replayed upstream value starts work like any other. Replays the last result it emitted when the
  /// upstream replays. Disconnecting (the last subscriber leaving) cancels the running task, drops its result
  /// and the waiting values; a later connection starts afresh.
  ///
  /// Timeline, where the work for `x` ends with `X`:
  ///
  /// ```
  /// input           a   b       c
  /// latest          ·   ·   B   ·   C        (a's work cancelled by b)
  /// queue           ·   ·   A   B   C        (b waits for a, c for b)
  /// dropWhileBusy   ·   ·   A   ·   C        (b dropped: a's work was running)
  /// ```
  ///
  /// ```swift
  /// let query = Subject<String>()   // on the main actor
  /// let results = query.map(.latest) { text in await search(text) }
  /// let subscription = results.subscribe { print($0) }
  /// query.send("ri"); query.send("rill")   // prints the results for "rill" only
  /// ```
  ///
  /// The work sees `Task.isCancelled` (and its sleeps throw) once cancelled; a task that ignores it runs to
  /// its end, and only then frees what it holds.
  ///
  /// - Parameters:
  ///   - policy: What a value arriving while work runs does.
  ///   - isolation: The actor the tasks run on; the caller's, by default. A caller that is not isolated to an actor
  ///     does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible with expected argument
  ///     type 'any Actor'". Call it from the main actor or an actor's method, or take an `isolated` parameter and pass
  ///     it on (see Troubleshooting in <doc:IsolationAndTime>).
  ///   - transform: The async work for one value.
  /// - Complexity: O(1) amortized per value, plus starting one task per value that runs.
  public func map<Output>(
    _ policy: AsyncMapPolicy,
    isolation: isolated any Actor = #isolation,
    _ transform: nonisolated(nonsending) @escaping (Value) async -> Output
  ) -> Signal<Output> {
    typealias Node = TaskDrivenSignal<Value, Output, AsyncMapState<Value>>
    // The task of one value: it holds the node weakly (a node nobody holds is not kept for its work), and a result
    // whose ticket is no longer the current one (replaced, or disconnected since) is dropped.
    func start(_ node: Node, _ work: AsyncMapState<Value>.Work, isolation: isolated any Actor) {
      node.task = Task { [weak node] in
        _ = isolation
        let output = await transform(work.value)
        guard let node else { return }
        let next = node.state.finished(work.ticket)
        guard next.emits else { return }
        node.task = nil
        if let following = next.start { start(node, following, isolation: isolation) }
        node.emitAsPropagation(output)
      }
    }
    return Node(self, kind: .asyncMap, state: AsyncMapState(policy: policy)) { node, value in
      let node = Node.of(node)
      guard let work = node.state.receive(value) else { return }
      node.task?.cancel()
      start(node, work, isolation: isolation)
    }
  }
}

/// Decides, for ``Signal/map(_:isolation:_:)``, which value's work runs and whose result is emitted.
///
/// Each started work gets a ticket; only the result of the work whose ticket is current is emitted.
struct AsyncMapState<Value>: TaskDrivenState {
  /// Work to start: the value and its ticket.
  struct Work {
    let value: Value
    let ticket: UInt64
  }

  let policy: AsyncMapPolicy
  /// The ticket of the running work, if any.
  private(set) var current: UInt64?
  private var lastTicket: UInt64 = 0
  private var waiting = ValueBuffer<Value>(policy: .unbounded)

  init(policy: AsyncMapPolicy) {
    self.policy = policy
  }

  /// How many values wait for their turn (``AsyncMapPolicy/queue``).
  var waitingCount: Int { waiting.count }

  /// What to do with a new value: the work to start (cancelling the running one, if any, which can only
  /// happen under ``AsyncMapPolicy/latest``), or `nil` when the value waits or is dropped.
  mutating func receive(_ value: Value) -> Work? {
    if current != nil {
      switch policy {
      case .latest: break
      case .queue:
        waiting.append(value)
        return nil
      case .dropWhileBusy: return nil
      }
    }
    return makeWork(value)
  }

  /// The work `ticket` ended: whether its result is emitted (it is the current work), and the waiting work
  /// to start next.
  mutating func finished(_ ticket: UInt64) -> (emits: Bool, start: Work?) {
    guard ticket == current else { return (false, nil) }
    current = nil
    guard let value = waiting.popFirst() else { return (true, nil) }
    return (true, makeWork(value))
  }

  /// The connection ended: no running work's result is emitted, and nothing waits.
  mutating func disconnect() {
    current = nil
    waiting = ValueBuffer(policy: .unbounded)
  }

  private mutating func makeWork(_ value: Value) -> Work {
    lastTicket += 1
    current = lastTicket
    return Work(value: value, ticket: lastTicket)
  }
}
