import Benchmark
import BenchmarkSupport
import Rill

/// One subject read by `count` computeds, each with a subscriber (issue 22: a 10,000-computed fan-out costs the same
/// per node as a 10-computed one). One operation is one write, which re-evaluates every computed and tells every
/// subscriber (one write per iteration, at most 300 iterations). Sides: Rill Computed (`Computed` and `subscribe`), Rill (a `map` per node), the baseline (one opaque
/// closure per node and per subscriber, called in a loop).
func computedFanOut(count: Int) {
  let name = count >= 1_000 ? "fanout_computed_\(count / 1_000)k" : "fanout_computed_\(count)"
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(0) { total, value in total &+ (0..<count).reduce(0) { $0 &+ value &+ $1 } }
  }

  workload(name, .computed, operations: .one, maxIterations: 300) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(-1)
    let nodes = (0..<count).map { offset in Computed { head.value &+ offset } }
    let subscriptions = nodes.map { node in node.subscribe { sink &+= $0 } }
    sink = 0
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.value = value
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), name, .computed)
    blackHole(subscriptions)
  }

  workload(name, .rill, operations: .one, maxIterations: 300) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(-1)
    let subscriptions = (0..<count).map { offset in head.map { $0 &+ offset }.subscribe { sink &+= $0 } }
    sink = 0
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.value = value
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), name, .rill)
    blackHole(subscriptions)
  }

  workload(name, .baseline, operations: .one, maxIterations: 300) { benchmark in
    var sink = 0
    let nodes = (0..<count).map { offset in opaque(Step { $0 &+ offset }) }
    let effects = (0..<count).map { _ in opaque(Effect { sink &+= $0 }) }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      var index = 0
      while index < count {
        effects[index].run(nodes[index].run(value))
        index &+= 1
      }
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), name, .baseline)
  }
}
