import Benchmark
import BenchmarkSupport
import Rill

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

  // As the JS original: the node is one computed that reads the head and, 20 times, the head and then `double`
  // or `inverse`; its dependencies change on every write.
  workload("kairo_unstable", .computed) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let double = Computed { head.value &* 2 }
    let inverse = Computed { 0 &- head.value }
    let current = Computed {
      var result = 0
      for _ in 0..<20 { result &+= head.value & 1 == 1 ? double.value : inverse.value }
      return result
    }
    let subscription = effect { sink &+= current.value }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.value = value
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_unstable", .computed)
    blackHole(subscription)
  }

  workload("kairo_unstable", .baseline) { benchmark in
    var sink = 0
    let double = opaque(Step { $0 &* 2 })
    let inverse = opaque(Step { 0 &- $0 })
    let times20 = opaque(Step { $0 &* 20 })
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      // The node's dependency changes with the head: the branch it reads this time.
      let chosen = value & 1 == 1 ? double.run(value) : inverse.run(value)
      effect.run(times20.run(chosen))
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_unstable", .baseline)
  }

  workload("kairo_unstable", .straightLine) { benchmark in
    var sink = 0
    unstableStraightLine(0, &sink)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      unstableStraightLine(value, &sink)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_unstable", .straightLine)
  }
}

/// One write of kairo_unstable as plain code: the branch the head picks, the 20 reads of it, the effect.
@inline(never)
func unstableStraightLine(_ value: Int, _ sink: inout Int) {
  let chosen = value & 1 == 1 ? value &* 2 : 0 &- value
  sink &+= chosen &* 20
}
