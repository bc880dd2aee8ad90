// The Reactivity workloads as straight-line code, the floor: one non-inlined function per write, no closures
// (Reactivity.swift says how they are run).

import RillStore

/// Runs `workload` as straight-line code and returns what it added up, or nil for another suite's.
func straightLineSink(_ workload: String, operations: Int) -> Int? {
  var sink = 0
  switch workload {
  case "kairo_deep":
    deepStraightLine(0, &sink)
    for value in 0..<operations { deepStraightLine(value, &sink) }
  case "kairo_broad":
    broadStraightLine(0, &sink)
    for value in 0..<operations { broadStraightLine(value, &sink) }
  case "kairo_diamond":
    diamondStraightLine(0, &sink)
    for value in 0..<operations { diamondStraightLine(value, &sink) }
  case "kairo_triangle":
    triangleStraightLine(0, &sink)
    for value in 0..<operations { triangleStraightLine(value, &sink) }
  case "kairo_mux":
    var state = MuxState()
    for index in 0..<100 { sink &+= state.heads[index] &+ 1 }
    for number in 0..<operations { muxStraightLine(number, &state, &sink) }
  case "kairo_repeated":
    repeatedStraightLine(0, &sink)
    for value in 0..<operations { repeatedStraightLine(value, &sink) }
  case "kairo_unstable":
    unstableStraightLine(0, &sink)
    for value in 0..<operations { unstableStraightLine(value, &sink) }
  case "kairo_avoidable":
    var lastC2 = 0
    sink &+= lastC2 &+ 1 &+ 2 &+ 3
    for value in 0..<operations { avoidableStraightLine(value, &lastC2, &sink) }
  case "read_value", "read_reported":
    sink = 3 &* operations
  case "read_observable":
    sink = readObservableSink(operations: operations)
  case _ where fanOutCount(workload) != nil:
    let count = fanOutCount(workload)!
    for value in 0..<operations { fanOutStraightLine(value, count: count, &sink) }
  case _ where cellxLayers(workload) != nil:
    let layers = cellxLayers(workload)!
    cellxStraightLine(layers: layers, start: cellxStarts[0], &sink)
    for number in 0..<operations { cellxStraightLine(layers: layers, start: cellxStarts[(number &+ 1) & 1], &sink) }
  default:
    return nil
  }
  return sink
}

// Each function is one write (cellx: one update) as plain code, not inlined into the loop of writes, so the
// optimizer cannot fold a run's writes into one formula.

@inline(never)
private func deepStraightLine(_ value: Int, _ sink: inout Int) {
  var current = value
  for _ in 0..<50 { current &+= 1 }
  sink &+= current
}

@inline(never)
private func broadStraightLine(_ value: Int, _ sink: inout Int) {
  for offset in 0..<50 { sink &+= value &+ offset &+ 1 }
}

@inline(never)
private func diamondStraightLine(_ value: Int, _ sink: inout Int) {
  var sum = 0
  for _ in 0..<5 { sum &+= value &+ 1 }
  sink &+= sum
}

@inline(never)
private func triangleStraightLine(_ value: Int, _ sink: inout Int) {
  var current = value
  var sum = value
  for _ in 1..<10 {
    current &+= 1
    sum &+= current
  }
  sink &+= sum
}

/// What kairo_mux's plain code keeps between writes: the heads' values and what each per-index cut-off saw last.
private struct MuxState {
  var heads = [Int](repeating: 0, count: 100)
  var lastPicks = [Int](repeating: 0, count: 100)
}

@inline(never)
private func muxStraightLine(_ number: Int, _ state: inout MuxState, _ sink: inout Int) {
  let (head, value) = muxWrite(number)
  guard state.heads[head] != value else { return }
  state.heads[head] = value
  for index in 0..<100 {
    let picked = state.heads[index]
    guard picked != state.lastPicks[index] else { continue }
    state.lastPicks[index] = picked
    sink &+= picked &+ 1
  }
}

@inline(never)
private func repeatedStraightLine(_ value: Int, _ sink: inout Int) {
  var result = 0
  for _ in 0..<30 { result &+= value }
  sink &+= result
}

@inline(never)
private func unstableStraightLine(_ value: Int, _ sink: inout Int) {
  let chosen = value & 1 == 1 ? value &* 2 : 0 &- value
  sink &+= chosen &* 20
}

@inline(never)
private func avoidableStraightLine(_ value: Int, _ lastC2: inout Int, _ sink: inout Int) {
  let c1 = value
  let c2 = c1 &* 0
  guard c2 != lastC2 else { return }
  lastC2 = c2
  sink &+= c2 &+ 1 &+ 2 &+ 3
}

@inline(never)
private func fanOutStraightLine(_ value: Int, count: Int, _ sink: inout Int) {
  for offset in 0..<count { sink &+= value &+ offset }
}

@inline(never)
private func cellxStraightLine(layers: Int, start: Cells, _ sink: inout Int) {
  var cells = start
  for _ in 0..<layers {
    cells = cells.next()
    sink &+= cells.prop1
    sink &+= cells.prop2
    sink &+= cells.prop3
    sink &+= cells.prop4
  }
}

/// What `read_observable` adds up: each write's value plus the property's 3.
func readObservableSink(operations: Int) -> Int {
  var sink = 0
  for value in 0..<operations { sink &+= value &+ 3 }
  return sink
}
