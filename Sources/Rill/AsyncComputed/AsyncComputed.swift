// `AsyncComputed`: derived state that needs async work.

/// A value derived by async work — search results for a query, a profile for a user id — that keeps its last result
/// while it reloads, and cancels the work that went stale.
///
/// ```swift
/// let query = CurrentValueSubject("")
/// let results = AsyncComputed {
///   let text = query.value                                // read before the first suspension: a dependency
///   try await clock.sleep(for: .milliseconds(300))        // a newer query cancels this sleep: a debounce
///   return try await search(text)
/// }
/// let subscription = effect { render(results.value ?? [], loading: results.status == .loading) }
/// ```
///
/// The rules (the contract's rule 15):
/// - **Tracking.** What the closure reads before its first suspension — a ``CurrentValueSubject``'s `value`, a
///   ``Computed``'s, another `AsyncComputed`'s, a store's state — are its dependencies, as a ``Computed``'s are;
///   what it reads after it are not.
/// - **Lazy.** Creating it starts nothing (its status is ``AsyncStatus/idle``); the first observer (a subscriber,
///   an effect, an observed computed that reads it) or the first read of ``value``, ``status`` or ``error`` starts
///   the work.
/// - **Loading keeps the last value.** A change of what it read marks it ``AsyncStatus/loading`` at once, in the
///   propagation of the write, with ``value`` still the last success: subscribers and effects hear that state, then
///   the new value with ``AsyncStatus/loaded``. A closure that returns without suspending is loaded at once.
/// - **Stale work.** A change while work runs cancels that work's task (it sees `Task.isCancelled`, and its sleeps
///   throw) and drops its result, even if it returns anyway: nobody hears a stale result.
/// - **Failure.** A throw sets ``AsyncStatus/failed`` and ``error`` and keeps ``value``; the next success clears
///   ``error``. The `CancellationError` of cancelled work is no failure: that work's result is dropped.
/// - **Observers.** The last observer leaving cancels the running work (the next read or observer starts it again);
///   unobserved, a write starts nothing.
/// - **Results are writes.** The result of work that suspended arrives as a propagation of its own (rule 5), on
///   `isolation`.
///
/// It is a ``Signal`` of its ``AsyncValue`` (every operator, `combine`, `values`, `observable()`), replaying its
/// state; and `Computed`s and effects that read ``value``, ``status`` or ``error`` depend on it, glitch-free with
/// the rest of the graph.
///
/// Create and read it in one isolation domain, the actor its work runs on: the closure's start runs inside the read
/// that starts it (that is how its reads are tracked), and that needs the read to run on `isolation`. For the same
/// reason the closure must not write, before its first suspension, a value computations read (as a `Computed`'s
/// closure must not): that stops the program with a message. After the suspension it may write.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
public final class AsyncComputed<Value>: _ComputedNode<AsyncValue<Value>> {
  /// The node that starts the work and keeps its results.
  let work: AsyncComputedWork<Value>
  /// The last successful result alone, as a computed that changes only with a new success, made at the first read
  /// of ``value``: a computation that reads the value does not run again when the work only starts loading (a
  /// second `AsyncComputed` that reads this one's value does not restart its own work then).
  private var valueNode: Computed<LastSuccess<Value>>?

  /// Whether two successful values are equal, for ``value``'s cut-off: `==` for an `Equatable` value, `nil` (every
  /// success is a change) for any other.
  private let equalValues: ((Value, Value) -> Bool)?

  /// An async computed of `compute`, whose work runs on `isolation`. Each success changes ``value`` (for an
  /// `Equatable` value, the other initializer cuts an equal one off).
  ///
  /// - Parameters:
  ///   - isolation: The actor the work runs on; the caller's, by default. A caller that is not isolated to an actor
  ///     does not compile: there `#isolation` is `nil`, and Swift says "'nil' is not compatible with expected argument
  ///     type 'any Actor'". Create it on the main actor or in an actor's method, or take an `isolated` parameter and
  ///     pass it on (see Troubleshooting in <doc:IsolationAndTime>).
  ///   - compute: The work. What it reads before its first suspension is what it depends on.
  public convenience init(
    isolation: isolated any Actor = #isolation,
    _ compute: nonisolated(nonsending) @escaping () async throws -> Value
  ) {
    self.init(isolation: isolation, equalValues: nil, compute)
  }

  /// An async computed of `compute` on `isolation`, whose ``value`` changes with a success only when `equalValues`
  /// (if any) says the new value differs from the last.
  init(
    isolation: isolated any Actor,
    equalValues: ((Value, Value) -> Bool)?,
    _ compute: nonisolated(nonsending) @escaping () async throws -> Value
  ) {
    let work = AsyncComputedWork(compute, start: AsyncComputedWork<Value>.evaluation(isolation: isolation))
    self.work = work
    self.equalValues = equalValues
    super.init(
      compute: {
        _ = work.completions.value
        return work.state(for: work.value)
      },
      steps: _ComputedNode.deliverySteps(),
      evaluation: _ComputedNode.evaluation { $0.isSameState(as: $1) })
  }

