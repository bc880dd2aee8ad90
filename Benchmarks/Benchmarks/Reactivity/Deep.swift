import Benchmark
import BenchmarkSupport
import Rill

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
