/// A first-in-first-out queue in a ring buffer: its memory follows the backlog, not the total ever queued.
///
/// A steady backlog of k items keeps O(k) slots however many items pass through, and the storage shrinks
/// after a burst: it halves when the backlog falls to a quarter of it, and when the queue empties it keeps
/// at most ``keptCapacity`` slots. Taken items are released at once.
///
/// Package-wide: the graph queues its sends in one, and `RillStore`'s dispatch loop its commands.
///
/// - Complexity: ``append(_:)`` and ``popFirst()`` are amortized O(1).
@usableFromInline
package struct FIFOQueue<Element> {
  /// The slots; the items are `count` slots from `head`, wrapping around. Empty slots are `nil`.
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline package var count = 0

  /// The most slots an empty queue keeps, so a steady trickle of queued items allocates no storage.
  @usableFromInline package static var keptCapacity: Int { 16 }

  @inlinable package init() {}

  @inlinable package var isEmpty: Bool { count == 0 }

  /// How many items the storage holds before it must grow.
  package var capacity: Int { storage.count }

  /// Adds `element` at the end.
  @inlinable package mutating func append(_ element: Element) {
    if count == storage.count { resize(to: Swift.max(8, 2 &* storage.count)) }
    var tail = head &+ count
    if tail >= storage.count { tail &-= storage.count }
    storage[tail] = element
    count &+= 1
  }

  /// Removes and returns the first item, or `nil` when the queue is empty.
  @inlinable package mutating func popFirst() -> Element? {
    guard count != 0 else { return nil }
    let element = storage[head].take()
    head &+= 1
    if head == storage.count { head = 0 }
    count &-= 1
    if count == 0 {
      head = 0
      if storage.count > Self.keptCapacity { storage = [] }
    } else if storage.count > Self.keptCapacity && count &* 4 <= storage.count {
      resize(to: storage.count / 2)
    }
    return element
  }

  /// Moves the items into fresh storage of `capacity` slots, in order from index 0.
  @usableFromInline mutating func resize(to capacity: Int) {
    var resized = ContiguousArray<Element?>()
    resized.reserveCapacity(capacity)
    var index = head
    for _ in 0..<count {
      resized.append(storage[index].take())
      index += 1
      if index == storage.count { index = 0 }
    }
    resized.append(contentsOf: repeatElement(nil, count: capacity - count))
    storage = resized
    head = 0
  }
}
