extension Signal {
  /// Emits the success value of each `Result` that succeeded, and ignores failures.
  ///
  /// Signals carry no errors, so work that can fail sends a `Result`; this is the branch that renders.
  /// Replays the last success, when this signal replays (nothing if none has come). To transform the success
  /// and keep the failure, map the result itself: `map { $0.map(transform) }`.
  ///
  /// ```swift
  /// enum LoadError: Error { case offline }
  /// let responses = Subject<Result<Int, LoadError>>()
  /// let subscription = responses.successes().subscribe { print($0) }
  /// responses.send(.success(1)); responses.send(.failure(LoadError.offline))   // prints 1
  /// ```
  ///
  /// - Complexity: O(1) per value.
  @inlinable
  public func successes<Success, Failure>() -> Signal<Success> where Value == Result<Success, Failure> {
    compactMap { result -> Success? in
      guard case .success(let success) = result else { return nil }
      return success
    }
  }

  /// Emits the error of each `Result` that failed, and ignores successes.
  ///
  /// The branch that reports: an alert, a log, a retry button. Replays the last failure, when this signal
  /// replays (nothing if none has come).
  ///
  /// ```swift
  /// enum LoadError: Error { case offline }
  /// let responses = Subject<Result<Int, LoadError>>()
  /// let subscription = responses.failures().subscribe { print($0) }
  /// responses.send(.success(1)); responses.send(.failure(LoadError.offline))   // prints offline
  /// ```
  ///
  /// - Complexity: O(1) per value.
  @inlinable
  public func failures<Success, Failure>() -> Signal<Failure> where Value == Result<Success, Failure> {
    compactMap { result -> Failure? in
      guard case .failure(let failure) = result else { return nil }
      return failure
    }
  }
}
