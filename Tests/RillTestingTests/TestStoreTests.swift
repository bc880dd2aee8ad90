import Foundation
import RillStore
import Testing

@testable import RillTesting

struct Counter: Equatable {
  var count = 0
  var title = ""
}

enum CounterAction: Equatable, Codable {
  case increase
  case rename(String)
  case tick
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increase: state.count += 1
  case .rename(let title): state.title = title
  case .tick: state.count += 10
  }
}

/// Names the counter after each increase, from a middleware: an action the test receives.
let namesEachIncrease = Middleware<Counter, CounterAction> { context, action, next in
  next(action)
  if action == .increase { context.dispatch(.rename("count \(context.state.count)")) }
}

/// One failure a test store reported: its message and the line it was reported at.
struct Failure: Equatable, CustomStringConvertible {
  var message: String
  var line: Int

  var description: String { "line \(line): \(message)" }
}

/// The failures a test store reported, captured instead of recorded as issues: a test of a failure
/// checks its exact message, and `swift test` records no known issue for it.
final class Failures {
  private(set) var reported: [Failure] = []

  /// The messages, in order.
  var messages: [String] { reported.map(\.message) }

  /// Makes `store` report its failures here instead of recording issues.
  init<State, Action>(of store: TestStore<State, Action>) {
    store.reportFailure = { message, location in
      self.reported.append(Failure(message: message, line: location.line))
    }
  }
}

/// Polls until `condition` holds (for a sleeper registering on another thread); at most about 10 s.
@MainActor func eventually(_ condition: () -> Bool) async {
  var polls = 0
  while !condition() && polls < 10_000 {
    try? await Task.sleep(for: .milliseconds(1))
    polls += 1
  }
}

