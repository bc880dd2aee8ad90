/// The values a node holds during one propagation's depth-first pass, in order, until its settle emits or
/// drops them (`withLatestFrom`, `take(until:)`, `skip(until:)`).
///
/// The held values are the first `count` slots. Slots are reused, not removed, so once the storage has grown to
/// a propagation's largest burst, holding allocates nothing.
@usableFromInline
struct HeldValues<Value> {
  @usableFromInline var slots: ContiguousArray<Value> = []
  /// How many values are held.
  @usableFromInline var count = 0

  @inlinable init() {}

  /// Holds `value` after the others.
  @inlinable mutating func append(_ value: Value) {
    if count < slots.count {
      slots[count] = value
    } else {
      slots.append(value)
    }
    count &+= 1
  }

  /// The held value at `index`, which is less than `count`.
  @inlinable subscript(index: Int) -> Value { slots[index] }

  /// Drops every held value (their slots are kept for the next propagation).
  @inlinable mutating func removeAll() {
    count = 0
  }
}
