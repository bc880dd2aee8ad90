import Benchmark
import BenchmarkSupport
import Rill

/// What a read costs (issue 22's second goal): a clean `Computed`'s `value` beside a `CurrentValueSubject`'s, outside
/// any computation (`read_value`: one operation is one read) and inside an effect
/// (`read_in_effect`: one write, then an effect that reads the value 100 times, the first read recorded as an
/// edge and the others found as the read just made). Sides: Rill reads a `CurrentValueSubject`, Rill Computed a
/// `Computed` (unobserved in `read_value`, read by the effect in `read_in_effect`), the baseline a stored property
/// of an object the optimizer cannot see through.
func computedReads() {
  let readsPerRun = 100

  workload("read_value", .rill) { benchmark in
    var sink = 0
    let subject = opaque(CurrentValueSubject(3))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      sink &+= subject.value
    }
    benchmark.stopMeasurement()
    expect(sink, 3 * benchmark.scaledIterations.count, "read_value", .rill)
  }

  workload("read_value", .computed) { benchmark in
    var sink = 0
    let subject = CurrentValueSubject(1)
    let tripled = opaque(Computed { subject.value &* 3 })
    _ = tripled.value
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      sink &+= tripled.value
    }
    benchmark.stopMeasurement()
    expect(sink, 3 * benchmark.scaledIterations.count, "read_value", .computed)
  }

  workload("read_value", .baseline) { benchmark in
    var sink = 0
    let box = opaque(Box(3))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      sink &+= box.value
    }
    benchmark.stopMeasurement()
    expect(sink, 3 * benchmark.scaledIterations.count, "read_value", .baseline)
  }

  workload("read_in_effect", .rill) { benchmark in
    var sink = 0
    let subject = CurrentValueSubject(0)
    let subscription = effect {
      for _ in 0..<readsPerRun { sink &+= subject.value }
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      subject.value = value
    }
    benchmark.stopMeasurement()
    expect(sink, readsPerRun * benchmark.scaledIterations.reduce(0, +), "read_in_effect", .rill)
    blackHole(subscription)
  }

  workload("read_in_effect", .computed) { benchmark in
    var sink = 0
    let subject = CurrentValueSubject(0)
    let copy = Computed { subject.value }
    let subscription = effect {
      for _ in 0..<readsPerRun { sink &+= copy.value }
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      subject.value = value
    }
    benchmark.stopMeasurement()
    // The first write, 0, equals the computed's first value: cut off, the effect does not run for it.
    expect(sink, readsPerRun * benchmark.scaledIterations.reduce(0, +), "read_in_effect", .computed)
    blackHole(subscription)
  }

  workload("read_in_effect", .baseline) { benchmark in
    var sink = 0
    let box = opaque(Box(0))
    let run = opaque(Effect { _ in
      for _ in 0..<readsPerRun { sink &+= box.value }
    })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      box.value = value
      run.run(value)
    }
    benchmark.stopMeasurement()
    expect(sink, readsPerRun * benchmark.scaledIterations.reduce(0, +), "read_in_effect", .baseline)
  }
}

/// A value in an object, read through a reference: the baseline of a read.
final class Box {
  var value: Int

  init(_ value: Int) {
    self.value = value
  }
}
