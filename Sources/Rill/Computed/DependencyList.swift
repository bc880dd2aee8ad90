// The edge lists of the tracked graph: each a plain list whose memory starts with a header, so that a node that has
// no edges (a map, a subject no computation read, a consumer that never ran) keeps one pointer for each list, to a
// shared empty header, and a consumer keeps the state of its runs with what it read.

/// The header at the start of a ``HeaderedList``'s memory: what its owner keeps there, after the list's count and
/// capacity, which every header starts with — two `Int32`s, at offsets 0 and 4, that the list reads and writes as
/// raw memory (so that its code, unspecialized in a debug build, calls no accessor of the header's type).
@usableFromInline
protocol ListHeader {
  /// The header of every list with no memory of its own: count and capacity 0, never written.
  static var empty: UnsafeMutablePointer<Self> { get }
}

/// A list of small plain structs (no references it counts) after a header, in one block: appended, removed at the
/// end and read and written in place, as ``PlainList``. One pointer in its owner; an owner of no elements points at
/// the shared empty header and allocates nothing. The owner frees it with ``deallocate()``.
@usableFromInline
struct HeaderedList<Header: ListHeader, Element> {
  /// The header, followed by room for its ``ListHeader/capacity`` elements.
  @usableFromInline var header: UnsafeMutablePointer<Header>

  @inlinable init() {
    header = Header.empty
  }

  /// How many elements the memory holds: 0 only for the shared empty header.
  @inlinable var capacity: Int { Int(UnsafeRawPointer(header).load(fromByteOffset: 4, as: Int32.self)) }

  /// Whether the list has memory of its own (and so a header its owner may write).
  @inlinable var hasOwnHeader: Bool { capacity != 0 }

  /// The first element's place, right after the header.
  @inlinable var elements: UnsafeMutablePointer<Element> {
    UnsafeMutableRawPointer(header + 1).assumingMemoryBound(to: Element.self)
  }

  /// How many elements the list holds.
  @inlinable var count: Int {
    get { Int(UnsafeRawPointer(header).load(as: Int32.self)) }
    nonmutating set {
      UnsafeMutableRawPointer(header).storeBytes(of: Int32(truncatingIfNeeded: newValue), as: Int32.self)
    }
  }

  @inlinable var isEmpty: Bool { count == 0 }

  /// The element at `index`, read and written in place.
  @inlinable subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      assert(index >= 0 && index < count, "element index out of range")
      return UnsafePointer(elements + index)
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      assert(index >= 0 && index < count, "element index out of range")
      return elements + index
    }
  }

  /// Adds `element` at the end.
  @inlinable mutating func append(_ element: Element) {
    let count = self.count
    if count == capacity { grow() }
    (elements + count).initialize(to: element)
    self.count = count &+ 1
  }

  /// Removes and returns the last element.
  @inlinable mutating func removeLast() -> Element {
    let count = self.count &- 1
    precondition(count >= 0, "removeLast from an empty list")
    self.count = count
    return (elements + count).move()
  }

  /// Doubles the capacity (one element at first: most consumers read one value, and most nodes have one observed
  /// consumer), moving the header and the elements: the first call gives a list memory, and a header, of its own.
  @inlinable @inline(never) mutating func grow() {
    let capacity = self.capacity
    precondition(capacity < Int(Int32.max) / 2, "more elements than a headered list holds")
    let newCapacity = capacity == 0 ? 1 : capacity &* 2
    let bytes = MemoryLayout<Header>.stride + newCapacity * MemoryLayout<Element>.stride
    let alignment = max(MemoryLayout<Header>.alignment, MemoryLayout<Element>.alignment)
    let newHeader = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: alignment)
      .bindMemory(to: Header.self, capacity: 1)
    newHeader.initialize(to: header.pointee)
    UnsafeMutableRawPointer(newHeader).storeBytes(of: Int32(newCapacity), toByteOffset: 4, as: Int32.self)
    UnsafeMutableRawPointer(newHeader + 1).bindMemory(to: Element.self, capacity: newCapacity)
      .moveInitialize(from: elements, count: count)
    if capacity != 0 { UnsafeMutableRawPointer(header).deallocate() }
    header = newHeader
  }

  /// Frees the memory (its owner's `deinit`; the elements are trivial): the list must not be used after.
  @inlinable func deallocate() {
    if hasOwnHeader { UnsafeMutableRawPointer(header).deallocate() }
  }
}

/// What a consumer read, in read order, after the state of its runs (see ``ConsumerState``).
@usableFromInline typealias DependencyList = HeaderedList<ConsumerState, DependencyEdge>

/// The observed consumers that read a node.
@usableFromInline typealias DependentList = HeaderedList<DependentsHeader, DependentEdge>

/// The state of a consumer's runs, at the head of its ``DependencyList`` (see ``ReactiveNode``): written only once
/// the consumer has memory of its own, which its first run gives it.
@usableFromInline
struct ConsumerState: ListHeader {
  @usableFromInline var count: Int32 = 0
  @usableFromInline var capacity: Int32 = 0
  /// How many of its dependencies the running run has confirmed, in order.
  @usableFromInline var runCursor: Int32 = 0
  /// The highest rank of the edges the running run added (a rank is below 2^31: the length of a path).
  @usableFromInline var runHighestRank: Int32 = 0
  /// The walk of ``ReactiveNode/refresh()`` that last found the consumer up to date.
  @usableFromInline var freshStamp: UInt = 0
  /// The write epoch at which the consumer, unobserved, was last found up to date (see ``trackedWrites``).
  @usableFromInline var checkedEpoch: Int = -1

  @usableFromInline init() {}

  @inlinable static var empty: UnsafeMutablePointer<ConsumerState> { emptyConsumerState }
}

/// The header of every node that never ran a computation.
@usableFromInline nonisolated(unsafe) let emptyConsumerState = UnsafeMutablePointer<ConsumerState>.allocate(
  capacity: 1, initializedTo: ConsumerState())

/// The count and capacity at the head of a ``DependentList``.
@usableFromInline
struct DependentsHeader: ListHeader {
  @usableFromInline var count: Int32 = 0
  @usableFromInline var capacity: Int32 = 0

  @usableFromInline init() {}

  @inlinable static var empty: UnsafeMutablePointer<DependentsHeader> { emptyDependentsHeader }
}

/// The header of every node no observed consumer ever read.
@usableFromInline nonisolated(unsafe) let emptyDependentsHeader = UnsafeMutablePointer<DependentsHeader>.allocate(
  capacity: 1, initializedTo: DependentsHeader())

extension UnsafeMutablePointer {
  /// Memory for `capacity` values, the first initialized to `value`: a shared header, made once.
  @inlinable static func allocate(capacity: Int, initializedTo value: Pointee) -> UnsafeMutablePointer<Pointee> {
    let pointer = allocate(capacity: capacity)
    pointer.initialize(to: value)
    return pointer
  }
}
