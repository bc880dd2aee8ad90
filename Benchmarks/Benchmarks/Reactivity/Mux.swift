import Benchmark
import BenchmarkSupport
import Rill

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
  var computedWrite = 19
  var baselineWrite = 19
  var straightLineWrite = 19

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

  // As the JS original: one computed of all the heads' values, per index a computed reading its value from it and
  // a computed adding 1, and an effect. The mux computed's value, an array, is cut off by `==` (the JS original's
  // object is new each time); a write of an equal value stops there.
  workload("kairo_mux", .computed, operations: .one) { benchmark in
    var sink = 0
    let heads = (0..<muxWidth).map { _ in CurrentValueSubject(0) }
    let muxed = Computed { heads.map { $0.value } }
    let subscriptions = (0..<muxWidth).map { index in
      let picked = Computed { muxed.value[index] }
      let plusOne = Computed { picked.value &+ 1 }
      return effect { sink &+= plusOne.value }
    }
    computedWrite = 20 &+ (computedWrite &+ 1) % 20
    for write in (computedWrite - 20)..<computedWrite {
      let (head, value) = muxWrite(write)
      heads[head].value = value
    }
    let (head, value) = muxWrite(computedWrite)
    benchmark.startMeasurement()
    heads[head].value = value
    benchmark.stopMeasurement()
    expect(sink, expected((computedWrite &- 20)..<(computedWrite &+ 1)), "kairo_mux", .computed)
    blackHole(subscriptions)
  }

  workload("kairo_mux", .baseline, operations: .one) { benchmark in
    var sink = 0
    // The heads' values (compared by their cut-offs), the mux node's latest values, the per-index cut-offs'.
    let heads = UnsafeMutableBufferPointer<Int>.allocate(capacity: muxWidth)
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: muxWidth)
    let lastPicks = UnsafeMutableBufferPointer<Int>.allocate(capacity: muxWidth)
    for buffer in [heads, latest, lastPicks] { buffer.initialize(repeating: 0) }
    defer { for buffer in [heads, latest, lastPicks] { buffer.deallocate() } }
    let mux = opaque(MuxNode { latest[$0] = $1 })
    let picks = ContiguousArray((0..<muxWidth).map { index in opaque(Join { $0[index] }) })
    let plusOnes = ContiguousArray((0..<muxWidth).map { _ in opaque(Step { $0 &+ 1 }) })
    let effects = ContiguousArray((0..<muxWidth).map { _ in opaque(Effect { sink &+= $0 }) })
    for index in 0..<muxWidth { effects[index].run(plusOnes[index].run(picks[index].run(UnsafeBufferPointer(latest)))) }
    func write(_ number: Int) {
      let (head, value) = muxWrite(number)
      guard heads[head] != value else { return }
      heads[head] = value
      mux.record(head, value)
      let all = UnsafeBufferPointer(latest)
      for index in 0..<muxWidth {
        let picked = picks[index].run(all)
        guard picked != lastPicks[index] else { continue }
        lastPicks[index] = picked
        effects[index].run(plusOnes[index].run(picked))
      }
    }
    baselineWrite = 20 &+ (baselineWrite &+ 1) % 20
    for number in (baselineWrite - 20)..<baselineWrite { write(number) }
    benchmark.startMeasurement()
    write(baselineWrite)
    benchmark.stopMeasurement()
    blackHole((picks, plusOnes, effects))  // released after the measurement, not in it
    expect(sink, expected((baselineWrite &- 20)..<(baselineWrite &+ 1)), "kairo_mux", .baseline)
  }

  workload("kairo_mux", .straightLine, operations: .one) { benchmark in
    var sink = 0
    var state = MuxState()
    for index in 0..<muxWidth { sink &+= state.heads[index] &+ 1 }
    straightLineWrite = 20 &+ (straightLineWrite &+ 1) % 20
    for number in (straightLineWrite - 20)..<straightLineWrite { muxStraightLine(number, &state, &sink) }
    benchmark.startMeasurement()
    muxStraightLine(straightLineWrite, &state, &sink)
    benchmark.stopMeasurement()
    expect(sink, expected((straightLineWrite &- 20)..<(straightLineWrite &+ 1)), "kairo_mux", .straightLine)
  }
}

/// kairo_mux's node of all the heads' values, in the baseline: it records a head's new value among the latest
/// values it keeps, which the per-index nodes read.
struct MuxNode {
  let record: (_ head: Int, _ value: Int) -> Void
}

/// What kairo_mux's plain code keeps between writes: the heads' values and what each per-index cut-off saw last.
struct MuxState {
  var heads = [Int](repeating: 0, count: muxWidth)
  var lastPicks = [Int](repeating: 0, count: muxWidth)
}

/// The `number`-th write of kairo_mux as plain code: the head's cut-off, then each index's cut-off, and for the
/// index that changed its (+1) node and effect.
@inline(never)
func muxStraightLine(_ number: Int, _ state: inout MuxState, _ sink: inout Int) {
  let (head, value) = muxWrite(number)
  guard state.heads[head] != value else { return }
  state.heads[head] = value
  for index in 0..<muxWidth {
    let picked = state.heads[index]
    guard picked != state.lastPicks[index] else { continue }
    state.lastPicks[index] = picked
    sink &+= picked &+ 1
  }
}
