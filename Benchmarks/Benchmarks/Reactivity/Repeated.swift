import Benchmark
import BenchmarkSupport
import Rill

/// How many times kairo's repeated case reads its head in one node.
let repeatedReads = 30

/// kairo_repeated: one node that reads the head 30 times and adds the reads up → effect. A Rill node receives
/// the head's value once, so the 30 reads are reads of that value: the case is one `map` node.
func repeated() {
  func expected(_ writes: Range<Int>) -> Int {
    writes.reduce(0) { $0 &+ repeatedReads &* $1 }
  }
  let readRepeatedly = { (value: Int) -> Int in
    var result = 0
    for _ in 0..<repeatedReads { result &+= value }
    return result
  }

  workload("kairo_repeated", .rill) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let effect = head.map(readRepeatedly).subscribe { sink &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.send(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_repeated", .rill)
    blackHole(effect)
  }

  // As the JS original: a computed that reads the head 30 times, an effect reading it.
  workload("kairo_repeated", .computed) { benchmark in
    var sink = 0
    let head = CurrentValueSubject(0)
    let current = Computed {
      var result = 0
      for _ in 0..<repeatedReads { result &+= head.value }
      return result
    }
    let subscription = effect { sink &+= current.value }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      head.value = value
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_repeated", .computed)
    blackHole(subscription)
  }

  workload("kairo_repeated", .baseline) { benchmark in
    var sink = 0
    let node = opaque(Step(run: readRepeatedly))
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      effect.run(node.run(value))
    }
    write(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      write(value)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_repeated", .baseline)
  }

  workload("kairo_repeated", .straightLine) { benchmark in
    var sink = 0
    repeatedStraightLine(0, &sink)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      repeatedStraightLine(value, &sink)
    }
    benchmark.stopMeasurement()
    expect(sink, expected(benchmark.scaledIterations), "kairo_repeated", .straightLine)
  }
}

/// One write of kairo_repeated as plain code: the node's 30 reads, then the effect.
@inline(never)
func repeatedStraightLine(_ value: Int, _ sink: inout Int) {
  var result = 0
  for _ in 0..<repeatedReads { result &+= value }
  sink &+= result
}
