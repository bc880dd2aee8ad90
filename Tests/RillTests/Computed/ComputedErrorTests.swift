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
