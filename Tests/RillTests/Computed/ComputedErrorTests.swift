import Rill
import Testing

/// Rule 14's errors: a computed that reads itself, and a write from inside a computed's closure, stop the program
/// with a message (not a stack overflow, not a hang). Each runs in a child process.
@Suite struct ComputedErrorTests {
  @Test func aComputedThatReadsItselfStops() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var selfReference: Computed<Int>?
      let looping = Computed { (selfReference?.value ?? 0) + 1 }
      selfReference = looping
      _ = looping.value
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("a Computed<Int> reads itself (a cycle of computeds)"))
  }

  /// A computed given a name is called by it, as the live graph calls it.
  @Test func aNamedComputedThatReadsItselfIsCalledByItsName() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var selfReference: Computed<Int>?
      let looping = Computed { (selfReference?.value ?? 0) + 1 }.named("total")
      selfReference = looping
      _ = looping.value
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains(#"Rill: Computed<Int> "total" reads itself (a cycle of computeds)"#))
  }

  @Test func aCycleThroughAnotherComputedStops() async {
    await #expect(processExitsWith: .failure) {
      let flag = CurrentValueSubject(false)
      var b: Computed<Int>?
      let a = Computed { flag.value ? (b?.value ?? 0) : 1 }
      b = Computed { a.value + 1 }
      let subscription = b?.subscribe { _ in }
      flag.value = true  // a now reads b, which reads a
      withExtendedLifetime(subscription) {}
    }
  }

  @Test func aWriteFromInsideAComputedStops() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = CurrentValueSubject(0)
      let other = CurrentValueSubject(0)
      let reading = Computed { other.value }
      _ = reading.value
      let writing = Computed {
        other.value = source.value
        return source.value
      }
      _ = writing.value
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("a write to a CurrentValueSubject from inside a Computed's closure"))
  }

  /// The computed that writes and the subject written are called by their names, when they have them.
  @Test func aWriteFromInsideANamedComputedNamesBoth() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let goal = CurrentValueSubject(0).named("goal")
      let reading = Computed { goal.value }
      _ = reading.value
      let writing = Computed {
        goal.value = 1
        return 1
      }.named("total")
      _ = writing.value
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      message.contains(
        #"Rill: a write to CurrentValueSubject<Int> "goal" from inside the closure of Computed<Int> "total"."#))
  }

  @Test func aWriteToAnUnnamedSubjectNamesTheComputed() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let other = CurrentValueSubject("")
      let reading = Computed { other.value }
      _ = reading.value
      let writing = Computed {
        other.value = "x"
        return 1
      }.named("a \"quoted\"\nname")
      _ = writing.value
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      message.contains(
        #"Rill: a write to a CurrentValueSubject from inside the closure of Computed<Int> "a \"quoted\"\nname"."#))
  }

  @Test func anUntrackedWriteFromInsideAComputedStopsToo() async {
    await #expect(processExitsWith: .failure) {
      let other = CurrentValueSubject(0)
      let reading = Computed { other.value }
      _ = reading.value
      let writing = Computed {
        untracked { other.value = 1 }
        return 1
      }
      _ = writing.value
    }
  }

  @Test func writingFromAnEffectIsAllowed() {
    let source = CurrentValueSubject(1)
    let target = CurrentValueSubject(0)
    let subscription = effect { target.value = source.value * 2 }
    source.value = 5
    #expect(target.value == 10)
    withExtendedLifetime(subscription) {}
  }
}
