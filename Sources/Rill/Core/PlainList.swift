// A growable list in memory of its own, for the hot loops of the graph: a tracked read confirms an edge with a load
// and a compare, a settle is filed and taken, with no copy-on-write check and no bounds check (each list has one
// owner, and its loops stay in bounds: debug builds check them).

/// A list of small plain structs (no references it counts: ``DependencyEdge``, ``DependentEdge``, ``PendingSettle``,
/// ranks) owned by one object: appended, removed at the end and read and written in place. It has no header and
/// starts small (two elements), so an owner of one or two pays one allocation of their size. The owner frees it with
/// ``deallocate()``; a copy shares the memory, so only one copy may be used and freed.
@usableFromInline
struct PlainList<Element> {
  /// The first element, or `nil` before the first append.
  @usableFromInline var base: UnsafeMutablePointer<Element>?
  /// How many elements the list holds (32 bits, as ``capacity``: the list is 16 bytes in its owner).
  @usableFromInline var storedCount: Int32 = 0
  /// How many elements the memory at `base` holds.
  @usableFromInline var storedCapacity: Int32 = 0

  @inlinable init() {}

  /// How many elements the list holds.
  @inlinable var count: Int { Int(storedCount) }

  /// How many elements the memory holds.
  @inlinable var capacity: Int { Int(storedCapacity) }

  @inlinable var isEmpty: Bool { storedCount == 0 }

  /// The element at `index`, read and written in place.
  @inlinable subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      assert(index >= 0 && index < count, "element index out of range")
      return UnsafePointer(base.unsafelyUnwrapped + index)
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      assert(index >= 0 && index < count, "element index out of range")
      return base.unsafelyUnwrapped + index
    }
  }

  /// Adds `element` at the end.
  @inlinable mutating func append(_ element: Element) {
    if storedCount == storedCapacity { grow() }
    (base.unsafelyUnwrapped + count).initialize(to: element)
    storedCount &+= 1
  }

  /// Removes and returns the last element.
  @inlinable mutating func removeLast() -> Element {
    precondition(storedCount > 0, "removeLast from an empty list")
    storedCount &-= 1
    return (base.unsafelyUnwrapped + count).move()
  }

  /// Doubles the capacity (two elements at first), moving the elements.
  @usableFromInline mutating func grow() {
    precondition(storedCapacity < Int32.max / 2, "more elements than a plain list holds")
    let newCapacity: Int32 = storedCapacity == 0 ? 2 : storedCapacity &* 2
    let memory = UnsafeMutablePointer<Element>.allocate(capacity: Int(newCapacity))
    if let base {
      memory.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = memory
    storedCapacity = newCapacity
  }

  /// Removes every element, keeping the memory.
  @inlinable mutating func removeAll() {
    storedCount = 0
  }

  /// Frees the memory of a list that is going (its owner's `deinit`): the list must not be used after.
  @inlinable func deallocateForDeinit() {
    base?.deallocate()
  }

  /// Frees the memory. The elements are trivial: nothing else to do (the owner has released what they refer to).
  @inlinable mutating func deallocate() {
    base?.deallocate()
    base = nil
    storedCount = 0
    storedCapacity = 0
  }
}
