import Testing

@testable import Rill

/// Async work a test finishes by hand, for `AsyncComputed`: `load(input)` waits until the test calls
/// `succeed(input, with:)` or `fail(input, with:)` (the oldest of several runs for one input first), which return once `load` has returned and the code after it
/// (the `AsyncComputed`'s result) has run up to its next suspension. It ignores cancellation, as careless work does:
/// a test sees whether the task was cancelled when it returned.
@MainActor final class Loads<Input: Hashable, Output: Sendable> {
  /// The inputs whose work started, in order.
  private(set) var started: [Input] = []
  /// The inputs whose work returned, in order, with whether its task was cancelled by then.
  private(set) var returned: [(input: Input, cancelled: Bool)] = []
  private var waiting: [Input: [CheckedContinuation<Output, any Error>]] = [:]
  private var ready: [Input: Result<Output, any Error>] = [:]
  private var returnWaiters: [CheckedContinuation<Void, Never>] = []

  /// The work for `input`: returns, or throws, what the test gives it.
  func load(_ input: Input) async throws -> Output {
    started.append(input)
    defer {
      returned.append((input, Task.isCancelled))
      let waiters = returnWaiters
      returnWaiters = []
      for waiter in waiters { waiter.resume() }
    }
    if let result = ready.removeValue(forKey: input) { return try result.get() }
    return try await withCheckedThrowingContinuation { waiting[input, default: []].append($0) }
  }

  /// Ends the work for `input` with `output`, and waits until it has returned.
  func succeed(_ input: Input, with output: Output) async {
    await end(input, with: .success(output))
  }

  /// Ends the work for `input` by throwing `error`, and waits until it has returned.
  func fail(_ input: Input, with error: any Error) async {
    await end(input, with: .failure(error))
  }

  /// The inputs whose work waits for the test.
  var waitingInputs: [Input] { Array(waiting.keys) }

  /// Whether work for `input` waits for the test.
  func isWaiting(_ input: Input) -> Bool { !(waiting[input] ?? []).isEmpty }

  /// The inputs whose work returned after its task was cancelled.
  var cancelled: [Input] { returned.filter(\.cancelled).map(\.input) }

  private func end(_ input: Input, with result: Result<Output, any Error>) async {
    let returnedBefore = returned.count(where: { $0.input == input })
    if var runs = waiting[input], !runs.isEmpty {
      let continuation = runs.removeFirst()
      waiting[input] = runs.isEmpty ? nil : runs
      continuation.resume(with: result)
    } else {
      ready[input] = result
    }
    while returned.count(where: { $0.input == input }) == returnedBefore {
      await withCheckedContinuation { returnWaiters.append($0) }
    }
  }
}

/// The suites' usual computed: loads, with `loads`, the query it reads.
@MainActor func loadingSearch(
  of query: CurrentValueSubject<String>, with loads: Loads<String, String>
) -> AsyncComputed<String> {
  AsyncComputed { try await loads.load(query.value) }
}

/// An error a test's work throws.
struct LoadError: Error, Equatable, CustomStringConvertible {
  let reason: String
  init(_ reason: String) { self.reason = reason }
  var description: String { reason }
}

/// Lets the main actor run what is queued on it until `condition` holds (a sleep on a `ManualClock` registers and ends
/// on the global executor): returns whether it came to hold within `turns` turns.
@MainActor func eventually(turns: Int = 100_000, _ condition: () -> Bool) async -> Bool {
  for _ in 0..<turns {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// An `AsyncValue` written short, for expectations: `"loading nil"`, `"loaded A"`, `"failed boom A"`.
func brief<Value>(_ state: AsyncValue<Value>) -> String {
  let value = state.value.map { "\($0)" } ?? "nil"
  switch state.status {
  case .idle: return "idle \(value)"
  case .loading: return "loading \(value)"
  case .loaded: return "loaded \(value)"
  case .failed: return "failed \(state.error.map { "\($0)" } ?? "?") \(value)"
  }
}
