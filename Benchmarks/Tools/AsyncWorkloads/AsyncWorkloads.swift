// The async workloads (issue 33), shared by Profile (callgrind.sh) and the Reactivity suite (time): a write that restarts async work, and a write whose work completes, for an
// `AsyncComputed` (the Computed side), the async `map(.latest)` (Rill's operator form) and the same design by hand
// (the baseline: a task and its state, as a view model would keep them). Each side's work is the same: read the
// query, suspend once (`Task.yield()`), return it; all of them start it with `Task.immediate`, as `AsyncComputed`
// must, so the comparison is of what is around the task.
//
//   async_restart   one operation is a write while the last write's work is still suspended: the running task is
//                   cancelled, a new one starts; the cancelled one later resumes and its result is dropped.
//   async_complete  one operation is a write and its work's completion: the task starts, suspends, resumes, and its
//                   result reaches the observer.

import Rill

/// Who runs an async workload.
public enum AsyncSide: Sendable {
  /// An `AsyncComputed`, read by an effect.
  case computed
  /// The operator form: the async `map(.latest)`, subscribed (it keeps no loading state).
  case rill
  /// The same design by hand (``HandWrittenAsyncValue``).
  case baseline
}

/// Returns `value` unseen by the optimizer.
@inline(never) @_optimize(none) func opaque<T>(_ value: T) -> T {
  value
}

/// The work every side runs for a query: one suspension.
@MainActor @inline(never) func asyncWork(_ query: Int) async -> Int {
  await Task.yield()
  return query
}

/// Runs the workload for `side`: `operations` writes, each waiting for its work's result unless `restartsOnly`; then
/// waits for the last result. Returns what the observer added up.
@available(macOS 26, *)
@MainActor public func asyncSink(restartsOnly: Bool, side: AsyncSide, operations: Int) async -> Int {
  var sink = 0
  switch side {
  case .computed:
    let query = CurrentValueSubject(0)
    let results = AsyncComputed { await asyncWork(query.value) }
    let subscription = effect {
      let state = results.state
      sink &+= state.isLoading ? 1 : state.value ?? 0
    }
    for value in 1...operations {
      query.value = value
      if !restartsOnly { while results.status != .loaded { await Task.yield() } }
    }
    while results.status != .loaded { await Task.yield() }
    subscription.cancel()
  case .rill:
    let query = CurrentValueSubject(0)
    var latest = -1
    let subscription = query.map(.latest) { await asyncWork($0) }.subscribe {
      sink &+= $0
      latest = $0
    }
    for value in 1...operations {
      query.value = value
      if !restartsOnly { while latest != value { await Task.yield() } }
    }
    while latest != operations { await Task.yield() }
    subscription.cancel()
  case .baseline:
    let work: @MainActor (Int) async -> Int = { await asyncWork($0) }
    let observer: @MainActor (Int?, Bool) -> Void = { value, isLoading in sink &+= isLoading ? 1 : value ?? 0 }
    let model = HandWrittenAsyncValue(work: opaque(work), observer: opaque(observer))
    for value in 1...operations {
      model.set(value)
      if !restartsOnly { while model.isLoading { await Task.yield() } }
    }
    while model.isLoading { await Task.yield() }
  }
  return sink
}

/// The baseline: what a view model writes by hand for async derived state — the last value, whether it loads, the
/// running task (cancelled by the next input) and a ticket that drops a stale result; one observer, stored once.
@available(macOS 26, *)
@MainActor final class HandWrittenAsyncValue {
  var value: Int?
  var isLoading = false
  private var ticket = 0
  private var task: Task<Void, Never>?
  private let work: @MainActor (Int) async -> Int
  private let observer: @MainActor (Int?, Bool) -> Void

  init(work: @escaping @MainActor (Int) async -> Int, observer: @escaping @MainActor (Int?, Bool) -> Void) {
    self.work = work
    self.observer = observer
  }

  /// A new input: the running work is cancelled, the state goes loading (the value kept), and the new work starts.
  func set(_ query: Int) {
    task?.cancel()
    ticket &+= 1
    let ticket = self.ticket
    isLoading = true
    observer(value, true)
    task = Task.immediate { @MainActor [weak self, work] in
      let result = await work(query)
      guard let self, ticket == self.ticket, !Task.isCancelled else { return }
      self.value = result
      self.isLoading = false
      self.task = nil
      self.observer(result, false)
    }
  }
}
