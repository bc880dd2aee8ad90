import Rill
import Testing

/// The first behaviours of `Computed`: a value derived from what its closure reads, evaluated lazily (rule 10),
/// cut off by equality (rule 12).
@Suite(.freesEverything) struct ComputedBasicsTests {
  @Test func valueIsTheClosureOfWhatItReads() {
    let credit = CurrentValueSubject(0)
    let doubled = Computed { credit.value * 2 }
    #expect(doubled.value == 0)
    credit.value = 5
    #expect(doubled.value == 10)
  }

  @Test func unobservedItRunsOnlyWhenReadAndAtMostOncePerChange() {
    let credit = CurrentValueSubject(0)
    var runs = 0
    let doubled = Computed {
      runs += 1
      return credit.value * 2
    }
    #expect(runs == 0)
    _ = doubled.value
    _ = doubled.value
    #expect(runs == 1)
    credit.value = 1
    credit.value = 2
    #expect(runs == 1)
    #expect(doubled.value == 4)
    #expect(doubled.value == 4)
    #expect(runs == 2)
  }

  @Test func aChainReadsThroughAndEvaluatesEachLevelOncePerChange() {
    let source = CurrentValueSubject(1)
    var runs = [0, 0, 0]
    let a = Computed {
      runs[0] += 1
      return source.value + 1
    }
    let b = Computed {
      runs[1] += 1
      return a.value * 10
    }
    let c = Computed {
      runs[2] += 1
      return b.value + a.value
    }
    #expect(c.value == 22)
    #expect(runs == [1, 1, 1])
    source.value = 2
    #expect(c.value == 33)
    #expect(runs == [2, 2, 2])
    #expect(c.value == 33)
    #expect(runs == [2, 2, 2])
  }

  @Test func anEqualResultStopsTheChainWhenUnobserved() {
    let source = CurrentValueSubject(1)
    var downstreamRuns = 0
    let parity = Computed { source.value % 2 }
    let label = Computed {
      downstreamRuns += 1
      return parity.value == 0 ? "even" : "odd"
    }
    #expect(label.value == "odd")
    source.value = 3
    #expect(label.value == "odd")
    #expect(downstreamRuns == 1)
    source.value = 4
    #expect(label.value == "even")
    #expect(downstreamRuns == 2)
  }

  /// Generic code gets the initializer for what it knows of the value (the note on `Computed`'s initializers): where
  /// `T` is not known to be `Equatable`, `Computed(compute)` counts every re-evaluation as a change though the
  /// caller's `T` is `Equatable`; `Computed(equals: ==)` cuts off.
  @Test func genericCodeThatDoesNotKnowTheValueIsEquatableGetsNoCutOff() {
    func derived<T>(_ compute: @escaping () -> T) -> Computed<T> {
      Computed(compute)
    }
    func derivedCutOff<T: Equatable>(_ compute: @escaping () -> T) -> Computed<T> {
      Computed(equals: ==, compute)
    }
    let credit = CurrentValueSubject(10)
    let passedGeneric = derived { credit.value >= 70 }
    let passedCutOff = derivedCutOff { credit.value >= 70 }
    var heard: [String] = []
    let generic = passedGeneric.subscribe { heard.append("generic \($0)") }
    let cutOff = passedCutOff.subscribe { heard.append("cut off \($0)") }
    credit.value = 20  // still not passed
    credit.value = 30
    #expect(heard == ["generic false", "cut off false", "generic false", "generic false"])
    generic.cancel()
    cutOff.cancel()
  }

  @Test func subscribersHearTheValueThenEachChange() {
    let credit = CurrentValueSubject(0)
    let grade = Computed { credit.value >= 70 ? "pass" : "fail" }
    var heard: [String] = []
    let subscription = grade.subscribe { heard.append($0) }
    credit.value = 50
    credit.value = 75
    credit.value = 80
    credit.value = 10
    #expect(heard == ["fail", "pass", "fail"])
    subscription.cancel()
    credit.value = 90
    #expect(heard == ["fail", "pass", "fail"])
  }

  @Test func anEffectRunsNowAndAfterEachChangeOfWhatItRead() {
    let credit = CurrentValueSubject(0)
    let grade = Computed { credit.value >= 70 ? "pass" : "fail" }
    var printed: [String] = []
    let subscription = effect { printed.append(grade.value) }
    credit.value = 75
    credit.value = 80
    credit.value = 10
    #expect(printed == ["fail", "pass", "fail"])
    subscription.cancel()
    credit.value = 90
    #expect(printed == ["fail", "pass", "fail"])
  }

  @Test func aDiamondOfComputedsIsGlitchFree() {
    let source = CurrentValueSubject(1)
    let tens = Computed { source.value * 10 }
    let ones = Computed { source.value + 1 }
    var runs = 0
    let sum = Computed {
      runs += 1
      return "\(tens.value),\(ones.value)"
    }
    var heard: [String] = []
    let subscription = sum.subscribe { heard.append($0) }
    source.value = 2
    source.value = 3
    #expect(heard == ["10,2", "20,3", "30,4"])
    #expect(runs == 3)
    withExtendedLifetime(subscription) {}
  }

  /// The example of the README and of the "Computed values" article, printing into a log.
  @Test func theStudentCreditExampleAsComputeds() {
    var printed: [String] = []
    let score = CurrentValueSubject(0)
    let scoreColor = Computed { score.value < 30 ? "gray" : score.value < 70 ? "purple" : "red" }
    let grade = Computed { score.value == 0 ? "not set" : score.value < 70 ? "fail" : "pass" }
    let report = effect { printed.append("credit \(score.value): \(scoreColor.value), \(grade.value)") }
    score.value += 35
    score.value += 35
    report.cancel()
    score.value += 35
    #expect(printed == ["credit 0: gray, not set", "credit 35: purple, fail", "credit 70: red, pass"])
  }

  /// The batch example of the "Computed values" article.
  @Test func theArticlesBatchExample() {
    var printed: [String] = []
    let width = CurrentValueSubject(2)
    let height = CurrentValueSubject(3)
    let area = Computed { width.value * height.value }
    let logging = effect { printed.append("area \(area.value)") }
    batch {
      width.value = 4
      height.value = 5
    }
    #expect(printed == ["area 6", "area 20"])
    withExtendedLifetime(logging) {}
  }
}
