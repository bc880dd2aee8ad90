import Foundation
import RillStore
import Testing

@testable import RillTesting

/// Undo, redo, jump and import, made by the test or by others, as steps of a test.
@MainActor @Suite(.timeLimit(.minutes(5))) struct TestStoreTimeTravelTests {
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

  @Test func aJumpPastAHistoryOfOneEntryCountsInTheSingular() {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let failures = Failures(of: store)
    store.send(.increase) { $0.count = 1 }
    store.jump(to: 2)
    #expect(failures.messages == ["Called jump(to: 2), which is out of range: the history has 1 entry"])
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
