/// What a bridge between isolation domains does with values that arrive faster than they are consumed.
///
/// A signal never waits for its observers, so a consumer in another task (``Signal/values``) or on
/// another actor (`subscribe(on:bufferingPolicy:_:)`) may fall behind. The
/// values it has not taken yet wait in a buffer, and the policy says how big that buffer may grow.
/// Whatever the policy, the values that are delivered keep the order in which the signal emitted them.
///
/// ```swift
/// for await query in searchField.values(bufferingPolicy: .bufferingNewest(1)) {
///   await search(query)   // a slow search only ever sees the latest query
/// }
/// ```
public enum BufferingPolicy: Sendable, Hashable {
  /// Keeps every value: none is lost, and the buffer grows as long as the consumer lags.
  case unbounded
  /// Keeps at most `limit` waiting values; when full, the oldest waiting value is dropped to make room
  /// for the new one. `bufferingNewest(1)` delivers the latest value (a "conflating" consumer).
  ///
  /// - Precondition: `limit > 0`.
  case bufferingNewest(Int)
  /// Keeps at most `limit` waiting values; when full, the new value is dropped.
  ///
  /// - Precondition: `limit > 0`.
  case bufferingOldest(Int)

  /// Checks the limit, so a bad policy fails where it is used, not when the first value overflows.
  @usableFromInline func validated() -> Self {
    switch self {
    case .unbounded: break
    case .bufferingNewest(let limit), .bufferingOldest(let limit):
      precondition(limit > 0, "a buffering limit must be greater than zero, not \(limit)")
    }
    return self
  }
}

/// The values a bridge holds for a consumer, first in first out, trimmed by a ``BufferingPolicy``.
///
/// A pure value: it decides what to keep and what to drop; the bridge that owns it only stores and wakes.
/// Inlinable, so a client's `subscribe(on:)` buffers its values without generic metadata look-ups.
@usableFromInline
struct ValueBuffer<Value> {
  @usableFromInline let policy: BufferingPolicy
  @usableFromInline var storage: ContiguousArray<Value?> = []
  @usableFromInline var head = 0

  @inlinable init(policy: BufferingPolicy) {
    self.policy = policy.validated()
  }

  /// How many values wait.
  @inlinable var count: Int { storage.count - head }

  @inlinable var isEmpty: Bool { head == storage.count }

  /// The oldest waiting value, left in place.
  @inlinable var first: Value? { head < storage.count ? storage[head] : nil }

  /// Adds `value` under the policy. Returns `false` when the policy dropped the new value; a value
  /// dropped to make room (`bufferingNewest`) is not reported.
  @inlinable @discardableResult
  mutating func append(_ value: Value) -> Bool {
    switch policy {
    case .unbounded:
      break
    case .bufferingNewest(let limit):
      if count == limit { _ = popFirst() }
    case .bufferingOldest(let limit):
      if count == limit { return false }
    }
    storage.append(value)
    return true
  }

  /// Removes and returns the oldest waiting value.
  @inlinable mutating func popFirst() -> Value? {
    guard head < storage.count else { return nil }
    let value = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 64 && head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return value
  }
}

/// A buffer of `Sendable` values can move between domains (the `subscribe(on:)` mailbox hands one over).
extension ValueBuffer: Sendable where Value: Sendable {}
