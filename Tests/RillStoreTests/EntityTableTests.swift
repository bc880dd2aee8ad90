import RillStore
import Testing

/// Immutable models in an entity table: each screen selects its own model by id.
@Suite struct EntityTableTests {
  struct User: Equatable {
    let id: Int
    var name: String
    var email: String
    var isOnline = false
  }

  /// What the server sends: only the fields that changed.
  struct UserUpdate {
    var id: Int
    var name: String?
    var email: String?
    var isOnline: Bool?
  }

  struct App {
    var users: [Int: User] = [:]
  }

  enum AppAction {
    case loaded([User])
    case updated(UserUpdate)
    case removed(Int)
  }

  let app = Reducer<App, AppAction> { state, action in
    switch action {
    case .loaded(let users):
      for user in users { state.users[user.id] = user }
    case .updated(let update):
      guard let stored = state.users[update.id] else { return }
      var user = stored
      if let name = update.name { user.name = name }
      if let email = update.email { user.email = email }
      if let isOnline = update.isOnline { user.isOnline = isOnline }
      state.users[update.id] = user
    case .removed(let id):
      state.users[id] = nil
    }
  }

  let ada = User(id: 1, name: "Ada", email: "ada@example.com")
  let alan = User(id: 2, name: "Alan", email: "alan@example.com")

  @Test func partialUpdateMergesIntoTheStoredModel() {
    let store = Store(initialState: App(), reducer: app)
    store.dispatch(.loaded([ada, alan]))
    store.dispatch(.updated(UserUpdate(id: 1, isOnline: true)))
    #expect(store.currentState.users[1] == User(id: 1, name: "Ada", email: "ada@example.com", isOnline: true))
    store.dispatch(.updated(UserUpdate(id: 1, email: "ada@lovelace.org")))
    #expect(store.currentState.users[1] == User(id: 1, name: "Ada", email: "ada@lovelace.org", isOnline: true))
    #expect(store.currentState.users[2] == alan)
  }

  @Test func updateForAnUnknownUserChangesNothing() {
    let store = Store(initialState: App(), reducer: app)
    store.dispatch(.loaded([ada]))
    store.dispatch(.updated(UserUpdate(id: 9, name: "Nobody")))
    #expect(store.currentState.users == [1: ada])
  }

  @Test func eachScreenHearsAboutItsOwnModelOnly() {
    let store = Store(initialState: App(), reducer: app)
    var adaScreen: [String] = []
    var alanScreen: [String] = []
    let first = store.select(\.users[1]).subscribe { adaScreen.append($0?.name ?? "-") }
    let second = store.select(\.users[2]).subscribe { alanScreen.append($0?.name ?? "-") }
    store.dispatch(.loaded([ada, alan]))
    store.dispatch(.updated(UserUpdate(id: 1, name: "Ada Lovelace")))
    store.dispatch(.updated(UserUpdate(id: 1, isOnline: true)))
    store.dispatch(.removed(2))
    #expect(adaScreen == ["-", "Ada", "Ada Lovelace", "Ada Lovelace"])
    #expect(alanScreen == ["-", "Alan", "-"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func screensOfOneModelShareOneSelection() {
    let store = Store(initialState: App(), reducer: app)
    #expect(store.select(\.users[1]) === store.select(\.users[1]))
    #expect(store.select(\.users[1]) !== store.select(\.users[2]))
  }
}
