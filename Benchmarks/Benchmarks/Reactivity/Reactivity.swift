// The reactivity benchmark: the "kairo" cases of js-reactivity-benchmark and the cellx layers, ported to Rill.
// One file per case, each with its three sides:
//
// - Rill: the graph of the JS original (same nodes, same edges, same values written). A writable head is a
//   `CurrentValueSubject` (a JS `signal(0)` has a value from the start), a derived node a `map` or a `combine`,
//   an effect a subscriber that adds what it receives into `sink`; effects run once when they are created, as
//   in the JS frameworks. `sink` is a captured `var`, as in the other suites and in an app: each effect pays a
//   dynamic exclusivity check (about 90 instructions with Swift 6.3) on the Rill and baseline sides alike.
// - baseline: the tight library-less version of the same design. Every node and every effect is one opaque
//   closure (`opaque`, so the compiler cannot fuse the graph), stored once, in one array per role (a struct of
//   arrays: nothing is copied per write), and called in a topological order written by hand, with an `==`
//   where the case has an equality cut-off. No graph, no scheduling, no subscriptions.
// - straight-line: the same work written out as plain code in one function, no closures: the floor. The
//   function is not inlined into the measured loop, so the optimizer cannot fold the writes of an iteration
//   into one formula; within one write it may simplify what it likes (that is what plain code gets).
//
// After the measurement each run checks its `sink` against a plain loop that computes the same values
// (`expect`), so every side provably did the same work.
//
// One operation is one write to a head (1,000 per iteration; one per iteration for broad and mux, whose writes
// take microseconds), except cellx, where it is one full update of the 1,000 layers.

import Benchmark
import BenchmarkSupport

/// The suite, as the benchmark plugin's generated entry point expects it.
let benchmarks: @Sendable () -> Void = {
  deep()
  broad()
  diamond()
  triangle()
  mux()
  repeated()
  unstable()
  avoidable()
  // Two sizes: per layer, an update of 100 layers stays in the cache, one of 1,000 does not.
  cellx(layers: 100)
  cellx(layers: 1_000)
  // Computed alone: what a read costs, and a fan-out at two sizes.
  computedReads()
  asyncComputedWorkloads()
  computedFanOut(count: 10)
  computedFanOut(count: 10_000)
}

/// Stops the run when a library's effects did not receive what the reference computation says they must.
func expect(_ sink: Int, _ expected: Int, _ workload: String, _ library: Library) {
  precondition(sink == expected, "\(workload)/\(library.rawValue): sink \(sink), expected \(expected)")
}

/// A derived node of a baseline with one input. A closure stored in a struct field keeps its own calling
/// convention; stored directly as an array's element (a generic parameter) it would be wrapped in a thunk that
/// passes its argument and result through memory, one more call per node.
struct Step {
  let run: (Int) -> Int
}

/// A derived node of a baseline with two inputs.
struct Step2 {
  let run: (Int, Int) -> Int
}

/// A derived node of a baseline over the latest values of all its inputs (a `combine` of an array).
struct Join {
  let run: (UnsafeBufferPointer<Int>) -> Int
}

/// An effect of a baseline.
struct Effect {
  let run: (Int) -> Void
}

/// Hides where `value` comes from, so the optimizer cannot inline a baseline's closures into its writes.
///
/// The baselines call their closures by index from arrays held in `let`s: the compiler borrows such an array, so
/// a call retains nothing. (A closure read through `withUnsafeBufferPointer` or a `Span` is copied, a retain and
/// a release per call, with Swift 6.3.)
@_optimize(none)
func opaque<T>(_ value: T) -> T {
  value
}
