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
import Rill

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

// MARK: - deep

/// How many derived nodes kairo's deep case chains.
let deepLength = 50

/// kairo_deep: head → 50 × (+1) → one effect; each write runs all 50 nodes and the effect.
func deep() {
  /// What the effect receives: once at creation, then once per write.
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(deepLength) { $0 &+ $1 &+ deepLength }
  }

  workload("kairo_deep", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    var node: Signal<Int> = head
    for _ in 0..<deepLength { node = node.map { $0 &+ 1 } }
    let effect = node.subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_deep", .rill)
    blackHole(effect)
  }

  workload("kairo_deep", .baseline) { benchmark in
    var sink = 0
    let nodes = ContiguousArray<(Int) -> Int>(repeating: { $0 &+ 1 }, count: deepLength)
    let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    func write(_ value: Int) {
      var current = value
      for node in nodes { current = node(current) }
      for effect in effects { effect(current) }
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_deep", .baseline)
  }
}

// MARK: - broad

/// How many branches kairo's broad case hangs off the head.
let broadWidth = 50

/// kairo_broad: head → 50 branches, branch i being (+i) → (+1) → effect; each write runs 100 nodes and 50
/// effects. One write per iteration (a microsecond or more each): iterations of 1,000 writes last milliseconds,
/// and on a loaded machine most of them would include a wait for the CPU.
func broad() {
  func expected(_ writes: [Int]) -> Int {
    let perWrite = { (value: Int) in (0..<broadWidth).reduce(0) { $0 &+ value &+ $1 &+ 1 } }
    return writes.reduce(perWrite(0)) { $0 &+ perWrite($1) }
  }
  // The value each iteration writes: a new one each time.
  var rillWrite = 0
  var baselineWrite = 0

  workload("kairo_broad", .rill, operations: .one) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let effects = (0..<broadWidth).map { offset in
      head.map { $0 &+ offset }.map { $0 &+ 1 }.subscribe { sink &+= $0 }
    }
    rillWrite &+= 1
    benchmark.startMeasurement()
    head.send(rillWrite)
    benchmark.stopMeasurement()
    expect(sink, expected([rillWrite]), "kairo_broad", .rill)
    blackHole(effects)
  }

  workload("kairo_broad", .baseline, operations: .one) { benchmark in
    var sink = 0
    typealias Branch = (plusOffset: (Int) -> Int, plusOne: (Int) -> Int, effect: (Int) -> Void)
    var branches = ContiguousArray<Branch>()
    for offset in 0..<broadWidth {
      branches.append((plusOffset: { $0 &+ offset }, plusOne: { $0 &+ 1 }, effect: { sink &+= $0 }))
    }
    func write(_ value: Int) {
      for branch in branches { branch.effect(branch.plusOne(branch.plusOffset(value))) }
    }
    write(0)
    baselineWrite &+= 1
    benchmark.startMeasurement()
    write(baselineWrite)
    benchmark.stopMeasurement()
    expect(sink, expected([baselineWrite]), "kairo_broad", .baseline)
  }
}

// MARK: - diamond

/// kairo_diamond: head → 5 × (+1) → one node summing the 5 → effect; the sum runs once per write
/// (glitch-free), never with a mix of old and new branch values.
func diamond() {
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(5) { $0 &+ 5 &* ($1 &+ 1) }
  }

  workload("kairo_diamond", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let branches = (0..<5).map { _ in head.map { $0 &+ 1 } }
    let sum = combine(branches) { $0.reduce(0, &+) }
    let effect = sum.subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_diamond", .rill)
    blackHole(effect)
  }

  workload("kairo_diamond", .baseline) { benchmark in
    var sink = 0
    let branches = ContiguousArray<(Int) -> Int>(repeating: { $0 &+ 1 }, count: 5)
    let sums: ContiguousArray<((Int, Int, Int, Int, Int)) -> Int> = [{ $0.0 &+ $0.1 &+ $0.2 &+ $0.3 &+ $0.4 }]
    let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    func write(_ value: Int) {
      let joined = (branches[0](value), branches[1](value), branches[2](value), branches[3](value), branches[4](value))
      for sum in sums {
        let total = sum(joined)
        for effect in effects { effect(total) }
      }
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_diamond", .baseline)
  }
}

// MARK: - triangle

