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

    /// Sets the word to 1 (`true`) or 0 (`false`): for a flag, the only values it holds.
    @inlinable func storeFlag(_ value: Bool, ordering _: AtomicWordOrdering) {
      if value {
        _ = _swift_stdlib_atomicFetchOrInt(object: word, operand: 1)
      } else {
        _ = _swift_stdlib_atomicFetchAndInt(object: word, operand: 0)
      }
    }
  }

  /// A reference set at most once, by whichever thread comes first: a stand-in for
  /// `Synchronization.AtomicLazyReference` with the same methods, on one word of its own on the heap.
  struct LazyReference<Instance: AnyObject>: ~Copyable, @unchecked Sendable {
    @usableFromInline let word: UnsafeMutablePointer<Instance?>

    init() {
      word = .allocate(capacity: 1)
      word.initialize(to: nil)
    }

    deinit {
      word.deinitialize(count: 1)
      word.deallocate()
    }

    /// The reference, if one was stored (read with acquiring ordering).
    func load() -> Instance? {
      _stdlib_atomicAcquiringLoadARCRef(object: word)?.takeUnretainedValue()
    }

    /// Stores `desired` if no reference is stored yet, and returns the stored reference: `desired`, or the one
    /// another thread stored first.
    func storeIfNil(_ desired: consuming Instance) -> Instance {
      _stdlib_atomicAcquiringInitializeARCRef(object: word, desired: desired).takeUnretainedValue()
    }
  }
#endif
