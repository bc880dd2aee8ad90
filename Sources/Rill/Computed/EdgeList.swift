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
  /// How many edges the list holds.
  @usableFromInline var count = 0
  /// How many edges the memory at `base` holds.
  @usableFromInline var capacity = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { count == 0 }

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
    if count == capacity { grow() }
    (base.unsafelyUnwrapped + count).initialize(to: edge)
    count &+= 1
  }

  /// Removes and returns the last edge.
  @inlinable mutating func removeLast() -> Edge {
    precondition(count > 0, "removeLast from an empty edge list")
    count &-= 1
    return (base.unsafelyUnwrapped + count).move()
  }

  /// Doubles the capacity (two edges at first), moving the edges.
  @usableFromInline mutating func grow() {
    let newCapacity = capacity == 0 ? 2 : capacity &* 2
    let memory = UnsafeMutablePointer<Edge>.allocate(capacity: newCapacity)
    if let base {
      memory.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = memory
    capacity = newCapacity
  }

  /// Frees the memory. The edges are trivial: nothing else to do (the owner has released what they refer to).
  @inlinable mutating func deallocate() {
    base?.deallocate()
    base = nil
    count = 0
    capacity = 0
  }
}
