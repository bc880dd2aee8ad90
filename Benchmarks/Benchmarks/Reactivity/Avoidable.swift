import Benchmark
import BenchmarkSupport
import Rill

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
