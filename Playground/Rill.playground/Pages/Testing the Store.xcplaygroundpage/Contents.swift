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

section("A passing test")
await increasing()
print("increasing() passed")

//: A wrong expectation fails at its line with a diff (`-` expected, `+` actual):
//:
//:     The state after sending .increase is not the expected state (- expected, + actual):
//:       Counter(
//:     -   count: 2,
//:     +   count: 1,
//:         title: ""
//:       )
