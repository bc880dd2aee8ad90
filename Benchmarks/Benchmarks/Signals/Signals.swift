// Delivery cost: sending values through subjects, operator chains and joins. One file per kind: Sends,
// Operators, Joins, FanOut; this one lists the suite.
//
// Each workload runs for Rill, the baseline (every closure Rill is given an opaque closure, stored once and called
// in an order written by hand; several alike in an immutable array called by index, which borrows each closure),
// straight-line code (the same work with no closures: the floor) and OpenCombine where it has the operation
// (0.14.0 has no combineLatest, so combine2 and diamond have no OpenCombine column, nor merge, so merge5 has
// none). Every subscriber adds what it receives into one `sink`; one iteration sends 1,000 values.

/// The suite, as the benchmark plugin's generated entry point expects it.
let benchmarks: @Sendable () -> Void = {
  for subscribers in [1, 10, 100] {
    send(subscribers: subscribers)
  }
  chain3()
  combine2()
  combineTransform(sources: 5)
  combineTransform(sources: 7)
  diamond()
  takeUntil()
  mergeFive()
  for sources in [10, 1000] {
    combineList(sources: sources)
  }
  for (name, joins) in [("fanout_combine_10", 10), ("fanout_combine_1000", 1_000), ("fanout_combine_10k", 10_000)] {
    fanoutCombine(name, joins: joins)
  }
}