/// kairo_triangle: the head and a chain of 9 (+1) nodes below it, all 10 summed by one node → effect. (The JS
/// original builds a 10th chain node that nothing reads, so a lazy framework never runs it; it is left out.)
func triangle() {
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(45) { $0 &+ 10 &* $1 &+ 45 }
  }

  workload("kairo_triangle", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    var chain: [Signal<Int>] = [head]
    for _ in 1..<10 { chain.append(chain[chain.count - 1].map { $0 &+ 1 }) }
    let sum = combine(chain) { $0.reduce(0, &+) }
    let effect = sum.subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_triangle", .rill)
    blackHole(effect)
  }

  workload("kairo_triangle", .baseline) { benchmark in
    var sink = 0
    let chain = ContiguousArray<(Int) -> Int>(repeating: { $0 &+ 1 }, count: 9)
    typealias Ten = (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
    let sums: ContiguousArray<(Ten) -> Int> = [
      { $0.0 &+ $0.1 &+ $0.2 &+ $0.3 &+ $0.4 &+ $0.5 &+ $0.6 &+ $0.7 &+ $0.8 &+ $0.9 }
    ]
    let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    func write(_ value: Int) {
      let v1 = chain[0](value)
      let v2 = chain[1](v1)
      let v3 = chain[2](v2)
      let v4 = chain[3](v3)
      let v5 = chain[4](v4)
      let v6 = chain[5](v5)
      let v7 = chain[6](v6)
      let v8 = chain[7](v7)
      let v9 = chain[8](v8)
      for sum in sums {
        let total = sum((value, v1, v2, v3, v4, v5, v6, v7, v8, v9))
        for effect in effects { effect(total) }
      }
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_triangle", .baseline)
  }
}

// MARK: - mux

/// How many heads kairo's mux case has.
let muxWidth = 100

/// The `write`-th write of kairo's mux case, which repeats rounds of 20: heads 0…9 get their index, then
/// twice their index. Head 0 always gets 0, so one write in ten writes an equal value.
func muxWrite(_ write: Int) -> (head: Int, value: Int) {
  let position = write % 20
  let head = position % 10
  return (head, position < 10 ? head : 2 &* head)
}

/// kairo_mux: 100 heads → one node of all their values → 100 per-index nodes → (+1) → effects. A write
/// changes one head: the mux node and the 100 per-index nodes run, and only the written index's (+1) node
/// and effect, because each per-index node has an equality cut-off (`removeDuplicates()`); a write of an
/// equal value stops at the head's cut-off and does no work downstream. One write per iteration, as in
/// broad: each iteration makes the writes of one round (20) unmeasured, then measures the next write, in
/// turn each of the 20 of a round.
func mux() {
  func expected(_ writes: Range<Int>) -> Int {
    var heads = [Int](repeating: 0, count: muxWidth)
    var sink = muxWidth  // every effect runs once at creation, with 0 + 1
    for write in writes {
      let (head, value) = muxWrite(write)
      if heads[head] != value {
        heads[head] = value
        sink &+= value &+ 1
      }
    }
    return sink
  }
  // The write each iteration measures, after the round before it.
  var rillWrite = 19
  var baselineWrite = 19

  workload("kairo_mux", .rill, operations: .one) { benchmark in
    var sink = 0
    let heads = (0..<muxWidth).map { _ in CurrentValueSubject(0) }
    let muxed = combine(heads.map { $0.removeDuplicates() })
    let effects = (0..<muxWidth).map { index in
      muxed.map { $0[index] }.removeDuplicates().map { $0 &+ 1 }.subscribe { sink &+= $0 }
    }
    rillWrite = 20 &+ (rillWrite &+ 1) % 20
    for write in (rillWrite - 20)..<rillWrite {
      let (head, value) = muxWrite(write)
      heads[head].send(value)
    }
    let (head, value) = muxWrite(rillWrite)
    benchmark.startMeasurement()
    heads[head].send(value)
    benchmark.stopMeasurement()
    expect(sink, expected((rillWrite &- 20)..<(rillWrite &+ 1)), "kairo_mux", .rill)
    blackHole(effects)
  }

  workload("kairo_mux", .baseline, operations: .one) { benchmark in
    var sink = 0
    var heads = ContiguousArray<Int>(repeating: 0, count: muxWidth)
    var lastSplit = ContiguousArray<Int>(repeating: 0, count: muxWidth)
    let muxes: ContiguousArray<(ContiguousArray<Int>) -> ContiguousArray<Int>> = [{ $0 }]
    typealias Split = (pick: (ContiguousArray<Int>) -> Int, plusOne: (Int) -> Int, effect: (Int) -> Void)
    var splits = ContiguousArray<Split>()
    for index in 0..<muxWidth {
      splits.append((pick: { $0[index] }, plusOne: { $0 &+ 1 }, effect: { sink &+= $0 }))
    }
    for split in splits { split.effect(split.plusOne(0)) }
    func write(_ number: Int) {
      let (head, value) = muxWrite(number)
      guard heads[head] != value else { return }
      heads[head] = value
      for mux in muxes {
        let all = mux(heads)
        for index in splits.indices {
          let picked = splits[index].pick(all)
          if picked != lastSplit[index] {
            lastSplit[index] = picked
            splits[index].effect(splits[index].plusOne(picked))
          }
        }
      }
    }
    baselineWrite = 20 &+ (baselineWrite &+ 1) % 20
    for number in (baselineWrite - 20)..<baselineWrite { write(number) }
    benchmark.startMeasurement()
    write(baselineWrite)
    benchmark.stopMeasurement()
    expect(sink, expected((baselineWrite &- 20)..<(baselineWrite &+ 1)), "kairo_mux", .baseline)
  }
}

// MARK: - repeated

/// How many times kairo's repeated case reads its head in one node.
let repeatedReads = 30

/// kairo_repeated: one node that reads the head 30 times and adds the reads up → effect. A Rill node receives
/// the head's value once, so the 30 reads are reads of that value: the case is one `map` node.
func repeated() {
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(0) { $0 &+ repeatedReads &* $1 }
  }
  let readRepeatedly = { (value: Int) -> Int in
    var result = 0
    for _ in 0..<repeatedReads { result &+= value }
    return result
  }

  workload("kairo_repeated", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let effect = head.map(readRepeatedly).subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_repeated", .rill)
    blackHole(effect)
  }

  workload("kairo_repeated", .baseline) { benchmark in
    var sink = 0
    let nodes: ContiguousArray<(Int) -> Int> = [readRepeatedly]
    let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    func write(_ value: Int) {
      for node in nodes {
        let result = node(value)
        for effect in effects { effect(result) }
      }
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_repeated", .baseline)
  }
}

// MARK: - unstable

/// kairo_unstable: `double` (×2) and `inverse` (negation) of the head, and a node that reads the head and,
/// 20 times, `double` when the head is odd and `inverse` when it is even → effect; its dependencies change on
/// every write. In Rill the node is `head.flatMapLatest { odd ? double : inverse }`, which unsubscribes the
/// branch it left and subscribes the other on each write, followed by a `map` that adds up the 20 reads.
func unstable() {
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(0) { $0 &+ 20 &* ($1 & 1 == 1 ? 2 &* $1 : 0 &- $1) }
  }

  workload("kairo_unstable", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let double = head.map { $0 &* 2 }
    let inverse = head.map { 0 &- $0 }
    let current = head.flatMapLatest { $0 & 1 == 1 ? double : inverse }.map { $0 &* 20 }
    let effect = current.subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_unstable", .rill)
    blackHole(effect)
  }

  workload("kairo_unstable", .baseline) { benchmark in
    var sink = 0
    let branches: ContiguousArray<(Int) -> Int> = [{ $0 &* 2 }, { 0 &- $0 }]
    let nodes: ContiguousArray<(Int) -> Int> = [{ $0 &* 20 }]
    let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    func write(_ value: Int) {
      let chosen = value & 1 == 1 ? branches[0](value) : branches[1](value)
      for node in nodes {
        let result = node(chosen)
        for effect in effects { effect(result) }
      }
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_unstable", .baseline)
  }
}

// MARK: - avoidable

/// kairo_avoidable: head → c1 (identity) → c2 (always 0) → c3 (+1) → c4 (+2) → c5 (+3) → effect. c2's
/// equality cut-off (`removeDuplicates()` in Rill, an `==` in the baseline) stops every write there, so c3,
/// c4, c5 and the effect run only once, at creation. (The JS original makes c3 and the effect busy loops to
/// show that they are skipped; they never run while measuring, so they are plain additions here.)
func avoidable() {
  let expected = 6

  workload("kairo_avoidable", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let c2 = head.map { $0 }.map { _ in 0 }.removeDuplicates()
    let effect = c2.map { $0 &+ 1 }.map { $0 &+ 2 }.map { $0 &+ 3 }.subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected, "kairo_avoidable", .rill)
    blackHole(effect)
  }

  workload("kairo_avoidable", .baseline) { benchmark in
    var sink = 0
    var lastC2: Int? = nil
    let above: ContiguousArray<(Int) -> Int> = [{ $0 }, { _ in 0 }]
    let below: ContiguousArray<(Int) -> Int> = [{ $0 &+ 1 }, { $0 &+ 2 }, { $0 &+ 3 }]
    let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    func write(_ value: Int) {
      var current = value
      for node in above { current = node(current) }
      guard current != lastC2 else { return }
      lastC2 = current
      for node in below { current = node(current) }
      for effect in effects { effect(current) }
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected, "kairo_avoidable", .baseline)
  }
}

