#if canImport(Darwin) || RILL_PORTABLE_ATOMICS
  // The core's few atomics on Apple platforms (see <doc:Availability>).
  //
  // `Synchronization.Atomic` and `AtomicLazyReference` first shipped in macOS 15 / iOS 18 / tvOS 18 /
  // watchOS 11 / visionOS 2, and a stored property cannot be marked `@available`, so the core cannot use them
  // on the older systems it supports. On Apple platforms it uses these instead: the standard library's runtime
  // atomics (sequentially consistent, in every Swift runtime), on a word of their own on the heap. Linux keeps
  // `Synchronization` (its Swift runtime ships with the toolchain). Build with `-Xswiftc -DRILL_PORTABLE_ATOMICS`
  // to run the tests on these types on Linux.

  /// The orderings the core asks for; these atomics are sequentially consistent, which is at least as strong
  /// as each.
  @usableFromInline enum AtomicWordOrdering {
    case relaxed, acquiring, releasing
  }

  /// A word-sized integer that any thread reads and changes atomically: a stand-in for
  /// `Synchronization.Atomic<Int>` with the same methods, on one word of its own on the heap.
  @usableFromInline struct AtomicWord: ~Copyable, @unchecked Sendable {
    @usableFromInline let word: UnsafeMutablePointer<Int>

    @usableFromInline init(_ value: Int) {
      word = .allocate(capacity: 1)
      word.initialize(to: value)
    }

    deinit { word.deallocate() }

    /// The current value.
    @inlinable func load(ordering _: AtomicWordOrdering) -> Int {
      _swift_stdlib_atomicLoadInt(object: word)
    }

    /// Adds `delta` and returns the old and new values (wrapping around on overflow).
    @inlinable @discardableResult
    func wrappingAdd(_ delta: Int, ordering _: AtomicWordOrdering) -> (oldValue: Int, newValue: Int) {
      let old = _swift_stdlib_atomicFetchAddInt(object: word, operand: delta)
      return (old, old &+ delta)
    }

    /// Adds `delta`.
    @inlinable func add(_ delta: Int, ordering: AtomicWordOrdering) {
      wrappingAdd(delta, ordering: ordering)
    }

    /// Subtracts `delta`.
    @inlinable func subtract(_ delta: Int, ordering: AtomicWordOrdering) {
      wrappingAdd(0 &- delta, ordering: ordering)
    }
  }

  /// A flag and a reference set at most once, in one allocation of two words: a stand-in for an
  /// `Atomic<Bool>` next to an `AtomicLazyReference`, for the inbox of ``ForeignReleases``.
  @usableFromInline struct FlagAndLazyReference<Instance: AnyObject>: ~Copyable, @unchecked Sendable {
    /// The flag (0 or 1), then the reference (retained, or nil).
    @usableFromInline let words: UnsafeMutableRawPointer

    @usableFromInline init() {
      words = .allocate(byteCount: 2 * MemoryLayout<Int>.stride, alignment: MemoryLayout<Int>.alignment)
      words.initializeMemory(as: Int.self, repeating: 0, count: 1)
      reference.initialize(to: nil)
    }

    deinit {
      reference.deinitialize(count: 1)
      words.deallocate()
    }

    /// The flag's word.
    @inlinable var flag: UnsafeMutablePointer<Int> { words.assumingMemoryBound(to: Int.self) }

    private var reference: UnsafeMutablePointer<Instance?> {
      (words + MemoryLayout<Int>.stride).assumingMemoryBound(to: Instance?.self)
    }

    /// Whether the flag is set.
    @inlinable func loadFlag(ordering _: AtomicWordOrdering) -> Bool {
      _swift_stdlib_atomicLoadInt(object: flag) != 0
    }

    /// Sets or clears the flag.
    @inlinable func storeFlag(_ value: Bool, ordering _: AtomicWordOrdering) {
      if value {
        _ = _swift_stdlib_atomicFetchOrInt(object: flag, operand: 1)
      } else {
        _ = _swift_stdlib_atomicFetchAndInt(object: flag, operand: 0)
      }
    }

    /// The reference, if one was stored (read with acquiring ordering).
    func loadReference() -> Instance? {
      _stdlib_atomicAcquiringLoadARCRef(object: reference)?.takeUnretainedValue()
    }

    /// Stores `desired` if no reference is stored yet, and returns the stored reference: `desired`, or the one
    /// another thread stored first.
    func storeReferenceIfNil(_ desired: consuming Instance) -> Instance {
      _stdlib_atomicAcquiringInitializeARCRef(object: reference, desired: desired).takeUnretainedValue()
    }
  }
#endif
