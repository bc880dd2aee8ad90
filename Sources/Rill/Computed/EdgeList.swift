// The two edge arrays of a `ReactiveNode`: a growable list in memory of its own, for a tracked read to confirm an
// edge with a load and a compare, with no copy-on-write check and no bounds check (a node is its lists' only owner,
// and its loops stay in bounds: debug builds check them).

/// A list of small trivial structs (``DependencyEdge``, ``DependentEdge``) owned by one node: appended, swap-removed
/// and read in place. It has no header and starts small (two edges), so a node with one or two edges pays one
/// allocation of their size. The owner frees it with ``deallocate()``.
@usableFromInline
struct EdgeList<Edge> {
  /// The first edge, or `nil` before the first append.
  @usableFromInline var base: UnsafeMutablePointer<Edge>?
  /// How many edges the list holds (32 bits, as ``capacity``: the list is 16 bytes in its node).
  @usableFromInline var storedCount: Int32 = 0
  /// How many edges the memory at `base` holds.
  @usableFromInline var storedCapacity: Int32 = 0

  @inlinable init() {}

  /// How many edges the list holds.
  @inlinable var count: Int { Int(storedCount) }

  /// How many edges the memory holds.
  @inlinable var capacity: Int { Int(storedCapacity) }

  @inlinable var isEmpty: Bool { storedCount == 0 }

  /// The edge at `index`, read and written in place.
  @inlinable subscript(index: Int) -> Edge {
    @inline(__always) unsafeAddress {
      assert(index >= 0 && index < count, "edge index out of range")
      return UnsafePointer(base.unsafelyUnwrapped + index)
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      assert(index >= 0 && index < count, "edge index out of range")
      return base.unsafelyUnwrapped + index
    }
  }

  /// Adds `edge` at the end.
  @inlinable mutating func append(_ edge: Edge) {
    if storedCount == storedCapacity { grow() }
    (base.unsafelyUnwrapped + count).initialize(to: edge)
    storedCount &+= 1
  }

  /// Removes and returns the last edge.
  @inlinable mutating func removeLast() -> Edge {
    precondition(storedCount > 0, "removeLast from an empty edge list")
    storedCount &-= 1
    return (base.unsafelyUnwrapped + count).move()
  }

  /// Doubles the capacity (two edges at first), moving the edges.
  @usableFromInline mutating func grow() {
    precondition(storedCapacity < Int32.max / 2, "more edges than an edge list holds")
    let newCapacity: Int32 = storedCapacity == 0 ? 2 : storedCapacity &* 2
    let memory = UnsafeMutablePointer<Edge>.allocate(capacity: Int(newCapacity))
    if let base {
      memory.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = memory
    storedCapacity = newCapacity
  }

  /// Frees the memory. The edges are trivial: nothing else to do (the owner has released what they refer to).
  @inlinable mutating func deallocate() {
    base?.deallocate()
    base = nil
    storedCount = 0
    storedCapacity = 0
  }
}