// MARK: - cellx

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

  workload(name, .baseline, operations: .one, maxIterations: 300) { benchmark in
    var sink = 0
    typealias Layer = (
      prop1: (Cells) -> Int, prop2: (Cells) -> Int, prop3: (Cells) -> Int, prop4: (Cells) -> Int,
      effects: ContiguousArray<(Int) -> Void>
    )
    var graph = ContiguousArray<Layer>()
    graph.reserveCapacity(layers)
    for _ in 0..<layers {
      let effect: (Int) -> Void = { sink &+= $0 }
      graph.append(
        (
          prop1: { $0.prop2 }, prop2: { $0.prop1 &- $0.prop3 }, prop3: { $0.prop2 &+ $0.prop4 },
          prop4: { $0.prop3 }, effects: [effect, effect, effect, effect]
        ))
    }
    func update(_ start: Cells) {
      var cells = start
      for layer in graph {
        cells = Cells(
          prop1: layer.prop1(cells), prop2: layer.prop2(cells), prop3: layer.prop3(cells), prop4: layer.prop4(cells))
        layer.effects[0](cells.prop1)
        layer.effects[1](cells.prop2)
        layer.effects[2](cells.prop3)
        layer.effects[3](cells.prop4)
      }
    }
    update(cellxStarts[0])
    update(cellxStarts[1])
    benchmark.startMeasurement()
    update(cellxStarts[0])
    benchmark.stopMeasurement()
    expect(sink, expected, name, .baseline)
  }
}
