//: # The store
//: One state value, changed only by dispatched actions through a pure reducer, exposed as a signal.
import Foundation
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

section("Entity tables: one signal per model")
struct User: Identifiable, Equatable, Codable {
  let id: Int
  var name: String
  var isOnline = false
}
/// What the server sends: only the fields that changed, merged into the stored user.
struct UserPatch: EntityPatch, Codable {
  let id: Int
  var name: String?
  var isOnline: Bool?
  func merge(into user: inout User) {
    if let name { user.name = name }
    if let isOnline { user.isOnline = isOnline }
  }
}
struct Users: Equatable, Codable { var users = EntityTable<User>() }
enum UsersAction: Codable {
  case loaded([User])
  case patched(UserPatch)
  case removed(Int)
}

let usersReducer = Reducer<Users, UsersAction> { state, action in
  switch action {
  case .loaded(let loaded): for user in loaded { state.users.upsert(user) }
  case .patched(let patch): state.users.merge(patch)
  case .removed(let id): state.users.remove(id)
  }
}
let usersStore = Store(initialState: Users(), reducer: usersReducer)
usersStore.dispatch(.loaded([User(id: 1, name: "Ada"), User(id: 2, name: "Alan")]))
let profile = Timeline(
  "user 1", usersStore.entity(1, in: \.users).map { $0.map { "\($0.name) \($0.isOnline)" } ?? "gone" })
let serverSays = #"{"id": 1, "isOnline": true}"#
usersStore.dispatch(.patched(try! JSONDecoder().decode(UserPatch.self, from: Data(serverSays.utf8))))  // "Ada true"
usersStore.dispatch(.patched(UserPatch(id: 2, name: "Alan Turing")))  // user 1 did not change: quiet
usersStore.dispatch(.removed(1))  // "gone"
print(profile.values)  // ["Ada false", "Ada true", "gone"]
