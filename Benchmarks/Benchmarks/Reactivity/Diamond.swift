import Benchmark
import BenchmarkSupport
import Rill

/// kairo_diamond: head → 5 × (+1) → one node summing the 5 → effect; the sum runs once per write
/// (glitch-free), never with a mix of old and new branch values.
func diamond() {
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(5) { $0 &+ 5 &* ($1 &+ 1) }
  }

  workload("kairo_diamond", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let branches = (0..<5).map { _ in head.map { $0 &+ 1 } }
    let sum = combine(branches) { $0.reduce(0, &+) }
    let effect = sum.subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_diamond", .rill)
    blackHole(effect)
  }

  workload("kairo_diamond", .baseline) { benchmark in
    var sink = 0
    let branches = ContiguousArray<(Int) -> Int>(repeating: { $0 &+ 1 }, count: 5)
    let sums: ContiguousArray<((Int, Int, Int, Int, Int)) -> Int> = [{ $0.0 &+ $0.1 &+ $0.2 &+ $0.3 &+ $0.4 }]
    let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    func write(_ value: Int) {
      let joined = (branches[0](value), branches[1](value), branches[2](value), branches[3](value), branches[4](value))
      for sum in sums {
        let total = sum(joined)
        for effect in effects { effect(total) }
      }
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_diamond", .baseline)
  }
}
