import AllocationCounter
public import Testing

/// The heap allocations made on this thread while `body` runs (malloc, calloc, realloc and the aligned
/// allocators, counted by the test-only C counter).
///
/// ```swift
/// let count = allocations { for value in 0..<1_000 { subject.send(value) } }
/// #expect(count == 0)
/// ```
public func allocations(during body: () throws -> Void) rethrows -> UInt64 {
  let before = rill_allocations_on_this_thread()
  try body()
  return rill_allocations_on_this_thread() - before
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only in builds that count allocations: a sanitizer brings its own malloc, which the
  /// counter cannot see.
  public static var allocationsCounted: Self {
    .enabled(if: rill_allocation_counting_available(), "heap allocations are not counted under a sanitizer")
  }
}
