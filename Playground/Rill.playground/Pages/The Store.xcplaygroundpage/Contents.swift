//: # The store
//: One state value, changed only by dispatched actions through a pure reducer, exposed as a signal.
import RillStore
import Synchronization

struct Counter: Equatable {
  var count = 0
  var title = "clicks"
}

enum CounterAction: Equatable {
  case increase
  case decrease
  case rename(String)
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increase: state.count += 1
  case .decrease: state.count -= 1
  case .rename(let title): state.title = title
  }
}

section("Dispatch, then watch the state")
// A middleware is Sendable (it can be a global, shared by stores): what it keeps goes behind a lock.
let log = Mutex<[String]>([])
let logger = Middleware<Counter, CounterAction> { _, action, next in
  log.withLock { $0.append("\(action)") }
  next(action)
}
let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [logger])
let label = Timeline("label", combine(store.select(\.title), store.select(\.count)).map { "\($0): \($1)" })
store.dispatch(.increase)  // "label: clicks: 1"
store.dispatch(.increase)  // "label: clicks: 2"
store.dispatch(.decrease)  // "label: clicks: 1"
store.dispatch(.rename("taps"))  // "label: taps: 1"
print("state:", store.currentState)
print("middleware saw:", log.withLock { $0 })

section("select skips repeats")
let counts = Timeline("count", store.select(\.count))
store.dispatch(.rename("presses"))  // the count did not change: the count timeline stays quiet
store.dispatch(.increase)
print(counts.values)  // [1, 2]
