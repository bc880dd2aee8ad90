import RillStore
import Testing

@testable import RillTesting

/// Sending, receiving, running action creators and finishing: the steps of a test and how each fails.
@MainActor @Suite(.timeLimit(.minutes(5))) struct TestStoreTests {
  @Test func sendPassesWhenTheChangeIsTheOneDescribed() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.send(.increase) { $0.count = 1 }
    store.send(.rename("Ada")) { $0.title = "Ada" }
    #expect(store.state == Counter(count: 1, title: "Ada"))
    await store.finish()
  }

  @Test func sendFailsWithADiffOfTheExpectedAndActualStateAtTheCaller() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 2 }
    let line = #line - 1
    #expect(
      failures.reported == [
        Failure(
          message: """
            The state after sending .increase is not the expected state (- expected, + actual):
              Counter(
            -   count: 2,
            +   count: 1,
                title: ""
              )
            """,
          line: line)
      ])
  }

  @Test func aFailureIsAnIssueAtTheCaller() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let line = #line + 2
    withKnownIssue("send fails on purpose: the test checks that a failure is recorded as an issue") {
      store.send(.increase) { $0.count = 2 }
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue).first?.hasPrefix("The state after sending .increase") == true
    }
  }

  @Test func sendWithoutAClosureExpectsNoChange() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.rename(""))
    #expect(failures.reported.isEmpty)
    store.send(.increase)
    #expect(
      failures.messages == [
        """
        The state after sending .increase is not the expected state (- expected, + actual):
          Counter(
        -   count: 0,
        +   count: 1,
            title: ""
          )
        """
      ])
  }

  @Test func anErrorThrownByTheExpectedChangeIsAFailure() {
    struct Missing: Error {}
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.increase) { _ in throw Missing() }
    #expect(failures.messages == ["The expected change of .increase threw Missing()"])
  }

  @Test func receiveAssertsAnActionAMiddlewareDispatched() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
    store.send(.increase) { $0.count = 1 }  // the state right after .increase: not yet renamed
    await store.receive(.rename("count 1")) { $0.title = "count 1" }
    await store.finish()
  }

  @Test func receiveFailsOnAnotherAction() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    await store.receive(.tick)
    #expect(failures.messages == [#"Expected to receive .tick, but received .rename("count 1")"#])
  }

  @Test func receiveFailsWhenNothingArrivesInTime() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    await store.receive(.tick, timeout: .milliseconds(20))
    #expect(failures.messages == ["Expected to receive .tick, but received nothing within 0.02 seconds"])
  }

  @Test func receiveWaitsForARunTask() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.run { dispatch in
      await Task.yield()
      dispatch(.tick)
    }
    await store.receive(.tick) { $0.count = 10 }
    await store.finish()
  }

  @Test func runRunsAnActionCreatorOnTheCallersActor() async throws {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let task = store.run { dispatch in
      MainActor.assertIsolated()
      await Task.yield()
      MainActor.assertIsolated()
      dispatch(.tick)
    }
    #expect(store.store.runsInFlight == 1)
    try await task.value
    #expect(store.store.runsInFlight == 0)
    await store.receive(.tick) { $0.count = 10 }
    await store.finish()
  }

  @Test func sendingWithReceivedActionsNotAssertedFails() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    store.send(.rename("Ada")) { $0.title = "Ada" }
    #expect(
      failures.messages == [#"Sent .rename("Ada") with 1 received action(s) not asserted:\#n  .rename("count 1")"#])
  }

  @Test func finishFailsOnReceivedActionsNotAsserted() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    await store.finish()
    #expect(failures.messages == ["The test finished with 1 received action(s) not asserted:\n  .rename(\"count 1\")"])
  }

  @Test func finishFailsOnRunTasksStillInFlight() async throws {
    let clock = ManualClock()
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    let task = store.run { dispatch in
      try await clock.sleep(for: .seconds(60))
      dispatch(.tick)
    }
    await store.finish(timeout: .milliseconds(20))
    #expect(failures.messages == ["The test finished with 1 run task(s) still in flight"])
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func aRunTaskDrivenByAManualClock() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.run { dispatch in
      for _ in 0..<2 {
        try await clock.sleep(for: .seconds(1))
        dispatch(.tick)
      }
    }
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 10 }
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 20 }
    await store.finish()
  }

  @Test func aTimeOperatorDrivenByAManualClockDispatchesWhatTheTestReceives() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let query = Subject<String>()
    let searching = query.debounce(for: .milliseconds(300), clock: clock).subscribe {
      store.store.dispatch(.rename($0))
    }
    query.send("r")
    query.send("ri")
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rename("ri")) { $0.title = "ri" }
    searching.cancel()
    await store.finish()
  }

  @Test func aStoreFreedWithoutFinishReportsWhatWasLeftWhereItWasMade() {
    var failures: Failures?
    let line = #line + 2
    do {
      let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
      failures = Failures(of: store)
      store.send(.increase) { $0.count = 1 }
      #expect(failures?.reported == [])
    }
    #expect(
      failures?.reported == [
        Failure(
          message: "The test store was freed without finish() with 1 received action(s) not asserted:\n"
            + "  .rename(\"count 1\")",
          line: line)
      ])
  }
}
