import AsyncWorkloads
import Benchmark
import BenchmarkSupport

/// Async derived state (issue 33), timed: `async_restart` (a write while the last write's work is suspended: its
/// task cancelled, a new one started) and `async_complete` (a write and its work's completion), for an
/// `AsyncComputed` (Rill Computed), `map(.latest)` (Rill) and a hand-written task and state (the baseline); see
/// Tools/AsyncWorkloads. One iteration is 1,000 writes, on the main actor; it includes making the computed (or
/// the pipeline, or the model) once.
func asyncComputedWorkloads() {
  guard #available(macOS 26, *) else { return }
  for (name, restartsOnly) in [("async_restart", true), ("async_complete", false)] {
    for (library, side) in [(Library.computed, AsyncSide.computed), (.rill, .rill), (.baseline, .baseline)] {
      Benchmark(
        "\(name)/\(library.rawValue)",
        configuration: .init(
          metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 3, scalingFactor: .kilo,
          maxDuration: .milliseconds(1_500), maxIterations: 200)
      ) { @MainActor benchmark in
        benchmark.startMeasurement()
        let sink = await asyncSink(
          restartsOnly: restartsOnly, side: side, operations: benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
        blackHole(sink)
      }
    }
  }
}
