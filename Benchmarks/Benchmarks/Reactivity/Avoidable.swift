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

  // As the JS original: c1 reads the head, c2 reads c1 and returns 0, c3…c5 each read the one above, an effect
  // reads c5.
  workload("kairo_avoidable", .computed) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let c1 = Computed { head.value }
    let c2 = Computed {
      _ = c1.value
      return 0
    }
    let c3 = Computed { c2.value &+ 1 }
    let c4 = Computed { c3.value &+ 2 }
    let c5 = Computed { c4.value &+ 3 }
    let subscription = effect { sink &+= c5.value }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.value = value
    }
    benchmark.stopMeasurement()
    expect(sink, expected, "kairo_avoidable", .computed)
    blackHole(subscription)
  }

  workload("kairo_avoidable", .baseline) { benchmark in
    var sink = 0
    let c1 = opaque(Step { $0 })
    let c2 = opaque(Step { _ in 0 })
    let c3 = opaque(Step { $0 &+ 1 })
    let c4 = opaque(Step { $0 &+ 2 })
    let c5 = opaque(Step { $0 &+ 3 })
    let effect = opaque(Effect { sink &+= $0 })
    // At creation everything runs once, and c2's cut-off keeps what it saw.
    var lastC2 = c2.run(c1.run(0))
    effect.run(c5.run(c4.run(c3.run(lastC2))))
    func write(_ value: Int) {
      let current = c2.run(c1.run(value))
      guard current != lastC2 else { return }
      lastC2 = current
      effect.run(c5.run(c4.run(c3.run(current))))
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected, "kairo_avoidable", .baseline)
  }

  workload("kairo_avoidable", .straightLine) { benchmark in
    var sink = 0
    var lastC2 = 0
    sink &+= lastC2 &+ 1 &+ 2 &+ 3
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      avoidableStraightLine(value, &lastC2, &sink)
    }
    benchmark.stopMeasurement()
    expect(sink, expected, "kairo_avoidable", .straightLine)
  }
}

/// One write of kairo_avoidable as plain code: c1 and c2, then c2's cut-off (which stops every write).
@inline(never)
func avoidableStraightLine(_ value: Int, _ lastC2: inout Int, _ sink: inout Int) {
  let c1 = value
  let c2 = c1 &* 0
  guard c2 != lastC2 else { return }
  lastC2 = c2
  sink &+= c2 &+ 1 &+ 2 &+ 3
}