@MainActor @Suite(.timeLimit(.minutes(1))) struct TestStoreTests {
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

  @Test func nonExhaustiveStoresAssertOnlyWhatTheTestNames() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
    store.exhaustivity = .off
    store.send(.increase)  // its change is not checked
    store.send(.increase) { $0.count = 2 }  // only count is compared
    await store.receive(.rename("count 2")) { $0.title = "count 2" }  // skips the first rename
    store.send(.increase)
    await store.finish()  // the last rename was not received: fine
    #expect(store.state == Counter(count: 3, title: "count 3"))
  }

  @Test func nonExhaustiveStoresStillFailOnAFieldTheTestNamesWrongly() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.exhaustivity = .off
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 5 }
    #expect(
      failures.messages == [
        """
        The state after sending .increase is not the expected state (- expected, + actual):
          Counter(
        -   count: 5,
        +   count: 1,
            title: ""
          )
        """
      ])
  }

  @Test func aSubscriberThatUndoesFailsTheTest() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    let undoing = store.store.state.subscribe { [inner = store.store] in
      if $0.count == 2 { inner.undo() }
    }
    store.send(.increase) { $0.count = 1 }
    store.send(.increase) { $0.count = 2 }
    await store.finish()
    #expect(
      failures.messages == [
        """
        The test finished with 1 time-travel step(s) not asserted:
          undo(), which changed the state (- before, + after):
              Counter(
            -   count: 2,
            +   count: 1,
                title: ""
              )
        """
      ])
    undoing.cancel()
  }

  @Test func timeTravelTheTestDidNotDescribeFailsTheNextStep() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    store.store.undo()
    store.send(.rename("Ada")) { $0.title = "Ada" }
    #expect(
      failures.messages == [
        """
        Sent .rename("Ada") with 1 time-travel step(s) not asserted:
          undo(), which changed the state (- before, + after):
              Counter(
            -   count: 1,
            +   count: 0,
                title: ""
              )
        """
      ])
  }

  @Test(arguments: UndescribedTravel.allCases) func timeTravelTheTestDidNotDescribeFailsFinish(
    travel: UndescribedTravel
  ) async throws {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    store.send(.rename("Ada")) { $0.title = "Ada" }
    try travel.make(store.store)
    await store.finish()
    #expect(failures.messages == [travel.failure])
  }

  @Test func aSubscriberThatUndoesPassesWhenTheTestReceivesTheUndo() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let undoing = store.store.state.subscribe { [inner = store.store] in
      if $0.count == 2 { inner.undo() }
    }
    store.send(.increase) { $0.count = 1 }
    store.send(.increase) { $0.count = 2 }
    await store.receive(timeTravel: .undo) { $0.count = 1 }
    await store.finish()
    undoing.cancel()
  }

  @Test func receiveWaitsForTimeTravelARunTaskMakes() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.send(.increase) { $0.count = 1 }
    store.run { [inner = store.store] _ in
      await Task.yield()
      inner.undo()
    }
    await store.receive(timeTravel: .undo) { $0.count = 0 }
    await store.finish()
  }

  @Test func receiveFailsWhenTheNextChangeIsTimeTravel() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    store.store.undo()
    await store.receive(.tick)
    #expect(
      failures.messages == [
        """
        Expected to receive .tick, but received undo(), which changed the state (- before, + after):
            Counter(
          -   count: 1,
          +   count: 0,
              title: ""
            )
        """
      ])
  }

  @Test func receiveFailsOnAnotherTimeTravelOrAnAction() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    await store.receive(timeTravel: .undo)
    store.store.undo()
    await store.receive(timeTravel: .redo, timeout: .milliseconds(20))
    await store.receive(timeTravel: .redo, timeout: .milliseconds(20))
    #expect(
      failures.messages == [
        #"Expected to receive undo(), but received .rename("count 1")"#,
        """
        Expected to receive redo(), but received undo(), which changed the state (- before, + after):
            Counter(
              count: 1,
          -   title: "count 1"
          +   title: ""
            )
        """,
        "Expected to receive redo(), but received nothing within 0.02 seconds",
      ])
  }

  @Test func timeTravelTheTestMakesPassesWhenDescribed() async throws {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.send(.increase) { $0.count = 1 }
    store.send(.rename("Ada")) { $0.title = "Ada" }
    store.undo { $0.title = "" }
    store.redo { $0.title = "Ada" }
    store.jump(to: 0) { $0 = Counter() }
    let session = Store(initialState: Counter(), reducer: counterReducer, recording: .unbounded)
    session.dispatch(.tick)
    try store.importHistory(session.exportHistory()) { $0.count = 10 }
    await store.finish()
  }

  @Test func timeTravelTheTestMakesFailsWithADiffWhenDescribedWrongly() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    store.undo()
    let line = #line - 1
    #expect(
      failures.reported == [
        Failure(
          message: """
            The state after undo() is not the expected state (- expected, + actual):
              Counter(
            -   count: 1,
            +   count: 0,
                title: ""
              )
            """,
          line: line)
      ])
  }

  @Test func timeTravelTheTestMakesFailsWithReceivedChangesNotAsserted() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    store.store.undo()
    store.redo { $0.title = "count 1" }
    #expect(
      failures.messages == [
        """
        Called redo() with 2 received action(s) and time-travel step(s) not asserted:
          .rename("count 1")
          undo(), which changed the state (- before, + after):
              Counter(
                count: 1,
            -   title: "count 1"
            +   title: ""
              )
        """
      ])
  }

  @Test func timeTravelWithNothingToDoFailsWithoutStoppingTheTest() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.undo()
    store.redo()
    store.jump(to: 1)
    store.jump(to: -1)
    #expect(
      failures.messages == [
        "Called undo() with nothing to undo",
        "Called redo() with nothing to redo",
        "Called jump(to: 1), which is out of range: the history has 0 entries",
        "Called jump(to: -1), which is out of range: the history has 0 entries",
      ])
    #expect(store.store.history.position == 0)
  }

  @Test func anImportThatThrowsLeavesTheStoreAsItWas() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.send(.increase) { $0.count = 1 }
    #expect(throws: HistoryImportError.self) { try store.importHistory(Data("not a session".utf8)) }
    store.send(.increase) { $0.count = 2 }
    await store.finish()
  }

  @Test func timeTravelThatLeavesTheStateAsItWasIsAStepToo() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.rename(""))  // changes nothing
    store.store.undo()
    await store.finish()
    #expect(
      failures.messages == [
        "The test finished with 1 time-travel step(s) not asserted:\n  undo(), which left the state as it was"
      ])
  }

  @Test func aStepTakenFromInsideADispatchFailsAndLeavesTheStepAroundItAlone() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    let nested = store.store.state.subscribe { [unowned store] in
      if $0.count == 1 { store.undo() }
    }
    store.send(.increase) { $0.count = 1 }
    await store.receive(timeTravel: .undo) { $0.count = 0 }  // it ran after the send, as a received change
    await store.finish()
    #expect(
      failures.messages == [
        "Called undo(), which did not run at once: call it from the test, not from inside a dispatch"
      ])
    nested.cancel()
  }

  @Test func nonExhaustiveStoresSkipTimeTravelTheTestDoesNotName() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
    store.exhaustivity = .off
    let failures = Failures(of: store)
    store.send(.increase)  // count 1, and the middleware's rename
    store.store.undo()  // undoes the rename: not named
    store.store.undo()  // undoes the increase: not named
    store.send(.tick) { $0.count = 10 }
    store.send(.increase) { $0.count = 11 }
    await store.receive(.rename("count 11")) { $0.title = "count 11" }  // skips the rename and undos before it
    store.send(.increase) { $0.count = 12 }
    store.store.undo()  // undoes the rename "count 12"
    await store.receive(timeTravel: .undo) { $0.title = "count 11" }  // skips the rename before it
    store.store.undo()  // not named
    await store.finish()
    #expect(store.state == Counter(count: 11, title: "count 11"))
    #expect(failures.reported == [])
  }
}

