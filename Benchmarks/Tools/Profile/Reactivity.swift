// The Reactivity suite's setups (Benchmarks/Reactivity), for instruction profiles, with the suite's four sides:
// Rill (operators), Rill Computed (`Computed` and `effect`, as the JS originals), the tight baseline (every node and effect an opaque closure, stored once in one array per role, called
// by index from arrays held in `let`s in a topological order written by hand: no retain per call, nothing copied
// per write) and straight-line code (one non-inlined function per write, no closures: the floor). The kairo cases
// run `operations` writes, cellx_<layers> runs `operations` full updates of a graph built first. Each side builds
// its graph and runs its effects once at creation, as the suite does.
//
// With REACTIVITY_CHECK=1 in the environment, a run also computes every side of the workload and stops unless
// their sinks agree (the suite checks each side against a reference; this keeps the copies here honest). Leave it
// unset when counting instructions.

import Foundation
import RillStore

/// A derived node of a baseline with one input: a closure in a struct field keeps its own calling convention (as
/// an array's element it would be wrapped in a thunk that passes its argument and result through memory).
struct Step {
  let run: (Int) -> Int
}

/// A derived node of a baseline with two inputs.
struct Step2 {
  let run: (Int, Int) -> Int
}

/// A derived node of a baseline over the latest values of all its inputs.
struct Join {
  let run: (UnsafeBufferPointer<Int>) -> Int
}

/// An effect of a baseline.
struct Effect {
  let run: (Int) -> Void
}

/// kairo_mux's node of all the heads' values, in the baseline: it records a head's new value.
struct MuxNode {
  let record: (_ head: Int, _ value: Int) -> Void
}

/// The `number`-th write of kairo_mux: rounds of 20, heads 0…9 get their index, then twice it (head 0 always gets
/// 0: an equal write).
func muxWrite(_ number: Int) -> (head: Int, value: Int) {
  let position = number % 20
  let head = position % 10
  return (head, position < 10 ? head : 2 &* head)
}

/// The four cells of one cellx layer.
struct Cells {
  var prop1: Int
  var prop2: Int
  var prop3: Int
  var prop4: Int

  /// The cellx rule: each layer's cells from the layer above.
  func next() -> Cells {
    Cells(prop1: prop2, prop2: prop1 &- prop3, prop3: prop2 &+ prop4, prop4: prop3)
  }
}

/// The start cells of cellx's updates, which alternate: the graph is built with the first, update 0 writes the
/// second.
let cellxStarts = [
  Cells(prop1: 1, prop2: 2, prop3: 3, prop4: 4), Cells(prop1: 4, prop2: 3, prop3: 2, prop4: 1),
]

/// The computeds of `fanout_computed_<count>` (one subject read by `count` computeds, each with a subscriber; one
/// operation is one write), or nil for another workload.
func fanOutCount(_ workload: String) -> Int? {
  workload.hasPrefix("fanout_computed_") ? size(of: workload) : nil
}

/// What `fanout_computed_<count>`'s subscribers add up over `operations` writes (0, 1, …): every node changes at
/// every write, on every side.
func fanOutSink(count: Int, operations: Int) -> Int {
  (0..<operations).reduce(0) { $0 &+ count &* $1 &+ count &* (count &- 1) / 2 }
}

/// The layers of `cellx_<layers>`, or nil for another workload.
func cellxLayers(_ workload: String) -> Int? {
  workload.hasPrefix("cellx_") ? Int(workload.dropFirst("cellx_".count)) : nil
}

/// Sets a Reactivity workload up for Rill or the baseline and runs `operations` operations; returns false for
/// a workload of another suite.
func runReactivity(_ workload: String, side: Side, operations: Int) -> Bool {
  guard let sink = reactivitySink(workload, side: side, operations: operations) else { return false }
  blackHole(sink)
  checkReactivity(workload, side: side, operations: operations, sink: sink)
  return true
}

/// The straight-line form of a Reactivity workload; returns false for one that has none.
func runStraightLineReactivity(_ workload: String, operations: Int) -> Bool {
  runReactivity(workload, side: .straightLine, operations: operations)
}

/// With REACTIVITY_CHECK=1, stops unless every side of `workload` ends with the same sink; the Computed side's,
/// whose equality cut-offs skip the effects of unchanged values, must be that of ``computedReference(_:operations:)``.
private func checkReactivity(_ workload: String, side: Side, operations: Int, sink: Int) {
  guard ProcessInfo.processInfo.environment["REACTIVITY_CHECK"] == "1" else { return }
  if side == .computed {
    let expected = computedReference(workload, operations: operations)
    precondition(expected == sink, "\(workload): Rill Computed \(sink), expected \(String(describing: expected))")
    print("\(workload) \(operations): the Computed side's sink is \(sink), as the cut-offs say")
    return
  }
  for other in [Side.rill, .baseline, .straightLine] {
    let otherSink = reactivitySink(workload, side: other, operations: operations)
    precondition(
      otherSink == sink, "\(workload): \(side.rawValue) \(sink), \(other.rawValue) \(String(describing: otherSink))")
  }
  print("\(workload) \(operations): every side's sink is \(sink)")
}

/// Runs `workload` for `side` and returns what its effects added up, or nil for a workload of another suite.
private func reactivitySink(_ workload: String, side: Side, operations: Int) -> Int? {
  switch side {
  case .rill: rillSink(workload, operations: operations)
  case .computed: computedSink(workload, operations: operations)
  case .baseline: baselineSink(workload, operations: operations)
  case .straightLine: straightLineSink(workload, operations: operations)
  }
}

/// kairo_repeated's node: 30 reads of the head, added up (a Rill node receives the head's value once, so the reads
/// are reads of that value). Rill and the baseline call this same closure.
func readRepeatedly(_ value: Int) -> Int {
  var result = 0
  for _ in 0..<30 { result &+= value }
  return result
}
