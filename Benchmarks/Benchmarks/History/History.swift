// History files: exporting and importing a store's recorded session, at 100,000 and 1,000,000 entries.
//
// One iteration is one whole export or import. The baseline is the live run the file
// records: the same number of dispatches to a store that records them (`.unbounded`), with one subscriber, so
// Rill ÷ baseline reads "what saving (or loading) a session costs, in live runs of that session". There is no
// OpenCombine column (it has no recorded history).

import Benchmark
import BenchmarkSupport
import Foundation
import RillStore

/// The suite, as the benchmark plugin's generated entry point expects it.
let benchmarks: @Sendable () -> Void = {
  for (entries, suffix) in [(100_000, "100k"), (1_000_000, "1m")] {
    historyExport(entries: entries, suffix: suffix)
    historyImport(entries: entries, suffix: suffix, walk: false)
    historyImport(entries: entries, suffix: suffix, walk: true)
  }
}

enum ClickAction: String, Codable {
  case click
}

func reduceClicks(_ state: inout Int, _ action: ClickAction) {
  state &+= 5
}

/// A store that recorded `entries` clicks, with one subscriber adding up the states into `sink`.
func recordedStore(entries: Int) -> Store<Int, ClickAction> {
  let store = Store(initialState: 0, reducer: Reducer(reduceClicks), recording: .unbounded)
  for _ in 0..<entries { store.dispatch(.click) }
  return store
}

/// Registers `"<workload>/<library>"` with one operation per iteration, its peak memory among the metrics.
func historyWorkload(_ workload: String, _ library: Library, _ body: @escaping (Benchmark) -> Void) {
  Benchmark(
    "\(workload)/\(library.rawValue)",
    configuration: .init(
      metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
      warmupIterations: 0,
      // One iteration is one export or import, whatever the factor (the body does not loop over
      // `scaledIterations`); .kilo keeps the throughput metric, which the JMH export compare.sh reads needs,
      // above zero when an iteration lasts over a second.
      scalingFactor: .kilo,
      maxDuration: .seconds(10),
      maxIterations: 10
    ),
    closure: body
  )
}

/// The live run: `entries` dispatches to a recording store with one subscriber.
func liveRun(_ benchmark: Benchmark, entries: Int) {
  var sink = 0
  let store = Store(initialState: 0, reducer: Reducer(reduceClicks), recording: .unbounded)
  let subscription = store.state.subscribe { sink &+= $0 }
  benchmark.startMeasurement()
  for _ in 0..<entries { store.dispatch(.click) }
  benchmark.stopMeasurement()
  blackHole(sink)
  blackHole(subscription)
}

/// history_export_<n>: `exportHistory()` of a store that recorded n clicks (the JSON a recording holds).
func historyExport(entries: Int, suffix: String) {
  let name = "history_export_\(suffix)"
  historyWorkload(name, .rill) { benchmark in
    let store = recordedStore(entries: entries)
    benchmark.startMeasurement()
    let data = try? store.exportHistory()
    benchmark.stopMeasurement()
    precondition(data != nil, "the export failed")
    blackHole(data)
  }
  historyWorkload(name, .baseline) { benchmark in liveRun(benchmark, entries: entries) }
}

/// history_import_<n>: `importHistory(_:)` of n clicks into a fresh store with one subscriber (which decodes
/// the file and computes the state, and a snapshot every 64 entries, from the initial state).
/// history_replay_<n> (`walk`): the same, then a walk through every step (`jump(to:)` 0, 1, …, n) with the
/// subscriber told each state, as `rill replay` does.
func historyImport(entries: Int, suffix: String, walk: Bool) {
  let name = "history_\(walk ? "replay" : "import")_\(suffix)"
  historyWorkload(name, .rill) { benchmark in
    guard let data = try? recordedStore(entries: entries).exportHistory() else { preconditionFailure("no export") }
    var sink = 0
    let store = Store(initialState: 0, reducer: Reducer(reduceClicks), recording: .unbounded)
    let subscription = store.state.subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    do {
      try store.importHistory(data)
    } catch {
      preconditionFailure("the import failed: \(error)")
    }
    if walk {
      for step in 0...entries { store.jump(to: step) }
    }
    benchmark.stopMeasurement()
    precondition(store.currentState == entries * 5, "the store ended on \(store.currentState)")
    blackHole(sink)
    blackHole(subscription)
  }
  historyWorkload(name, .baseline) { benchmark in liveRun(benchmark, entries: entries) }
}
