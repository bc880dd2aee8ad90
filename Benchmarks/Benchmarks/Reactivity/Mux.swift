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
