//: # Testing the store
//: `TestStore` (product `RillTesting`) runs a store under test: send an action and describe the change,
//: receive what middleware and action creators dispatched, and finish with nothing left over. In a test
//: target `swift test` runs the `@Test` functions; here the page calls one (a passing test records no
//: issue).
import RillTesting
import Testing

struct Counter: Equatable {
  var count = 0
  var title = ""
}

enum CounterAction: Equatable {
  case increase
  case rename(String)
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increase: state.count += 1
  case .rename(let title): state.title = title
  }
}

/// Names the counter after each increase: an action the test receives.
let namesEachIncrease = Middleware<Counter, CounterAction> { context, action, next in
  next(action)
  if action == .increase { context.dispatch(.rename("count \(context.state.count)")) }
}

@MainActor @Test func increasing() async {
  let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [namesEachIncrease])
  store.send(.increase) { $0.count = 1 }  // the state right after .increase
  await store.receive(.rename("count 1")) { $0.title = "count 1" }  // what the middleware dispatched
  await store.finish()  // nothing left unasserted, no run task in flight
}

//: An action creator is a function of a `Dispatcher`. In the app a view model starts it on its store
//: with `store.run`; the test starts the same function with the test store's `run`, then receives
//: what it dispatches. `finish()` fails while it is still running.

/// Renames the counter once something slow (a save, say) has finished.
nonisolated(nonsending) func renameLater(_ dispatch: Dispatcher<Counter, CounterAction>, to title: String) async {
  await Task.yield()
  dispatch(.rename(title))
}

/// In the app: the view model starts the action creator on its store.
@MainActor final class CounterModel {
  let store = Store(initialState: Counter(), reducer: counterReducer)

  func titleEntered(_ title: String) {
    store.run { dispatch in await renameLater(dispatch, to: title) }
  }
}

/// In the test: the test store starts the same action creator.
@MainActor @Test func renaming() async {
  let store = TestStore(initialState: Counter(), reducer: counterReducer)
  store.run { dispatch in await renameLater(dispatch, to: "Ada") }
  await store.receive(.rename("Ada")) { $0.title = "Ada" }
  await store.finish()
}

//: Time travel changes the state without an action: the test describes it as a step. Time travel the
//: code under test makes (a subscriber that calls `undo()`) is received with `receive(timeTravel:)`;
//: one the test does not describe fails it.
@MainActor @Test func undoing() async {
  let store = TestStore(initialState: Counter(), reducer: counterReducer)
  store.send(.increase) { $0.count = 1 }
  store.undo { $0.count = 0 }
  store.redo { $0.count = 1 }
  await store.finish()
}

section("Passing tests")
await increasing()
print("increasing() passed")
await renaming()
print("renaming() passed")
await undoing()
print("undoing() passed")

//: A wrong expectation fails at its line with a diff (`-` expected, `+` actual):
//:
//:     The state after sending .increase is not the expected state (- expected, + actual):
//:       Counter(
//:     -   count: 2,
//:     +   count: 1,
//:         title: ""
//:       )
