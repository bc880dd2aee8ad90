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

  // As the JS original: 50 computeds, each reading the one above, and an effect reading the last.
  workload("kairo_deep", .computed) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    var node = Computed { head.value &+ 1 }
    for _ in 1..<deepLength {
      let above = node
      node = Computed { above.value &+ 1 }
    }
    let last = node
    let subscription = effect { sink &+= last.value }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.value = value
    }
    benchmark.stopMeasurement()
    // The first write, 0, equals the head's value at creation: the first computed's cut-off stops it there.
    expect(sink, expected(benchmark.scaledIterations.dropFirst()), "kairo_deep", .computed)
    blackHole(subscription)
  }

  workload("kairo_deep", .baseline) { benchmark in
    var sink = 0
    let nodes = ContiguousArray((0..<deepLength).map { _ in opaque(Step { $0 &+ 1 }) })
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      var current = value
      for index in nodes.indices { current = nodes[index].run(current) }
      effect.run(current)
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_deep", .baseline)
  }

  workload("kairo_deep", .straightLine) { benchmark in
    var sink = 0
    deepStraightLine(0, &sink)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      deepStraightLine(value, &sink)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_deep", .straightLine)
  }
}

/// One write of kairo_deep as plain code: the 50 nodes, then the effect.
@inline(never)
func deepStraightLine(_ value: Int, _ sink: inout Int) {
  var current = value
  for _ in 0..<deepLength { current &+= 1 }
  sink &+= current
}
