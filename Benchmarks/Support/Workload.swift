public import Benchmark

/// Who runs a workload. The name is the part after the slash in a benchmark's name, which compare.sh reads.
public enum Library: String, CaseIterable, Sendable {
  /// Rill, as a client package gets it: a default release build, no cross-module optimization flags.
  case rill = "Rill"
  /// Rill's tracked derived state, the JS frameworks' way: every derived node a `Computed` (cut off by `==`),
  /// every effect an `effect`, every head a `CurrentValueSubject` written with `.value =`.
  case computed = "Rill Computed"
  /// The tight hand-written version of the same design: every node and effect an opaque closure, stored once and
  /// called from a borrowed buffer in a topological order written by hand, no retain per call, nothing copied per
  /// write.
  case baseline = "baseline"
  /// Straight-line code: the same work written out in one function, no closures (the floor).
  case straightLine = "straight-line"
  /// OpenCombine 0.14.0, where it has the operation.
  case openCombine = "OpenCombine"
}

/// Registers the benchmark `"<workload>/<library>"` with the suite's metrics.
///
/// `body` does its setup, calls `benchmark.startMeasurement()`, runs `operations` operations (the measured
/// part), calls `benchmark.stopMeasurement()` and passes its result to `blackHole`.
///
/// - Parameters:
///   - operations: How many operations one iteration runs (`benchmark.scaledIterations`): `.kilo` for the
///     per-send workloads, `.one` when one iteration is one operation (a cancel_10k round). compare.sh divides
///     by the same numbers.
///   - maxIterations: A cap for slow variants, so the whole suite stays within a few minutes.
public func workload(
  _ workload: String,
  _ library: Library,
  operations: BenchmarkScalingFactor = .kilo,
  maxIterations: Int = 2_000,
  _ body: @escaping (Benchmark) -> Void
) {
  Benchmark(
    "\(workload)/\(library.rawValue)",
    configuration: .init(
      metrics: [.wallClock, .throughput, .mallocCountTotal],
      warmupIterations: 3,
      scalingFactor: operations,
      maxDuration: .milliseconds(1_500),
      maxIterations: maxIterations
    ),
    closure: body
  )
}

/// A small deterministic generator (SplitMix64), so the random cancel order is the same in every run and for
/// every library.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