  /// The last successful result, `nil` until the work first succeeds. Reading it starts the work if nothing did
  /// yet (or restarts work that its last observer's leaving cancelled); read inside a computation, it is a
  /// dependency of that computation, which a new success changes (and nothing else: not loading, not a failure).
  public var value: Value? {
    let node = valueNode ?? makeValueNode()
    return node.value.value
  }

  /// Makes ``valueNode``: it reads what this computed reads (the work's run and its completions), not this computed,
  /// so that it holds the work and not this object.
  private func makeValueNode() -> Computed<LastSuccess<Value>> {
    let work = work
    let equalValues = equalValues
    let isUnchanged: (LastSuccess<Value>, LastSuccess<Value>) -> Bool = { last, new in
      if last.successes == new.successes { return true }
      guard let equalValues, let lastValue = last.value, let newValue = new.value else { return false }
      return equalValues(lastValue, newValue)
    }
    let read: () -> LastSuccess<Value> = {
      _ = work.completions.value
      _ = work.value
      return LastSuccess(value: work.results.value, successes: work.successes)
    }
    let node = Computed(equals: isUnchanged, read)
    if has(ReactiveFlags.reportsToObservation) { node.flags |= ReactiveFlags.reportsToObservation }
    valueNode = node
    return node
  }

  /// Makes reads of ``value``, ``status``, ``error`` and ``state`` inside Observation's tracking — a SwiftUI view's
  /// `body`, `withObservationTracking` — depend on this computed, and returns it: the tracking is told of the next
  /// change of what it read (a read of ``value``, of the next success; of ``status``, of the next state), once, after
  /// the propagation that made it, as ``Computed/reportingToObservation()`` does for a computed.
  ///
  /// ```swift
  /// let results = AsyncComputed { try await search(query.value) }.reportingToObservation()
  /// // In a view: if results.status == .loading { ProgressView() }; List(results.value ?? []) { … }
  /// ```
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  @discardableResult
  public func reportingToObservation() -> AsyncComputed<Value> {
    flags |= ReactiveFlags.reportsToObservation
    valueNode?.flags |= ReactiveFlags.reportsToObservation
    return self
  }

  /// Where the work stands; read as ``value`` is.
  public var status: AsyncStatus { read().status }

  /// The last failure, `nil` once the work succeeds; read as ``value`` is.
  public var error: (any Error)? { read().error }

  /// The whole state — value, status and error — read at once, as ``value`` is.
  public var state: AsyncValue<Value> { read() }

  /// Waits until the work for the current inputs has its result, and returns the state then: ``AsyncStatus/loaded``
  /// or ``AsyncStatus/failed``. Returns at once when it has one; starts the work if nothing did. Runs on the
  /// caller's actor, which must be this computed's.
  ///
  /// For tests and for code that needs the result once:
  ///
  /// ```swift
  /// userID.value = 2
  /// let state = await profile.settled()   // loaded (or failed) for user 2
  /// ```
  ///
  /// While it waits it observes the computed, so the work is not cancelled for want of observers. A cancelled
  /// caller gets the last state it saw (loading), and its leaving cancels the work if nothing else observes it.
  nonisolated(nonsending) public func settled() async -> AsyncValue<Value> {
    var last = AsyncValue<Value>()
    for await state in values {
      if state.status == .loaded || state.status == .failed { return state }
      last = state
    }
    return last  // not read again: with no observer left, a read would start the work again
  }

  /// Runs the work again with the same inputs: ``AsyncStatus/loading`` with the value kept, then the new result.
  /// Running work is cancelled. Unobserved, the work runs at the next read.
  ///
  /// A write, as a ``CurrentValueSubject``'s: inside an effect it is queued behind the effect's propagation; inside
  /// a `Computed`'s closure it stops the program.
  public func reload() {
    work.restarts.value &+= 1
  }

  override var kindDescription: String { "an AsyncComputed<\(Value.self)>" }

  override var liveKind: NodeKind { .asyncComputed }
}

/// The last successful result of an ``AsyncComputed``, and how many successes there were (its cut-off: `Value` need
/// not be `Equatable`).
struct LastSuccess<Value> {
  let value: Value?
  let successes: UInt
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension AsyncComputed where Value: Equatable {
  /// An async computed of `compute`, whose work runs on `isolation`, and whose ``value`` changes only with a success
  /// whose value differs (`==`) from the last: a reload that brings the same profile back runs nothing that read
  /// the value.
  ///
  /// See ``init(isolation:_:)`` for the parameters.
  public convenience init(
    isolation: isolated any Actor = #isolation,
    _ compute: nonisolated(nonsending) @escaping () async throws -> Value
  ) {
    self.init(isolation: isolation, equalValues: ==, compute)
  }
}
