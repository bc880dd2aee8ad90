import Testing

@testable import Rill

/// A suite trait: every signal, graph, subscription and join settle a test creates is freed by the time it ends.
///
/// Each test case runs with its own ``LiveObjectScope`` bound (tests run in parallel, so one global count would
/// mix them up); objects made in tasks the test starts are counted too, detached ones and other threads' are
/// not. Objects freed asynchronously (a task that ends after the test) get a bounded wait.
///
/// Also a `TestTrait`: a recursive suite trait that is not one crashes the test runner when it applies the
/// trait to the suite's tests (swiftlang/swift-testing#1048).
struct FreesEverything: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let scope = LiveObjectScope()
    try await LiveObjectScope.$current.withValue(scope) {
      try await function()
    }
    // Up to 10 s for what tasks still hold; a test that frees everything at once does not wait at all.
    var waits = 0
    while scope.counts != LiveObjectCounts() && waits < 1_000 {
      try await Task.sleep(for: .milliseconds(10))
      waits += 1
    }
    #expect(scope.counts == LiveObjectCounts(), "left alive by \(test.name)", sourceLocation: test.sourceLocation)
  }
}

extension Trait where Self == FreesEverything {
  /// Every signal, graph, subscription and join settle each test creates is freed by its end.
  static var freesEverything: Self { FreesEverything() }
}
