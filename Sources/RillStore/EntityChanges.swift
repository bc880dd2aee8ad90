#if canImport(Darwin) || RILL_PORTABLE_ATOMICS
  /// Counts every change of every entity table in the process, in a word of its own: `Synchronization.Atomic`
  /// needs macOS 15 / iOS 18, so Apple platforms use the standard library's runtime atomics (as the core
  /// does, see Rill's `AtomicWord.swift`). On 32-bit watchOS (arm64_32) the count wraps after 2³² changes.
  nonisolated(unsafe) private let entityChangeStamps: UnsafeMutablePointer<Int> = {
    let word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    word.initialize(to: 0)
    return word
  }()

  /// A stamp no change of any entity table had before: a table's revision is the stamp of its last change,
  /// so two tables with one revision hold the same models (a copy, never changed since).
  @usableFromInline func nextEntityChangeStamp() -> UInt64 {
    UInt64(UInt(bitPattern: _swift_stdlib_atomicFetchAddInt(object: entityChangeStamps, operand: 1) &+ 1))
  }
#else
  import Synchronization

  /// Counts every change of every entity table in the process.
  private let entityChangeStamps = Atomic<UInt64>(0)

  /// A stamp no change of any entity table had before: a table's revision is the stamp of its last change,
  /// so two tables with one revision hold the same models (a copy, never changed since).
  @usableFromInline func nextEntityChangeStamp() -> UInt64 {
    entityChangeStamps.wrappingAdd(1, ordering: .relaxed).newValue
  }
#endif

/// The recent changes of an entity table: which ids changed, each with its stamp, in order.
///
/// It keeps at most `2 × capacity` changes (the oldest `capacity` are dropped at once when it is full), so
/// a long-running table's memory stays flat; a reader that is further behind is told "unknown" and
/// compares instead. It is not part of the table's value: equality and coding ignore it.
@usableFromInline
struct EntityChanges<ID: Hashable> {
  @usableFromInline
  struct Change {
    @usableFromInline let stamp: UInt64
    @usableFromInline let id: ID

    @inlinable init(stamp: UInt64, id: ID) {
      self.stamp = stamp
      self.id = id
    }
  }

  /// How many changes are kept at least, once as many have happened.
  @usableFromInline static var capacity: Int { 256 }

  /// The changes kept, oldest first; stamps increase.
  @usableFromInline var recent: ContiguousArray<Change> = []
  /// The stamp of the last change, 0 for a table that never changed (an empty one).
  @usableFromInline var latest: UInt64 = 0
  /// Whether older changes were dropped (so revision 0 can no longer be read from).
  @usableFromInline var isTrimmed = false

  @inlinable init() {}

  /// Records that the model of `id` changed (inserted, updated or removed).
  @inlinable mutating func record(_ id: ID) {
    let stamp = nextEntityChangeStamp()
    if recent.count == 2 * Self.capacity {
      recent.removeFirst(Self.capacity)
      isTrimmed = true
    }
    recent.append(Change(stamp: stamp, id: id))
    latest = stamp
  }

  /// The changes after `revision`, in order (an id can repeat), or `nil` when they are unknown: `revision`
  /// is not one of this table's past revisions (time travel, an import, or a copy changed separately), or
  /// is too old to be kept.
  ///
  /// - Complexity: O(changes since `revision`) when known; O(log kept changes) otherwise.
  @inlinable func changes(since revision: UInt64) -> ArraySlice<Change>? {
    if revision == latest { return recent[recent.endIndex...] }
    if revision == 0 { return isTrimmed ? nil : recent[...] }
    // Stamps increase: a binary search finds `revision`.
    var low = recent.startIndex
    var high = recent.endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if recent[middle].stamp < revision {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < recent.endIndex, recent[low].stamp == revision else { return nil }
    return recent[(low + 1)...]
  }
}

extension EntityChanges: Sendable where ID: Sendable {}
extension EntityChanges.Change: Sendable where ID: Sendable {}