/// A time-travel step the test makes on the store directly, without describing it, and how the test
/// fails.
enum UndescribedTravel: CaseIterable, CustomTestStringConvertible {
  case undo
  case undoAndRedo
  case jump
  case importHistory

  var testDescription: String { "\(self)" }

  func make(_ store: Store<Counter, CounterAction>) throws {
    switch self {
    case .undo: store.undo()
    case .undoAndRedo:
      store.undo()
      store.redo()  // back where it was: two changes all the same
    case .jump: store.jump(to: 1)
    case .importHistory:
      let session = Store(initialState: Counter(), reducer: counterReducer, recording: .unbounded)
      session.dispatch(.rename("Ada"))
      try store.importHistory(session.exportHistory())
    }
  }

  /// The failure `finish()` reports after two steps, an increase and a rename to "Ada".
  var failure: String {
    switch self {
    case .undo:
      """
      The test finished with 1 time-travel step(s) not asserted:
        undo(), which changed the state (- before, + after):
            Counter(
              count: 1,
          -   title: "Ada"
          +   title: ""
            )
      """
    case .undoAndRedo:
      """
      The test finished with 2 time-travel step(s) not asserted:
        undo(), which changed the state (- before, + after):
            Counter(
              count: 1,
          -   title: "Ada"
          +   title: ""
            )
        redo(), which changed the state (- before, + after):
            Counter(
              count: 1,
          -   title: ""
          +   title: "Ada"
            )
      """
    case .jump:
      """
      The test finished with 1 time-travel step(s) not asserted:
        jump(to: 1), which changed the state (- before, + after):
            Counter(
              count: 1,
          -   title: "Ada"
          +   title: ""
            )
      """
    case .importHistory:
      """
      The test finished with 1 time-travel step(s) not asserted:
        importHistory(_:), which changed the state (- before, + after):
            Counter(
          -   count: 1,
          +   count: 0,
              title: "Ada"
            )
      """
    }
  }
}
