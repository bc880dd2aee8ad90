// The Reactivity suite's setups (Benchmarks/Reactivity), for instruction profiles, with the suite's three sides:
// Rill, the tight baseline (every node and effect an opaque closure, stored once in one array per role, called
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
private struct Step {
  let run: (Int) -> Int
}

/// A derived node of a baseline with two inputs.
private struct Step2 {
  let run: (Int, Int) -> Int
}

/// A derived node of a baseline over the latest values of all its inputs.
private struct Join {
  let run: (UnsafeBufferPointer<Int>) -> Int
}

/// An effect of a baseline.
private struct Effect {
  let run: (Int) -> Void
}

/// kairo_mux's node of all the heads' values, in the baseline: it records a head's new value.
private struct MuxNode {
  let record: (_ head: Int, _ value: Int) -> Void
}

/// The `number`-th write of kairo_mux: rounds of 20, heads 0…9 get their index, then twice it (head 0 always gets
/// 0: an equal write).
private func muxWrite(_ number: Int) -> (head: Int, value: Int) {
  let position = number % 20
  let head = position % 10
  return (head, position < 10 ? head : 2 &* head)
}

/// The four cells of one cellx layer.
private struct Cells {
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
private let cellxStarts = [
  Cells(prop1: 1, prop2: 2, prop3: 3, prop4: 4), Cells(prop1: 4, prop2: 3, prop3: 2, prop4: 1),
]

/// The layers of `cellx_<layers>`, or nil for another workload.
private func cellxLayers(_ workload: String) -> Int? {
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

/// With REACTIVITY_CHECK=1, stops unless every side of `workload` ends with the same sink.
private func checkReactivity(_ workload: String, side: Side, operations: Int, sink: Int) {
  guard ProcessInfo.processInfo.environment["REACTIVITY_CHECK"] == "1" else { return }
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
  case .baseline: baselineSink(workload, operations: operations)
  case .straightLine: straightLineSink(workload, operations: operations)
  }
}

// MARK: - Rill

private func rillSink(_ workload: String, operations: Int) -> Int? {
  var sink = 0
  var subscriptions: [Subscription] = []
  let head = CurrentValueSubject(0)

  func writes() {
    for value in 0..<operations { head.send(value) }
  }

  switch workload {
  case "kairo_deep":
    var node: Signal<Int> = head
    for _ in 0..<50 { node = node.map { $0 &+ 1 } }
    subscriptions.append(node.subscribe { sink &+= $0 })
    writes()
  case "kairo_broad":
    for offset in 0..<50 { subscriptions.append(head.map { $0 &+ offset }.map { $0 &+ 1 }.subscribe { sink &+= $0 }) }
    writes()
  case "kairo_diamond":
    let branches = (0..<5).map { _ in head.map { $0 &+ 1 } }
    subscriptions.append(combine(branches) { $0.reduce(0, &+) }.subscribe { sink &+= $0 })
    writes()
  case "kairo_triangle":
    var chain: [Signal<Int>] = [head]
    for _ in 1..<10 { chain.append(chain[chain.count - 1].map { $0 &+ 1 }) }
    subscriptions.append(combine(chain) { $0.reduce(0, &+) }.subscribe { sink &+= $0 })
    writes()
  case "kairo_mux":
    let heads = (0..<100).map { _ in CurrentValueSubject(0) }
    let muxed = combine(heads.map { $0.removeDuplicates() })
    for index in 0..<100 {
      subscriptions.append(muxed.map { $0[index] }.removeDuplicates().map { $0 &+ 1 }.subscribe { sink &+= $0 })
    }
    for number in 0..<operations {
      let (index, value) = muxWrite(number)
      heads[index].send(value)
    }
  case "kairo_repeated":
    subscriptions.append(head.map(readRepeatedly).subscribe { sink &+= $0 })
    writes()
  case "kairo_unstable":
    let double = head.map { $0 &* 2 }
    let inverse = head.map { 0 &- $0 }
    subscriptions.append(
      head.flatMapLatest { $0 & 1 == 1 ? double : inverse }.map { $0 &* 20 }.subscribe { sink &+= $0 })
    writes()
  case "kairo_avoidable":
    let c2 = head.map { $0 }.map { _ in 0 }.removeDuplicates()
    subscriptions.append(c2.map { $0 &+ 1 }.map { $0 &+ 2 }.map { $0 &+ 3 }.subscribe { sink &+= $0 })
    writes()
  case _ where cellxLayers(workload) != nil:
    // cellx_<layers>: the suite has 100 and 1,000; other sizes find where the graph outgrows the cache.
    let layers = cellxLayers(workload)!
    let start = cellxStarts[0]
    let heads = (
      CurrentValueSubject(start.prop1), CurrentValueSubject(start.prop2), CurrentValueSubject(start.prop3),
      CurrentValueSubject(start.prop4)
    )
    var layer: (Signal<Int>, Signal<Int>, Signal<Int>, Signal<Int>) = (heads.0, heads.1, heads.2, heads.3)
    for _ in 0..<layers {
      let above = layer
      layer = (
        above.1.map { $0 }, combine(above.0, above.2) { $0 &- $1 }, combine(above.1, above.3) { $0 &+ $1 },
        above.2.map { $0 }
      )
      for cell in [layer.0, layer.1, layer.2, layer.3] { subscriptions.append(cell.subscribe { sink &+= $0 }) }
    }
    for update in 0..<operations {
      let cells = cellxStarts[(update &+ 1) & 1]
      batch {
        heads.0.send(cells.prop1)
        heads.1.send(cells.prop2)
        heads.2.send(cells.prop3)
        heads.3.send(cells.prop4)
      }
    }
  default:
    return nil
  }
  blackHole(subscriptions)
  return sink
}

/// kairo_repeated's node: 30 reads of the head, added up (a Rill node receives the head's value once, so the reads
/// are reads of that value). Rill and the baseline call this same closure.
private func readRepeatedly(_ value: Int) -> Int {
  var result = 0
  for _ in 0..<30 { result &+= value }
  return result
}

// MARK: - baseline

private func baselineSink(_ workload: String, operations: Int) -> Int? {
  var sink = 0
  switch workload {
  case "kairo_deep":
    let nodes = ContiguousArray((0..<50).map { _ in opaque(Step { $0 &+ 1 }) })
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      var current = value
      for index in nodes.indices { current = nodes[index].run(current) }
      effect.run(current)
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_broad":
    let plusOffsets = ContiguousArray((0..<50).map { offset in opaque(Step { $0 &+ offset }) })
    let plusOnes = ContiguousArray((0..<50).map { _ in opaque(Step { $0 &+ 1 }) })
    let effects = ContiguousArray((0..<50).map { _ in opaque(Effect { sink &+= $0 }) })
    func write(_ value: Int) {
      for branch in 0..<50 { effects[branch].run(plusOnes[branch].run(plusOffsets[branch].run(value))) }
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_diamond":
    let branches = ContiguousArray((0..<5).map { _ in opaque(Step { $0 &+ 1 }) })
    let sum = opaque(Join { $0.reduce(0, &+) })
    let effect = opaque(Effect { sink &+= $0 })
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: 5)
    defer { latest.deallocate() }
    func write(_ value: Int) {
      for branch in 0..<5 { latest[branch] = branches[branch].run(value) }
      effect.run(sum.run(UnsafeBufferPointer(latest)))
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_triangle":
    let chain = ContiguousArray((1..<10).map { _ in opaque(Step { $0 &+ 1 }) })
    let sum = opaque(Join { $0.reduce(0, &+) })
    let effect = opaque(Effect { sink &+= $0 })
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: 10)
    defer { latest.deallocate() }
    func write(_ value: Int) {
      latest[0] = value
      for node in 0..<9 { latest[node &+ 1] = chain[node].run(latest[node]) }
      effect.run(sum.run(UnsafeBufferPointer(latest)))
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_mux":
    let heads = UnsafeMutableBufferPointer<Int>.allocate(capacity: 100)
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: 100)
    let lastPicks = UnsafeMutableBufferPointer<Int>.allocate(capacity: 100)
    for buffer in [heads, latest, lastPicks] { buffer.initialize(repeating: 0) }
    defer { for buffer in [heads, latest, lastPicks] { buffer.deallocate() } }
    let mux = opaque(MuxNode { latest[$0] = $1 })
    let picks = ContiguousArray((0..<100).map { index in opaque(Join { $0[index] }) })
    let plusOnes = ContiguousArray((0..<100).map { _ in opaque(Step { $0 &+ 1 }) })
    let effects = ContiguousArray((0..<100).map { _ in opaque(Effect { sink &+= $0 }) })
    for index in 0..<100 { effects[index].run(plusOnes[index].run(picks[index].run(UnsafeBufferPointer(latest)))) }
    func write(_ number: Int) {
      let (head, value) = muxWrite(number)
      guard heads[head] != value else { return }
      heads[head] = value
      mux.record(head, value)
      let all = UnsafeBufferPointer(latest)
      for index in 0..<100 {
        let picked = picks[index].run(all)
        guard picked != lastPicks[index] else { continue }
        lastPicks[index] = picked
        effects[index].run(plusOnes[index].run(picked))
      }
    }
    for number in 0..<operations { write(number) }
  case "kairo_repeated":
    let node = opaque(Step(run: readRepeatedly))
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      effect.run(node.run(value))
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_unstable":
    let double = opaque(Step { $0 &* 2 })
    let inverse = opaque(Step { 0 &- $0 })
    let times20 = opaque(Step { $0 &* 20 })
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      let chosen = value & 1 == 1 ? double.run(value) : inverse.run(value)
      effect.run(times20.run(chosen))
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_avoidable":
    let c1 = opaque(Step { $0 })
    let c2 = opaque(Step { _ in 0 })
    let c3 = opaque(Step { $0 &+ 1 })
    let c4 = opaque(Step { $0 &+ 2 })
    let c5 = opaque(Step { $0 &+ 3 })
    let effect = opaque(Effect { sink &+= $0 })
    var lastC2 = c2.run(c1.run(0))
    effect.run(c5.run(c4.run(c3.run(lastC2))))
    func write(_ value: Int) {
      let current = c2.run(c1.run(value))
      guard current != lastC2 else { return }
      lastC2 = current
      effect.run(c5.run(c4.run(c3.run(current))))
    }
    for value in 0..<operations { write(value) }
  case _ where cellxLayers(workload) != nil:
    let layers = cellxLayers(workload)!
    let prop1s = ContiguousArray((0..<layers).map { _ in opaque(Step { $0 }) })
    let prop2s = ContiguousArray((0..<layers).map { _ in opaque(Step2 { $0 &- $1 }) })
    let prop3s = ContiguousArray((0..<layers).map { _ in opaque(Step2 { $0 &+ $1 }) })
    let prop4s = ContiguousArray((0..<layers).map { _ in opaque(Step { $0 }) })
    let effects = ContiguousArray((0..<4 &* layers).map { _ in opaque(Effect { sink &+= $0 }) })
    func update(_ start: Cells) {
      var cells = start
      for layer in 0..<layers {
        cells = Cells(
          prop1: prop1s[layer].run(cells.prop2), prop2: prop2s[layer].run(cells.prop1, cells.prop3),
          prop3: prop3s[layer].run(cells.prop2, cells.prop4), prop4: prop4s[layer].run(cells.prop3))
        effects[4 &* layer].run(cells.prop1)
        effects[4 &* layer &+ 1].run(cells.prop2)
        effects[4 &* layer &+ 2].run(cells.prop3)
        effects[4 &* layer &+ 3].run(cells.prop4)
      }
    }
    update(cellxStarts[0])
    for number in 0..<operations { update(cellxStarts[(number &+ 1) & 1]) }
  default:
    return nil
  }
  return sink
}

// MARK: - straight-line

private func straightLineSink(_ workload: String, operations: Int) -> Int? {
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
