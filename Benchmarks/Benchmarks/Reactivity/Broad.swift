import Benchmark
import BenchmarkSupport
import Rill

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
  var computedWrite = 0
  var baselineWrite = 0
  var straightLineWrite = 0

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

  // As the JS original: per branch a computed reading the head, a computed reading it, an effect reading that.
  workload("kairo_broad", .computed, operations: .one) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let subscriptions = (0..<broadWidth).map { offset in
      let plusOffset = Computed { head.value &+ offset }
      let plusOne = Computed { plusOffset.value &+ 1 }
      return effect { sink &+= plusOne.value }
    }
    computedWrite &+= 1
    benchmark.startMeasurement()
    head.value = computedWrite
    benchmark.stopMeasurement()
    expect(sink, expected([computedWrite]), "kairo_broad", .computed)
    blackHole(subscriptions)
  }

  workload("kairo_broad", .baseline, operations: .one) { benchmark in
    var sink = 0
    let plusOffsets = ContiguousArray((0..<broadWidth).map { offset in opaque(Step { $0 &+ offset }) })
    let plusOnes = ContiguousArray((0..<broadWidth).map { _ in opaque(Step { $0 &+ 1 }) })
    let effects = ContiguousArray((0..<broadWidth).map { _ in opaque(Effect { sink &+= $0 }) })
    func write(_ value: Int) {
      for branch in 0..<broadWidth { effects[branch].run(plusOnes[branch].run(plusOffsets[branch].run(value))) }
    }
    write(0)
    baselineWrite &+= 1
    benchmark.startMeasurement()
    write(baselineWrite)
    benchmark.stopMeasurement()
    blackHole((plusOffsets, plusOnes, effects))  // released after the measurement, not in it
    expect(sink, expected([baselineWrite]), "kairo_broad", .baseline)
  }

  workload("kairo_broad", .straightLine, operations: .one) { benchmark in
    var sink = 0
    broadStraightLine(0, &sink)
    straightLineWrite &+= 1
    benchmark.startMeasurement()
    broadStraightLine(straightLineWrite, &sink)
    benchmark.stopMeasurement()
    expect(sink, expected([straightLineWrite]), "kairo_broad", .straightLine)
  }
}

/// One write of kairo_broad as plain code: each branch's two nodes, then its effect.
@inline(never)
func broadStraightLine(_ value: Int, _ sink: inout Int) {
  for offset in 0..<broadWidth { sink &+= value &+ offset &+ 1 }
}
