/// The effects a propagation marked, waiting for its joins and computeds to settle: taken in the order the effects
/// were created (rule 14), whatever order they were marked in.
///
/// A binary min-heap on the creation sequence: O(log n) to add or take, no scan, and its storage is kept between
/// propagations, so a steady-state propagation allocates nothing. Each entry holds its effect retained, so an
/// effect cancelled and freed while it waits is still there to be skipped.
@usableFromInline
struct EffectQueue {
  @usableFromInline var heap: ContiguousArray<(sequence: Int, effect: Unmanaged<ReactiveNode>)> = []

  @inlinable init() {}

  @inlinable var isEmpty: Bool { heap.isEmpty }

  /// Adds `node`, an effect, retaining it until it is taken.
  @usableFromInline mutating func push(_ node: ReactiveNode) {
    let sequence = unsafeDowncast(node, to: EffectNode.self).sequence
    var child = heap.count
    heap.append((sequence, .passRetained(node)))
    while child > 0 {
      let parent = (child &- 1) / 2
      guard heap[parent].sequence > sequence else { break }
      heap.swapAt(parent, child)
      child = parent
    }
  }

  /// Removes the earliest-created effect; the caller releases it.
  @usableFromInline mutating func pop() -> Unmanaged<ReactiveNode>? {
    guard !heap.isEmpty else { return nil }
    let first = heap[0].effect
    let last = heap.removeLast()
    guard !heap.isEmpty else { return first }
    heap[0] = last
    var parent = 0
    let count = heap.count
    while true {
      var child = 2 &* parent &+ 1
      guard child < count else { break }
      if child &+ 1 < count && heap[child &+ 1].sequence < heap[child].sequence { child &+= 1 }
      guard heap[child].sequence < heap[parent].sequence else { break }
      heap.swapAt(parent, child)
      parent = child
    }
    return first
  }

  /// Moves every effect of `other` here, leaving it empty.
  @usableFromInline mutating func absorb(_ other: inout EffectQueue) {
    for entry in other.heap {
      let node = entry.effect.takeUnretainedValue()
      push(node)
      entry.effect.release()
    }
    other.heap = []
  }
}

extension Graph {
  /// Runs the effects this propagation marked, earliest created first; called when no join or computed is left
  /// to settle. An effect's writes are queued (rule 5), so running effects marks no other.
  func runEffects() {
    while let effect = effects.pop() {
      effect._withUnsafeGuaranteedRef { unsafeDowncast($0, to: EffectNode.self).runScheduled() }
      effect.release()
    }
  }
}
