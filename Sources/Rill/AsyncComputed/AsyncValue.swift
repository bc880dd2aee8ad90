// The state of an `AsyncComputed`: its last result, where its work stands, and its last failure.

/// Where an ``AsyncComputed``'s work stands.
public enum AsyncStatus: Hashable, Sendable {
  /// No work has started: nothing has observed or read the value yet.
  case idle
  /// Work runs for the current inputs; the value, if any, is the last success.
  case loading
  /// The work for the current inputs succeeded: the value is its result.
  case loaded
  /// The work for the current inputs threw: the error says why; the value, if any, is the last success.
  case failed
}

/// The state of an ``AsyncComputed``: its last successful value, where its work stands, and its last failure.
///
/// A reload keeps both the value and the error while it runs (the value is not taken away while new work loads), so
/// a view shows the old results greyed out rather than an empty table:
///
/// ```swift
/// switch results.status {
/// case .idle, .loading: ProgressView()   // beside results.value, when there is one
/// case .loaded: List(results.value ?? []) { … }
/// case .failed: Text(results.error.map { "\($0)" } ?? "")
/// }
/// ```
public struct AsyncValue<Value> {
  /// The last successful result; `nil` until a run succeeds.
  public var value: Value?
  /// Where the work stands.
  public var status: AsyncStatus
  /// The last failure; `nil` once a run succeeds.
  public var error: (any Error)?
  /// How many results (successes and failures) the value has seen: an `AsyncComputed` that goes from one result to
  /// the next, or to loading and back, counts as changed by its status and this, whatever `Value` is.
  var revision: UInt = 0

  /// A state of `value`, `status` and `error`.
  public init(value: Value? = nil, status: AsyncStatus = .idle, error: (any Error)? = nil) {
    self.value = value
    self.status = status
    self.error = error
  }

  /// Whether work runs (``AsyncStatus/loading``).
  public var isLoading: Bool { status == .loading }

  /// Whether two states are one as an ``AsyncComputed``'s cut-off sees them: the same status after the same result.
  func isSameState(as other: AsyncValue<Value>) -> Bool {
    status == other.status && revision == other.revision
  }
}

extension AsyncValue: Sendable where Value: Sendable {}

extension AsyncValue: Equatable where Value: Equatable {
  /// Whether the two have equal values and statuses, and equal errors: both `nil`, or of one type and equal — by
  /// `==` when that type is `Equatable`, by their `String(reflecting:)` otherwise (so two `URLError`s of one code
  /// are equal, and two errors of a plain enum are equal when they are the same case with equal payloads).
  public static func == (lhs: AsyncValue<Value>, rhs: AsyncValue<Value>) -> Bool {
    lhs.value == rhs.value && lhs.status == rhs.status && areEqualErrors(lhs.error, rhs.error)
  }
}

extension AsyncValue: CustomStringConvertible {
  /// `loaded 42`, `loading (was 42)`, `failed timedOut (was 42)`, `idle`.
  public var description: String {
    let kept = value.map { "\($0)" }
    switch status {
    case .idle: return kept.map { "idle (was \($0))" } ?? "idle"
    case .loading: return kept.map { "loading (was \($0))" } ?? "loading"
    case .loaded: return "loaded \(kept ?? "nil")"
    case .failed:
      let reason = error.map { "\($0)" } ?? "an error"
      return kept.map { "failed \(reason) (was \($0))" } ?? "failed \(reason)"
    }
  }
}

/// Whether two optional errors are equal as ``AsyncValue``'s `==` documents.
func areEqualErrors(_ lhs: (any Error)?, _ rhs: (any Error)?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): return true
  case (let lhs?, let rhs?):
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let lhs = lhs as? any Equatable { return lhs.isEqual(toValueOfSameType: rhs) }
    return String(reflecting: lhs) == String(reflecting: rhs)
  default: return false
  }
}

extension Equatable {
  /// Whether `other`, of this value's dynamic type, is equal to it.
  fileprivate func isEqual(toValueOfSameType other: Any) -> Bool {
    (other as? Self).map { $0 == self } ?? false
  }
}
