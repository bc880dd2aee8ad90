/// The values a node holds during one propagation's depth-first pass, in order, until its settle emits or
/// drops them (`withLatestFrom`, `take(until:)`, `skip(until:)`).
///
/// Emptying keeps the storage's capacity, so once it has grown to a propagation's largest burst, holding
/// allocates nothing; the values themselves are released when emptied, not kept until the next propagation
/// overwrites them.
@usableFromInline
struct HeldValues<Value> {
  @usableFromInline var values: ContiguousArray<Value> = []

  @inlinable init() {}

  /// How many values are held.
  @inlinable var count: Int { values.count }

  /// Holds `value` after the others.
  @inlinable mutating func append(_ value: Value) {
    values.append(value)
  }

  /// The held value at `index`, oldest first.
  @inlinable subscript(index: Int) -> Value { values[index] }

  /// Drops every held value, keeping the storage.
  @inlinable mutating func removeAll() {
    values.removeAll(keepingCapacity: true)
  }
}
