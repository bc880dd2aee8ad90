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
