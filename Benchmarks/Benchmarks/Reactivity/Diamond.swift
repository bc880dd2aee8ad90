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

  // As the JS original: 5 computeds reading the head, one computed reading the 5, an effect reading it.
  workload("kairo_diamond", .computed) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let branches = (0..<5).map { _ in Computed { head.value &+ 1 } }
    let sum = Computed { branches.reduce(0) { $0 &+ $1.value } }
    let subscription = effect { sink &+= sum.value }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.value = value
    }
    benchmark.stopMeasurement()
    // The first write, 0, equals the head's value at creation: the branches' cut-offs stop it there.
    expect(sink, expected(benchmark.scaledIterations.dropFirst()), "kairo_diamond", .computed)
    blackHole(subscription)
  }

  workload("kairo_diamond", .baseline) { benchmark in
    var sink = 0
    let branches = ContiguousArray((0..<5).map { _ in opaque(Step { $0 &+ 1 }) })
    let sum = opaque(Join { $0.reduce(0, &+) })
    let effect = opaque(Effect { sink &+= $0 })
    // The sum's latest inputs, as a join keeps them.
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: 5)
    defer { latest.deallocate() }
    func write(_ value: Int) {
      for branch in 0..<5 { latest[branch] = branches[branch].run(value) }
      effect.run(sum.run(UnsafeBufferPointer(latest)))
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_diamond", .baseline)
  }

  workload("kairo_diamond", .straightLine) { benchmark in
    var sink = 0
    diamondStraightLine(0, &sink)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      diamondStraightLine(value, &sink)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_diamond", .straightLine)
  }
}

/// One write of kairo_diamond as plain code: the 5 branches, their sum, the effect.
@inline(never)
func diamondStraightLine(_ value: Int, _ sink: inout Int) {
  var sum = 0
  for _ in 0..<5 { sum &+= value &+ 1 }
  sink &+= sum
}
