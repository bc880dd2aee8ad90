// The async workloads for callgrind.sh (`async_restart`, `async_complete`): see Tools/AsyncWorkloads.

import AsyncWorkloads
import Foundation

/// Runs an async workload on the main actor, then exits the process; returns false (at once) for any other workload
/// or for the straight-line side, which has no form of it.
func runAsyncWorkload(_ workload: String, side: Side, operations: Int) -> Bool {
  guard workload == "async_restart" || workload == "async_complete" else { return false }
  let asyncSide: AsyncSide
  switch side {
  case .computed: asyncSide = .computed
  case .rill: asyncSide = .rill
  case .baseline: asyncSide = .baseline
  case .straightLine: return false
  }
  guard #available(macOS 26, *) else { return false }
  Task { @MainActor in
    let sink = await asyncSink(restartsOnly: workload == "async_restart", side: asyncSide, operations: operations)
    blackHole(sink)
    exit(0)
  }
  // The main thread drains the main queue itself: `dispatchMain()` would hand it to a worker thread, whose start
  // valgrind 3.19 does not survive here.
  while true { RunLoop.main.run(until: .distantFuture) }
}
