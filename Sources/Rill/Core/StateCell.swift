/// A mutable value shared by an operator's closures for the lifetime of one connection.
///
/// Reads and writes are not checked for exclusivity at run time: a cell belongs to one signal graph,
/// which runs in one isolation domain, and no operator holds an access across a call out.
@usableFromInline
final class StateCell<Value> {
  @usableFromInline @exclusivity(unchecked) var value: Value

  @inlinable init(_ value: Value) {
    self.value = value
  }
}
