import Dispatch
import Observation
import TestSupport
import Testing

@testable import Rill

/// The model test's `@Observable` side: three properties computations read.
@Observable @MainActor final class ModelProperties {
  var x = 0
  var y = 0
  var usesY = false
}

/// Rule 16, model-based: random writes to subjects and `@Observable` properties, reads and turns of the main queue,
/// against a plain recomputation of every value from the inputs.
@MainActor @Suite(.freesEverything) struct ObservationModelTests {
  /// The values, recomputed from the inputs.
  struct Plain {
    var a = 0
    var b = 0
    var x = 0
    var y = 0
    var usesY = false
    var first: Int { a + x }
    var second: Int { usesY ? first + y : b }
    var third: Int { second * 2 + b }
  }

  /// 300 random steps a seed (3,000 with `RILL_STRESS=1`): after each write a pull reads the new values; after each
  /// turn the observers have heard them; no effect run ever sees values that do not fit together.
  @Test(arguments: [1, 2, 3, 4, 0xC0FFEE, 0x5EED] as [UInt64])
  func everyValueMatchesAPlainRecomputation(seed: UInt64) async {
    var generator = SplitMix64(seed: seed)
    var plain = Plain()
    let a = CurrentValueSubject(0)
    let b = CurrentValueSubject(0)
    let properties = ModelProperties()
    let first = Computed { a.value + properties.x }
    let second = Computed { properties.usesY ? first.value + properties.y : b.value }
    let third = Computed { second.value * 2 + b.value }
    var mismatches: [String] = []
    var lastThird = 0
    var effectRuns = 0
    let checker = effect {
      effectRuns += 1
      let seen = third.value
      let fromInputs = Plain(
        a: a.value, b: b.value, x: properties.x, y: properties.y, usesY: properties.usesY
      ).third
      if seen != fromInputs { mismatches.append("effect run \(effectRuns): \(seen), inputs give \(fromInputs)") }
      lastThird = seen
    }
    var heardFirst: [Int] = []
    let subscription = first.subscribe { heardFirst.append($0) }
    let steps = StressSize.pick(default: 300, stress: 3_000)
    for step in 0..<steps {
      let value = Int(generator.next() % 5)
      switch generator.next() % 9 {
      case 0:
        a.value = value
        plain.a = value
      case 1:
        b.value = value
        plain.b = value
      case 2:
        properties.x = value
        plain.x = value
      case 3:
        properties.y = value
        plain.y = value
      case 4:
        properties.usesY.toggle()
        plain.usesY.toggle()
      case 5:
        batch {
          a.value = value
          properties.x = value + 1
        }
        plain.a = value
        plain.x = value + 1
      case 6, 7:
        await mainQueueTurn()
        if lastThird != plain.third { mismatches.append("step \(step): the effect last saw \(lastThird)") }
        if heardFirst.last != plain.first { mismatches.append("step \(step): the subscriber last heard a stale value") }
      default:
        break
      }
      // A read after the write returned is new, whatever has run since.
      if first.value != plain.first || second.value != plain.second || third.value != plain.third {
        mismatches.append(
          "step \(step): read \(first.value), \(second.value), \(third.value); plain \(plain.first), "
            + "\(plain.second), \(plain.third)")
      }
      if mismatches.count > 5 { break }
    }
    await mainQueueTurn()
    #expect(mismatches.isEmpty, "seed \(seed): \(mismatches)")
    #expect(lastThird == plain.third)
    checker.cancel()
    subscription.cancel()
  }
}
