// The work behind an `AsyncComputed`: the node that starts its closure, tracks what the closure reads before its
// first suspension, and keeps the results.

/// The work of an ``AsyncComputed``: a computed whose evaluation cancels the running task and starts the closure
/// again, as a task that runs at once up to its first suspension (`Task.immediate`), inside this node's run — so what
/// the closure reads before it suspends is what this node read, and a change of it evaluates this node again. Its
/// value is the number of the run it started, new at each evaluation: the `AsyncComputed` reads it, and goes to
/// loading.
///
/// A result that comes later is kept here, and announced by a write of ``completions``, which the `AsyncComputed`
/// reads too (a propagation of its own, rule 5): its evaluation then re-derives its state without starting anything.
/// A result of a run that is no longer the current one, or of a cancelled task, is dropped.
final class AsyncComputedWork<Value>: Computed<UInt> {
  /// The closure, called by each run's task.
  let work: nonisolated(nonsending) () async throws -> Value
  /// Read by each run: ``AsyncComputed/reload()`` writes it to run again, and the last observer's leaving moves it
  /// without a propagation (see ``didUnlink()``), so that the next read starts the cancelled work again.
  let restarts = CurrentValueSubject<UInt>(0)
  /// Written when a run's result comes after its start: the `AsyncComputed` reads it.
  let completions = CurrentValueSubject<UInt>(0)
  /// The running task, if any.
  var task: Task<Void, Never>?
  /// The number of the current run; 0 before the first.
  var run: UInt = 0
  /// The run whose result ``results`` holds; 0 while none has one.
  var settledRun: UInt = 0
  /// The last success, the last failure, the status of ``settledRun``'s result, and how many results came.
  var results = AsyncValue<Value>()
  /// How many runs succeeded.
  var successes: UInt = 0
  /// True while a run starts: a result that comes then (the closure did not suspend) is the run's own, and writes
  /// nothing (a computed's run must not write).
  var isStarting = false

  /// The work of `work`, whose evaluation `start` is (built by ``AsyncComputed``, where its isolation is known).
  init(
    _ work: nonisolated(nonsending) @escaping () async throws -> Value, start: @escaping (_ComputedNode<UInt>) -> Bool
  ) {
    self.work = work
    super.init(
      compute: { preconditionFailure("Rill: an AsyncComputed's work runs through its evaluation") },
      steps: _ComputedNode.deliverySteps(), evaluation: start)
  }

  deinit {
    task?.cancel()  // freed while loading: the task stops, and lets go of what it holds
  }

  /// The state to show for run `run`: its result once it has one; loading (the last result kept) until then.
  func state(for run: UInt) -> AsyncValue<Value> {
    var state = results
    if settledRun != run { state.status = run == 0 ? .idle : .loading }
    return state
  }

  /// The result of run `run` came: kept, and announced unless it came during its start, when the run is not current
  /// any more, or when its task was cancelled (stale work's result is dropped, even when it returns anyway).
  func finish(_ run: UInt, with outcome: Result<Value, any Error>) {
    guard run == self.run, !Task.isCancelled else { return }
    task = nil
    settledRun = run
    results.revision &+= 1
    switch outcome {
    case .success(let value):
      successes &+= 1
      results.value = value
      results.error = nil
      results.status = .loaded
    case .failure(let error):
      results.error = error
      results.status = .failed
    }
    if !isStarting { completions.value &+= 1 }
  }

  /// Nothing observes the `AsyncComputed` any more: its running work is cancelled, and ``restarts`` moves (with no
  /// propagation: nothing reads it now) so that the next read or observer starts it again.
  override func didUnlink() {
    super.didUnlink()
    guard let task else { return }
    task.cancel()
    self.task = nil
    restarts.current &+= 1
    restarts.countChangeAndMarkDependents()
  }

  override var kindDescription: String { "the work of an AsyncComputed<\(Value.self)>" }

  override var liveKind: NodeKind { .asyncComputedWork }
}

extension AsyncComputedWork {
  /// Starts run after run of `work`'s closure, on `isolation`: the evaluation of an ``AsyncComputedWork``, built where the
  /// isolation is known. Reads the restarts, cancels the running task, and starts the next run's task, which runs
  /// here up to its first suspension.
  static func evaluation(isolation: isolated any Actor) -> (_ComputedNode<UInt>) -> Bool {
    { node in
      let work = unsafeDowncast(node, to: AsyncComputedWork<Value>.self)
      return node.store(node.track { start(work, isolation: isolation) }, isEqual: ==)
    }
  }

  /// Cancels the running task and starts the next run; returns its number.
  private static func start(_ work: AsyncComputedWork<Value>, isolation: isolated any Actor) -> UInt {
    _ = work.restarts.value
    work.task?.cancel()
    work.task = nil
    work.run &+= 1
    let run = work.run
    let closure = work.work
    work.isStarting = true
    let task = Task.immediate { [weak work] in
      _ = isolation
      let outcome: Result<Value, any Error>
      do {
        outcome = .success(try await closure())
      } catch {
        outcome = .failure(error)
      }
      work?.finish(run, with: outcome)
    }
    work.isStarting = false
    if work.settledRun != run { work.task = task }
    return run
  }
}
