// How a node keeps state whose type derives from its value types (a `Value?`, a struct of them) without its free
// looking that type up in the runtime.
//
// A node is freed by unspecialized code, which destroys each field through its type's metadata. A field typed by a
// generic argument of the class (`Value`) finds it in the class's metadata; a field of a type made from one
// (`Value?`, `LatestOfTwo<A, B>`) makes that code look the type up in the runtime's cache at each free, about 320
// instructions a node. So such state is a generic argument of its node's class (`Last`, `Latest`), bound where the
// node is made (`Value?`, `LatestOfTwo<A, B>`) and used through these protocols, which specialized code sees through.

/// A `Wrapped?` that a node keeps in a field typed by a generic argument of its class (see the file's comment):
/// conformed to by `Optional` only.
@usableFromInline
protocol OptionalState {
  associatedtype Wrapped
  /// No value.
  static var none: Self { get }
  /// The value, as the optional it is.
  var optional: Wrapped? { get set }
}

extension Optional: OptionalState {
  @inlinable var optional: Wrapped? {
    @inline(__always) get { self }
    @inline(__always) set { self = newValue }
  }
}
