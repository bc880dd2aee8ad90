import Benchmark
import BenchmarkSupport
import Rill

/// The four cells of one cellx layer.
struct Cells: Equatable {
  var prop1: Int
  var prop2: Int
  var prop3: Int
  var prop4: Int

  /// The cellx rule: each layer's cells from the layer above.
  func next() -> Cells {
    Cells(prop1: prop2, prop2: prop1 &- prop3, prop3: prop2 &+ prop4, prop4: prop3)
  }

  var sum: Int { prop1 &+ prop2 &+ prop3 &+ prop4 }
}

/// The two start values the cellx updates alternate between (the JS original writes the second once).
let cellxStarts = [Cells(prop1: 1, prop2: 2, prop3: 3, prop4: 4), Cells(prop1: 4, prop2: 3, prop3: 2, prop4: 1)]

/// The last layer and the sum of every layer's cells (what the effects add up), from `start`.
func cellxReference(layers: Int, start: Cells) -> (last: Cells, sum: Int) {
  var cells = start
  var sum = 0
  for _ in 0..<layers {
    cells = cells.next()
    sum &+= cells.sum
  }
  return (cells, sum)
}

/// What the effects of a graph with equality cut-offs add up when the start cells go from `old` to `new`: each
/// layer's cells that changed (every cell when `old` is nil: the effects' first run).
func cellxChangedSum(layers: Int, from old: Cells?, to new: Cells) -> Int {
  var before = old
  var after = new
  var sum = 0
  for _ in 0..<layers {
    before = before?.next()
    after = after.next()
    if before?.prop1 != after.prop1 { sum &+= after.prop1 }
    if before?.prop2 != after.prop2 { sum &+= after.prop2 }
    if before?.prop3 != after.prop3 { sum &+= after.prop3 }
    if before?.prop4 != after.prop4 { sum &+= after.prop4 }
  }
  return sum
}

