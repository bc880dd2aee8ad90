import Testing

@testable import Rill

/// What stops the program, with a message: a write before the closure's first suspension (it runs inside the
/// computed's evaluation, where nothing may be written), and a cycle. Each runs in a child process.
@Suite struct AsyncComputedErrorTests {
  @Test func aWriteBeforeTheFirstSuspensionStops() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let count = CurrentValueSubject(0)
        let reader = Computed { count.value }
        _ = reader.value  // a value computations read
        let writing = AsyncComputed { () async -> Int in
          count.value += 1
          return count.value
        }
        _ = writing.value
      }
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("from inside an AsyncComputed's closure, before its first suspension"))
  }

  @Test func anAsyncComputedThatReadsItselfStops() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        var selfReference: AsyncComputed<Int>?
        let looping = AsyncComputed { () async -> Int in (selfReference?.value ?? 0) + 1 }
        selfReference = looping
        _ = looping.value
      }
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("reads itself (a cycle of computeds)"))
  }
}
