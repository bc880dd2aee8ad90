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

  // As the JS original: a chain of 9 computeds below the head, one computed reading the head and the 9, an
  // effect reading it.
  workload("kairo_triangle", .computed) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    var chain = [Computed { head.value &+ 1 }]
    for _ in 2..<10 {
      let above = chain[chain.count - 1]
      chain.append(Computed { above.value &+ 1 })
    }
    let sum = Computed { [chain] in chain.reduce(head.value) { $0 &+ $1.value } }
    let subscription = effect { sink &+= sum.value }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.value = value
    }
    benchmark.stopMeasurement()
    // The first write, 0, equals the head's value at creation: the first chain node's cut-off stops it there.
    expect(sink, expected(benchmark.scaledIterations.dropFirst()), "kairo_triangle", .computed)
    blackHole(subscription)
  }

  workload("kairo_triangle", .baseline) { benchmark in
    var sink = 0
    let chain = ContiguousArray((1..<10).map { _ in opaque(Step { $0 &+ 1 }) })
    let sum = opaque(Join { $0.reduce(0, &+) })
    let effect = opaque(Effect { sink &+= $0 })
    // The sum's latest inputs, as a join keeps them: the head, then the 9 chain nodes.
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: 10)
    defer { latest.deallocate() }
    func write(_ value: Int) {
      latest[0] = value
      for node in 0..<9 { latest[node &+ 1] = chain[node].run(latest[node]) }
      effect.run(sum.run(UnsafeBufferPointer(latest)))
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_triangle", .baseline)
  }

  workload("kairo_triangle", .straightLine) { benchmark in
    var sink = 0
    triangleStraightLine(0, &sink)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      triangleStraightLine(value, &sink)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_triangle", .straightLine)
  }
}

/// One write of kairo_triangle as plain code: the chain, the sum of the head and the chain, the effect.
@inline(never)
func triangleStraightLine(_ value: Int, _ sink: inout Int) {
  var current = value
  var sum = value
  for _ in 1..<10 {
    current &+= 1
    sum &+= current
  }
  sink &+= sum
}