/// cellx_<layers>: four start cells, then `layers` layers of four cells, each with an effect, under the cellx
/// rule (prop1 = prop2, prop2 = prop1 − prop3, prop3 = prop2 + prop4, prop4 = prop3 of the layer above). One
/// operation is one update of all four start cells in a `batch`, which every cell below depends on. Each run builds the
/// graph and updates it once before the measurement, and measures one update.
func cellx(layers: Int) {
  let name = "cellx_\(layers)"
  if layers == 1_000 {
    // The values the JS original asserts for 1,000 layers: the update rule is the same.
    precondition(
      cellxReference(layers: layers, start: cellxStarts[0]).last == Cells(prop1: -3, prop2: -6, prop3: -2, prop4: 2))
    precondition(
      cellxReference(layers: layers, start: cellxStarts[1]).last == Cells(prop1: -2, prop2: -4, prop3: 2, prop4: 3))
  }
  // Built, then updated to starts[1], then measured updating to starts[0]; the effects ran 3 times.
  let expected = (0...1).reduce(cellxReference(layers: layers, start: cellxStarts[0]).sum) {
    $0 &+ cellxReference(layers: layers, start: cellxStarts[1 - $1]).sum
  }

  workload(name, .rill, operations: .one, maxIterations: 300) { benchmark in
    var sink = 0
    let start = (
      prop1: CurrentValueSubject(cellxStarts[0].prop1), prop2: CurrentValueSubject(cellxStarts[0].prop2),
      prop3: CurrentValueSubject(cellxStarts[0].prop3), prop4: CurrentValueSubject(cellxStarts[0].prop4)
    )
    // As the JS original's batch: the four writes settle the joins once.
    func update(_ cells: Cells) {
      batch {
        start.prop1.send(cells.prop1)
        start.prop2.send(cells.prop2)
        start.prop3.send(cells.prop3)
        start.prop4.send(cells.prop4)
      }
    }
    var layer: (prop1: Signal<Int>, prop2: Signal<Int>, prop3: Signal<Int>, prop4: Signal<Int>) = (
      start.prop1, start.prop2, start.prop3, start.prop4
    )
    var effects: [Subscription] = []
    effects.reserveCapacity(4 * layers)
    for _ in 0..<layers {
      let above = layer
      layer = (
        above.prop2.map { $0 },
        combine(above.prop1, above.prop3) { $0 &- $1 },
        combine(above.prop2, above.prop4) { $0 &+ $1 },
        above.prop3.map { $0 }
      )
      for cell in [layer.prop1, layer.prop2, layer.prop3, layer.prop4] {
        effects.append(cell.subscribe { sink &+= $0 })
      }
    }
    update(cellxStarts[1])
    benchmark.startMeasurement()
    update(cellxStarts[0])
    benchmark.stopMeasurement()
    expect(sink, expected, name, .rill)
    blackHole(effects)
  }

  // As the JS original: per layer 4 computeds reading the layer above, then an effect per cell. Each computed is
  // cut off by `==`, so an effect runs only when its cell changed: the effects add up each layer's changed cells.
  let expectedWithCutOffs =
    cellxChangedSum(layers: layers, from: nil, to: cellxStarts[0])
    &+ cellxChangedSum(layers: layers, from: cellxStarts[0], to: cellxStarts[1])
    &+ cellxChangedSum(layers: layers, from: cellxStarts[1], to: cellxStarts[0])

  workload(name, .computed, operations: .one, maxIterations: 300) { benchmark in
    var sink = 0
    let start = (
      prop1: CurrentValueSubject(cellxStarts[0].prop1), prop2: CurrentValueSubject(cellxStarts[0].prop2),
      prop3: CurrentValueSubject(cellxStarts[0].prop3), prop4: CurrentValueSubject(cellxStarts[0].prop4)
    )
    // As the JS original's batch: the computeds and effects run once, after the four writes.
    func update(_ cells: Cells) {
      batch {
        start.prop1.value = cells.prop1
        start.prop2.value = cells.prop2
        start.prop3.value = cells.prop3
        start.prop4.value = cells.prop4
      }
    }
    // Each closure captures only the cells it reads.
    var layer = (
      prop1: Computed { start.prop2.value },
      prop2: Computed { [one = start.prop1, three = start.prop3] in one.value &- three.value },
      prop3: Computed { [two = start.prop2, four = start.prop4] in two.value &+ four.value },
      prop4: Computed { start.prop3.value }
    )
    var subscriptions: [Subscription] = []
    subscriptions.reserveCapacity(4 * layers)
    for index in 0..<layers {
      if index > 0 {
        let above = layer
        layer = (
          prop1: Computed { [two = above.prop2] in two.value },
          prop2: Computed { [one = above.prop1, three = above.prop3] in one.value &- three.value },
          prop3: Computed { [two = above.prop2, four = above.prop4] in two.value &+ four.value },
          prop4: Computed { [three = above.prop3] in three.value }
        )
      }
      for cell in [layer.prop1, layer.prop2, layer.prop3, layer.prop4] {
        subscriptions.append(effect { sink &+= cell.value })
      }
    }
    update(cellxStarts[1])
    benchmark.startMeasurement()
    update(cellxStarts[0])
    benchmark.stopMeasurement()
    expect(sink, expectedWithCutOffs, name, .computed)
    blackHole(subscriptions)
  }

  workload(name, .baseline, operations: .one, maxIterations: 300) { benchmark in
    var sink = 0
    // One array per role, a layer's nodes at its index; the effects 4 per layer, in the order of its cells.
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
    update(cellxStarts[1])
    benchmark.startMeasurement()
    update(cellxStarts[0])
    benchmark.stopMeasurement()
    expect(sink, expected, name, .baseline)
  }

  workload(name, .straightLine, operations: .one, maxIterations: 300) { benchmark in
    var sink = 0
    cellxStraightLine(layers: layers, start: cellxStarts[0], &sink)
    cellxStraightLine(layers: layers, start: cellxStarts[1], &sink)
    benchmark.startMeasurement()
    cellxStraightLine(layers: layers, start: cellxStarts[0], &sink)
    benchmark.stopMeasurement()
    expect(sink, expected, name, .straightLine)
  }
}

/// One update of cellx as plain code: each layer's four cells from the layer above, then its four effects.
@inline(never)
func cellxStraightLine(layers: Int, start: Cells, _ sink: inout Int) {
  var cells = start
  for _ in 0..<layers {
    cells = cells.next()
    sink &+= cells.prop1
    sink &+= cells.prop2
    sink &+= cells.prop3
    sink &+= cells.prop4
  }
}
