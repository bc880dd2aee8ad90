import Benchmark
import BenchmarkSupport
import Rill

/// kairo_triangle: the head and a chain of 9 (+1) nodes below it, all 10 summed by one node → effect. (The JS
/// original builds a 10th chain node that nothing reads, so a lazy framework never runs it; it is left out.)
func triangle() {
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(45) { $0 &+ 10 &* $1 &+ 45 }
  }

  workload("kairo_triangle", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    var chain: [Signal<Int>] = [head]
    for _ in 1..<10 { chain.append(chain[chain.count - 1].map { $0 &+ 1 }) }
    let sum = combine(chain) { $0.reduce(0, &+) }
    let effect = sum.subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_triangle", .rill)
    blackHole(effect)
  }

  workload("kairo_triangle", .baseline) { benchmark in
    var sink = 0
    let chain = ContiguousArray<(Int) -> Int>(repeating: { $0 &+ 1 }, count: 9)
    typealias Ten = (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
    let sums: ContiguousArray<(Ten) -> Int> = [
      { $0.0 &+ $0.1 &+ $0.2 &+ $0.3 &+ $0.4 &+ $0.5 &+ $0.6 &+ $0.7 &+ $0.8 &+ $0.9 }
    ]
    let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    func write(_ value: Int) {
      let v1 = chain[0](value)
      let v2 = chain[1](v1)
      let v3 = chain[2](v2)
      let v4 = chain[3](v3)
      let v5 = chain[4](v4)
      let v6 = chain[5](v5)
      let v7 = chain[6](v6)
      let v8 = chain[7](v7)
      let v9 = chain[8](v8)
      for sum in sums {
        let total = sum((value, v1, v2, v3, v4, v5, v6, v7, v8, v9))
        for effect in effects { effect(total) }
      }
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_triangle", .baseline)
  }
}
