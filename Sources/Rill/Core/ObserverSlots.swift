// A signal's observer slots: one inline in the signal, or, from the second observer on, all of them in a list the
// inline slot points to.

/// The slots of a signal's observers, in subscription order, indexed from 0 (see ``ObserverSlot``). Not generic: a
/// slot holds its observer untyped, so a signal's unspecialized code (its `deinit`) runs it with no metadata look-up.
///
/// Most signals have one observer — a subscriber, or the edge to the node below — so that slot lives in the signal
/// itself, in the two words every signal has for its slots. A node of a chain is then one heap block, connected with
/// no allocation and freed with one `free`. A second observer moves the slots to a list of their own (a header and
/// the slots, in one block): the inline slot then marks the list and holds its address, and every slot, 0 included,
/// is in the list, which keeps its memory while the signal lives (observers that come and go allocate once).
///
/// Slot indices mean what they meant in one array: a subscription or an edge keeps its slot's index, compaction moves
/// slots towards the front, and a tombstone is a slot like any other. With no slot at all, the inline slot is
/// ``ObserverSlot/absent``.
@usableFromInline
struct ObserverSlots: RandomAccessCollection, MutableCollection {
  /// The one slot, ``ObserverSlot/absent``, or the list's marker (see ``isList``).
  @usableFromInline var inline: ObserverSlot = .absent

  @inlinable init() {}

  // MARK: The list

  /// The list's header: how many slots it holds and has room for. The slots follow it.
  @usableFromInline
  struct ListHeader {
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    @inlinable init(count: Int, capacity: Int) {
      self.count = count
      self.capacity = capacity
    }
  }

  /// The slots of the list start this far after its header.
  @inlinable static var listSlotsOffset: Int { MemoryLayout<ListHeader>.stride }

  /// The observer bits of the inline slot while the slots are in a list: an address no object has.
  @inlinable static var listMarker: UInt { 1 }

  /// Whether the slots are in a list (from the second observer on).
  @inlinable var isList: Bool {
    @inline(__always) get { UInt(bitPattern: inline.observer?.toOpaque()) == Self.listMarker }
  }

  /// The list's header (only while ``isList``).
  @inlinable var listHeader: UnsafeMutablePointer<ListHeader> {
    @inline(__always) get {
      UnsafeMutableRawPointer(inline.subscription.unsafelyUnwrapped.toOpaque()).assumingMemoryBound(to: ListHeader.self)
    }
  }

  /// The list's slots (only while ``isList``).
  @inlinable var listSlots: UnsafeMutablePointer<ObserverSlot> {
    @inline(__always) get {
      (UnsafeMutableRawPointer(listHeader) + Self.listSlotsOffset).assumingMemoryBound(to: ObserverSlot.self)
    }
  }

  /// Moves the slots to a new list with room for `capacity` (more than the slots there are), freeing the old one.
  @inlinable mutating func moveToList(capacity: Int) {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: Self.listSlotsOffset + capacity * MemoryLayout<ObserverSlot>.stride,
      alignment: MemoryLayout<ObserverSlot>.alignment)
    let header = memory.bindMemory(to: ListHeader.self, capacity: 1)
    let slots = (memory + Self.listSlotsOffset).bindMemory(to: ObserverSlot.self, capacity: capacity)
    if isList {
      let old = listHeader
      slots.moveInitialize(from: listSlots, count: old.pointee.count)
      header.initialize(to: ListHeader(count: old.pointee.count, capacity: capacity))
      UnsafeMutableRawPointer(old).deallocate()
    } else {
      slots.initialize(to: inline)
      header.initialize(to: ListHeader(count: 1, capacity: capacity))
    }
    inline = ObserverSlot(
      observer: .fromOpaque(UnsafeRawPointer(bitPattern: Self.listMarker).unsafelyUnwrapped),
      subscription: .fromOpaque(memory))
  }

  /// Frees the list, if there is one (the signal's `deinit`, after ``releaseObservers()``).
  @inlinable mutating func deallocate() {
    if isList { UnsafeMutableRawPointer(listHeader).deallocate() }
    inline = .absent
  }

  // MARK: The collection

  @inlinable var startIndex: Int { 0 }

  @inlinable var endIndex: Int { count }

  /// How many slots there are, tombstones included.
  @inlinable var count: Int {
    @inline(__always) get {
      if isList { return listHeader.pointee.count }
      return inline.isAbsent ? 0 : 1
    }
  }

  @inlinable var isEmpty: Bool { count == 0 }

  @inlinable func index(after index: Int) -> Int { index &+ 1 }

  @inlinable func index(before index: Int) -> Int { index &- 1 }

  /// The slot at `index`.
  @inlinable subscript(index: Int) -> ObserverSlot {
    @inline(__always) get {
      assert(index >= 0 && index < count, "Rill: slot index out of range")
      return isList ? listSlots[index] : inline
    }
    // A setter, not a `_modify` coroutine: called out of line, a coroutine allocated its frame (callgrind's churn).
    @inline(__always) set {
      assert(index >= 0 && index < count, "Rill: slot index out of range")
      if isList {
        listSlots[index] = newValue
      } else {
        inline = newValue
      }
    }
  }

  /// Adds `slot` at the end.
  @inlinable mutating func append(_ slot: ObserverSlot) {
    if !isList {
      if inline.isAbsent {
        inline = slot
        return
      }
      moveToList(capacity: 2)
    } else if listHeader.pointee.count == listHeader.pointee.capacity {
      moveToList(capacity: listHeader.pointee.capacity * 2)
    }
    let header = listHeader
    (listSlots + header.pointee.count).initialize(to: slot)
    header.pointee.count += 1
  }

  /// Removes the last slot.
  @inlinable @inline(__always) mutating func removeLast() {
    removeLast(1)
  }

  /// Removes the last `k` slots.
  @inlinable @inline(__always) mutating func removeLast(_ k: Int) {
    assert(k >= 0 && k <= count, "Rill: removing more slots than there are")
    if isList {
      listHeader.pointee.count -= k
    } else if k > 0 {
      inline = .absent
    }
  }

  /// Removes the tombstones at the end, if any.
  @inlinable @inline(__always) mutating func removeTrailingTombstones() {
    if isList {
      let header = listHeader
      let slots = listSlots
      while header.pointee.count > 0 && slots[header.pointee.count &- 1].observer == nil { header.pointee.count -= 1 }
    } else if inline.observer == nil {
      inline = .absent
    }
  }

  /// Releases every slot's observer (the signal's `deinit`).
  @inlinable func releaseObservers() {
    if isList {
      for index in 0..<listHeader.pointee.count { listSlots[index].observer?.release() }
    } else {
      inline.observer?.release()
    }
  }
}
