// The reactivity benchmark: the "kairo" cases of js-reactivity-benchmark and the cellx layers, ported to Rill.
//
// Each case builds the graph of the JS original (same nodes, same edges, same values written) twice: in Rill,
// and as the hand-written limit, which keeps every node and every effect as one plain closure, called in a
// fixed topological order written by hand (no graph, no scheduling, no subscriptions), with an `==` where the
// case needs an equality cut-off. A writable head is a `CurrentValueSubject` (a JS `signal(0)` has a value
// from the start), a derived node a `map` or a `combine`, an effect a subscriber that adds what it receives
// into `sink`; effects run once when they are created, as in the JS frameworks. After the measurement each run
// checks its `sink` against a plain loop that computes the same values (`expect`), so both sides provably did
// the same work.
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
}

/// Stops the run when a library's effects did not receive what the reference computation says they must.
func expect(_ sink: Int, _ expected: Int, _ workload: String, _ library: Library) {
  precondition(sink == expected, "\(workload)/\(library.rawValue): sink \(sink), expected \(expected)")
}
