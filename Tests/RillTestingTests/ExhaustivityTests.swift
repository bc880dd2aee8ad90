import RillStore
import Testing

@testable import RillTesting

/// A non-exhaustive test store asserts only what the test names.
@MainActor @Suite(.timeLimit(.minutes(5))) struct ExhaustivityTests {
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
