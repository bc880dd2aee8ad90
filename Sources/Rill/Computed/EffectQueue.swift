/// The effects a propagation marked, waiting for its joins and computeds to settle: taken in the order the effects
/// were created (rule 14), whatever order they were marked in.
///
/// Effects are nearly always marked in creation order (they are created in the order of what they read): while
/// they are, the queue is a plain first-in-first-out list, O(1) to add and take. The first one marked out of order
/// turns what is waiting into a binary min-heap on the creation sequence, O(log n) to add or take, until the queue
/// is empty again. No scan, and the memory is kept between propagations, so a steady-state propagation allocates
/// nothing. An entry does not retain its effect: an effect keeps itself alive while it lives, and one disposed
/// while it waits keeps itself until its turn (see ``EffectNode/dispose()``).
@usableFromInline
struct EffectQueue: ~Copyable {
  @usableFromInline var entries = PlainList<(sequence: Int, effect: Unmanaged<ReactiveNode>)>()
  /// Where the first-in-first-out queue starts; 0 while a heap.
  @usableFromInline var head = 0
  /// Whether `entries` from `head` on are in creation order; otherwise they are a heap.
  @usableFromInline var isInOrder = true

  @inlinable init() {}

  // Inlinable, as `PendingSettles`' (a compiler crash otherwise).
  @inlinable deinit {
    entries.deallocateForDeinit()
  }

  @inlinable var isEmpty: Bool { entries.count == head }

  /// The creation sequence of the effect ``pop()`` takes next, or `nil` when none waits.
  @inlinable var firstSequence: Int? {
    // In order, the first is at `head`; a heap has `head` 0 and its least at the root.
    entries.count == head ? nil : entries[head].sequence
  }

  /// Adds `node`, an effect.
  @usableFromInline @inline(never) mutating func push(_ node: ReactiveNode) {
    let sequence = unsafeDowncast(node, to: EffectNode.self).sequence
    let entry = (sequence: sequence, effect: Unmanaged<ReactiveNode>.passUnretained(node))
    if isInOrder {
      if entries.count == head || entries[entries.count &- 1].sequence < sequence {
        entries.append(entry)
        return
      }
      makeHeap()
    }
    var child = entries.count
    entries.append(entry)
    while child > 0 {
      let parent = (child &- 1) / 2
      guard entries[parent].sequence > sequence else { break }
      entries[child] = entries[parent]
      child = parent
    }
    entries[child] = entry
  }

  /// Turns the waiting entries into a heap (they are sorted, which is a heap once the taken ones are gone).
  @usableFromInline mutating func makeHeap() {
    if head > 0 {
      var index = head
      while index < entries.count {
        entries[index &- head] = entries[index]
        index &+= 1
      }
      while entries.count > index &- head { _ = entries.removeLast() }
      head = 0
    }
    isInOrder = false
  }

  /// Removes the earliest-created effect.
  @usableFromInline mutating func pop() -> Unmanaged<ReactiveNode>? {
    if isInOrder {
      guard head < entries.count else { return nil }
      let first = entries[head].effect
      head &+= 1
      if head == entries.count {
        entries.removeAll()
        head = 0
      }
      return first
    }
    return popFromHeap()
  }

  /// ``pop()`` while the queue is a heap.
  @usableFromInline mutating func popFromHeap() -> Unmanaged<ReactiveNode>? {
    guard !entries.isEmpty else { return nil }
    let first = entries[0].effect
    let last = entries.removeLast()
    if entries.isEmpty {
      isInOrder = true
      return first
    }
    var parent = 0
    let count = entries.count
    while true {
      var child = 2 &* parent &+ 1
      guard child < count else { break }
      if child &+ 1 < count && entries[child &+ 1].sequence < entries[child].sequence { child &+= 1 }
      guard entries[child].sequence < last.sequence else { break }
      entries[parent] = entries[child]
      parent = child
    }
    entries[parent] = last
    return first
  }

  /// Moves every effect of `other` here, leaving it empty.
  @usableFromInline mutating func absorb(_ other: inout EffectQueue) {
    while let effect = other.pop() {
      push(effect.takeUnretainedValue())
    }
  }
}

extension Graph {
  /// Runs the effects this propagation marked, earliest created first; called when no join or computed is left
  /// to settle. An effect's writes are queued (rule 5), so running effects marks no other.
  func runEffects() {
    while let effect = effects.pop() {
      effect._withUnsafeGuaranteedRef { unsafeDowncast($0, to: EffectNode.self).runScheduled() }
    }
  }
}
