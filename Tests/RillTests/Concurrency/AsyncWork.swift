extension ConcurrencyTests {
  /// Async work a test finishes by hand: `run(input)` waits until the test calls `finish(input, with:)`,
  /// which returns once `run` has returned (and, on the main actor, once the code after it has run up to
  /// its next suspension). So a test of an async operator reads as a timeline, with no real waiting.
  @MainActor final class AsyncWork<Input: Hashable, Output: Sendable> {
    /// The inputs whose work started, in order.
    private(set) var started: [Input] = []
    /// The inputs whose work returned, in order, with whether its task was cancelled by then.
    private(set) var returned: [(input: Input, cancelled: Bool)] = []
    private var waiting: [Input: CheckedContinuation<Output, Never>] = [:]
    private var ready: [Input: Output] = [:]
    private var finishWaiters: [CheckedContinuation<Void, Never>] = []

    /// The work for `input`: returns what the test gives `finish(input, with:)`.
    func run(_ input: Input) async -> Output {
      started.append(input)
      let output: Output
      if let value = ready.removeValue(forKey: input) {
        output = value
      } else {
        output = await withCheckedContinuation { waiting[input] = $0 }
      }
      returned.append((input, Task.isCancelled))
      let waiters = finishWaiters
      finishWaiters = []
      for waiter in waiters { waiter.resume() }
      return output
    }

    /// Ends the work for `input` with `output` (at once if it is running, else as soon as it starts), and
    /// waits until it has returned.
    func finish(_ input: Input, with output: Output) async {
      if let continuation = waiting.removeValue(forKey: input) {
        continuation.resume(returning: output)
      } else {
        ready[input] = output
      }
      while !returned.contains(where: { $0.input == input }) {
        await withCheckedContinuation { finishWaiters.append($0) }
      }
    }

    /// The inputs whose work returned after its task was cancelled.
    var cancelled: [Input] { returned.filter(\.cancelled).map(\.input) }
  }
}
