import Foundation
import RillStore
import Testing

/// The state of a small app with an entity table of users.
struct Directory: Equatable, Codable {
  var users = EntityTable<User>()
  var title = ""
}

enum DirectoryAction: Equatable, Codable {
  case loaded([User])
  case patched([UserPatch])
  case removed([Int])
  case retitled(String)
  /// Renames a user with an edit that a check after it may reject (`try?` in the reducer).
  case renamed(Int, to: String, rejected: Bool)
}

/// What the check of a ``DirectoryAction/renamed(_:to:rejected:)`` throws.
struct RenameRejected: Error {}

func directoryReducer() -> Reducer<Directory, DirectoryAction> {
  Reducer { state, action in
    switch action {
    case .loaded(let users): for user in users { state.users.upsert(user) }
    case .patched(let patches): for patch in patches { state.users.merge(patch) }
    case .removed(let ids): for id in ids { state.users.remove(id) }
    case .retitled(let title): state.title = title
    case .renamed(let id, let name, let rejected):
      _ = try? state.users.update(id) { user in
        user.name = name
        if rejected { throw RenameRejected() }
      }
    }
  }
}

func directoryStore(_ users: [User] = []) -> Store<Directory, DirectoryAction> {
  Store(initialState: Directory(users: EntityTable(users)), reducer: directoryReducer())
}

/// Per-id observation on the store: each observer hears exactly its model's states.
@Suite struct EntityTableObservationTests {
  let ada = User(id: 1, name: "Ada")
  let alan = User(id: 2, name: "Alan")

  /// Records what an observer of one id heard: the name, or "-" for `nil`.
  final class Screen {
    var heard: [String] = []
    func hear(_ user: User?) { heard.append(user.map { $0.isOnline ? $0.name + "+" : $0.name } ?? "-") }
  }

  @Test func replaysTheModelThenEmitsOnlyItsChanges() {
    let store = directoryStore([ada, alan])
    let screen = Screen()
    let subscription = store.entity(1, in: \.users).subscribe(screen.hear)
    store.dispatch(.patched([UserPatch(id: 2, isOnline: true)]))
    store.dispatch(.retitled("Team"))
    store.dispatch(.patched([UserPatch(id: 1, name: "Ada Lovelace")]))
    store.dispatch(.patched([UserPatch(id: 1, name: "Ada Lovelace")]))
    store.dispatch(.patched([UserPatch(id: 1, isOnline: true)]))
    #expect(screen.heard == ["Ada", "Ada Lovelace", "Ada Lovelace+"])
    withExtendedLifetime(subscription) {}
  }

  /// Issue 20.6: an update whose body edits the model and then throws is rolled back, so the state and
  /// what the observer heard agree (the edit was kept without a recorded change, so never heard).
  @Test func anUpdateThatThrowsAfterEditingLeavesTheModelAndItsObserverAsTheyWere() {
    let store = directoryStore([ada])
    let screen = Screen()
    let subscription = store.entity(1, in: \.users).subscribe(screen.hear)
    store.dispatch(.renamed(1, to: "Ada Lovelace", rejected: true))
    #expect(store.currentState.users[id: 1] == ada)
    #expect(screen.heard == ["Ada"])
    store.dispatch(.renamed(1, to: "Ada Lovelace", rejected: false))
    #expect(store.currentState.users[id: 1]?.name == "Ada Lovelace")
    #expect(screen.heard == ["Ada", "Ada Lovelace"])
    withExtendedLifetime(subscription) {}
  }

  @Test func aRemovedModelIsNilAndARe_addedOneComesBack() {
    let store = directoryStore([ada])
    let screen = Screen()
    let subscription = store.entity(1, in: \.users).subscribe(screen.hear)
    store.dispatch(.removed([1]))
    store.dispatch(.removed([1]))
    store.dispatch(.loaded([User(id: 1, name: "Ada again")]))
    #expect(screen.heard == ["Ada", "-", "Ada again"])
    withExtendedLifetime(subscription) {}
  }

  @Test func anIDNotYetInTheTableReplaysNilThenItsModel() {
    let store = directoryStore()
    let screen = Screen()
    let subscription = store.entity(7, in: \.users).subscribe(screen.hear)
    store.dispatch(.loaded([User(id: 7, name: "Kay")]))
    #expect(screen.heard == ["-", "Kay"])
    withExtendedLifetime(subscription) {}
  }

  @Test func aDispatchChangingManyIDsTellsEachObserverOnce() {
    let store = directoryStore([ada, alan])
    let first = Screen()
    let second = Screen()
    let subscriptions = [
      store.entity(1, in: \.users).subscribe(first.hear), store.entity(2, in: \.users).subscribe(second.hear),
    ]
    store.dispatch(
      .patched([UserPatch(id: 1, name: "A"), UserPatch(id: 2, name: "B"), UserPatch(id: 1, isOnline: true)]))
    #expect(first.heard == ["Ada", "A+"])
    #expect(second.heard == ["Alan", "B"])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func aDispatchTouchingOneIDCallsExactlyThatIDsObservers() {
    let count = 10_000
    let store = directoryStore((0..<count).map { User(id: $0, name: "user \($0)") })
    var calls = [Int](repeating: 0, count: count)
    let subscriptions = (0..<count).map { id in store.entity(id, in: \.users).subscribe { _ in calls[id] += 1 } }
    #expect(calls == [Int](repeating: 1, count: count))
    store.dispatch(.patched([UserPatch(id: 4_321, isOnline: true)]))
    store.dispatch(.retitled("none changed"))
    var expected = [Int](repeating: 1, count: count)
    expected[4_321] = 2
    #expect(calls == expected)
    withExtendedLifetime(subscriptions) {}
  }

  @Test func observersOfOneIDShareOneSignalWhileObserved() {
    let store = directoryStore([ada])
    let signal = store.entity(1, in: \.users)
    let subscription = signal.subscribe { _ in }
    #expect(store.entity(1, in: \.users) === signal)
    #expect(store.entity(2, in: \.users) !== signal)
    subscription.cancel()
    #expect(store.entity(1, in: \.users) !== signal)
  }

  @Test func twoSignalsOfOneIDMadeApartBothEmit() {
    let store = directoryStore([ada])
    let first = Screen()
    let second = Screen()
    let one = store.entity(1, in: \.users)
    let other = store.entity(1, in: \.users)
    let subscriptions = [one.subscribe(first.hear), other.subscribe(second.hear)]
    store.dispatch(.patched([UserPatch(id: 1, name: "A")]))
    subscriptions[0].cancel()
    store.dispatch(.patched([UserPatch(id: 1, name: "B")]))
    #expect(first.heard == ["Ada", "A"])
    #expect(second.heard == ["Ada", "A", "B"])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func aLaterSubscriberOfASharedSignalGetsTheLastModel() {
    let store = directoryStore([ada])
    let first = Screen()
    let second = Screen()
    let signal = store.entity(1, in: \.users)
    let subscription = signal.subscribe(first.hear)
    store.dispatch(.patched([UserPatch(id: 1, name: "A")]))
    let later = signal.subscribe(second.hear)
    store.dispatch(.patched([UserPatch(id: 1, name: "B")]))
    #expect(first.heard == ["Ada", "A", "B"])
    #expect(second.heard == ["A", "B"])
    withExtendedLifetime((subscription, later)) {}
  }

  @Test func combineOfTwoModelsEmitsOncePerDispatch() {
    let store = directoryStore([ada, alan])
    var pairs: [String] = []
    let subscription = combine(store.entity(1, in: \.users), store.entity(2, in: \.users)).subscribe {
      pairs.append("\($0?.name ?? "-") \($1?.name ?? "-")")
    }
    store.dispatch(.patched([UserPatch(id: 1, name: "A"), UserPatch(id: 2, name: "B")]))
    store.dispatch(.removed([1, 2]))
    #expect(pairs == ["Ada Alan", "A B", "- -"])
    withExtendedLifetime(subscription) {}
  }

  @Test func combineWithASelectionOfTheSameStateIsGlitchFree() {
    let store = directoryStore([ada])
    var seen: [String] = []
    let subscription = combine(store.entity(1, in: \.users), store.select(\.title)).subscribe {
      seen.append("\($0?.name ?? "-") \($1)")
    }
    store.dispatch(.retitled("T"))
    store.dispatch(.patched([UserPatch(id: 1, name: "A")]))
    #expect(seen == ["Ada ", "Ada T", "A T"])
    withExtendedLifetime(subscription) {}
  }

  @Test func aDispatchFromAnObserverRunsAfterTheCurrentOne() {
    let store = directoryStore([ada, alan])
    var log: [String] = []
    let first = store.entity(1, in: \.users).subscribe { user in
      log.append("1 \(user?.name ?? "-")")
      if user?.name == "A" { store.dispatch(.patched([UserPatch(id: 2, name: "B")])) }
    }
    let second = store.entity(2, in: \.users).subscribe { log.append("2 \($0?.name ?? "-")") }
    store.dispatch(.patched([UserPatch(id: 1, name: "A"), UserPatch(id: 2, name: "Alan T")]))
    #expect(log == ["1 Ada", "2 Alan", "1 A", "2 Alan T", "2 B"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func aSubscriberAddedDuringADeliveryGetsTheNewModelOnce() {
    let store = directoryStore([ada])
    let late = Screen()
    var lateSubscription: Subscription?
    let trigger = store.select(\.title).subscribe { title in
      if title == "go" { lateSubscription = store.entity(1, in: \.users).subscribe(late.hear) }
    }
    let screen = Screen()
    let subscription = store.entity(1, in: \.users).subscribe(screen.hear)
    store.dispatch(.retitled("go"))
    store.dispatch(.patched([UserPatch(id: 1, name: "A")]))
    #expect(late.heard == ["Ada", "A"])
    #expect(screen.heard == ["Ada", "A"])
    withExtendedLifetime((trigger, subscription, lateSubscription)) {}
  }

  @Test func undoRedoJumpAndImportTellEachObserverItsModel() throws {
    let store = directoryStore([ada])
    let first = Screen()
    let second = Screen()
    let subscriptions = [
      store.entity(1, in: \.users).subscribe(first.hear), store.entity(2, in: \.users).subscribe(second.hear),
    ]
    store.dispatch(.loaded([alan]))
    store.dispatch(.patched([UserPatch(id: 1, name: "A")]))
    store.dispatch(.removed([2]))
    store.undo()
    store.undo()
    store.redo()
    store.jump(to: 0)
    store.dispatch(.retitled("new branch"))
    let exported = try store.exportHistory()
    let other = directoryStore([ada])
    let third = Screen()
    let onOther = other.entity(1, in: \.users).subscribe(third.hear)
    other.dispatch(.patched([UserPatch(id: 1, name: "Z")]))
    try other.importHistory(exported)
    #expect(first.heard == ["Ada", "A", "Ada", "A", "Ada"])
    #expect(second.heard == ["-", "Alan", "-", "Alan", "-"])
    #expect(third.heard == ["Ada", "Z", "Ada"])
    withExtendedLifetime((subscriptions, onOther)) {}
  }

  @Test func anOwnerBoundObserverEndsWithItsOwner() {
    let store = directoryStore([ada])
    var heard: [String] = []
    var owner: Screen? = Screen()
    store.observe(1, in: \.users, owner: owner!) { _, user in heard.append(user?.name ?? "-") }
    store.dispatch(.patched([UserPatch(id: 1, name: "A")]))
    owner = nil
    store.dispatch(.patched([UserPatch(id: 1, name: "B")]))
    store.dispatch(.patched([UserPatch(id: 1, name: "C")]))
    #expect(heard == ["Ada", "A"])
    #expect(store.entity(1, in: \.users) !== store.entity(1, in: \.users))
  }

  @Test func aNodeIsFreedWithItsLastSubscriber() {
    let store = directoryStore([ada])
    weak var node: Signal<User?>?
    var subscription: Subscription?
    do {
      let signal = store.entity(1, in: \.users)
      node = signal
      subscription = signal.subscribe { _ in }
    }
    #expect(node != nil)
    store.dispatch(.patched([UserPatch(id: 1, name: "A")]))
    subscription = nil
    #expect(node == nil)
    withExtendedLifetime(subscription) {}
  }

  @Test func aSignalKeptAfterItsStoreStillReplays() {
    var store: Store<Directory, DirectoryAction>? = directoryStore([ada])
    weak let weakStore = store
    let signal = store!.entity(1, in: \.users)
    store = nil
    #expect(weakStore == nil)
    let screen = Screen()
    let subscription = signal.subscribe(screen.hear)
    #expect(screen.heard == ["Ada"])
    withExtendedLifetime(subscription) {}
  }

  @Test func anOwnerBoundObserverDoesNotKeepTheStoreAlive() {
    weak var weakStore: Store<Directory, DirectoryAction>?
    let owner = Screen()
    do {
      let store = directoryStore([ada])
      weakStore = store
      store.observe(1, in: \.users, owner: owner) { screen, user in screen.hear(user) }
    }
    #expect(weakStore == nil)
    #expect(owner.heard == ["Ada"])
  }
}

extension EntityTableObservationTests {
  @Test func anObserverOfAFreedOwnerIsEndedByLaterObservationsEvenIfItsModelNeverChanges() {
    let store = directoryStore([ada, alan])
    weak var node: Signal<User?>?
    do {
      let owner = Screen()
      store.observe(1, in: \.users, owner: owner) { screen, user in screen.hear(user) }
      node = store.entity(1, in: \.users)
    }
    #expect(node != nil)
    let screens = (0..<4).map { _ in Screen() }
    for screen in screens { store.observe(2, in: \.users, owner: screen) { screen, user in screen.hear(user) } }
    #expect(node == nil)
    store.dispatch(.patched([UserPatch(id: 2, name: "B")]))
    #expect(screens.map(\.heard) == Array(repeating: ["Alan", "B"], count: 4))
  }
}

extension EntityTableObservationTests {
  @Test func anOwnerBoundObserverEndsWithItsStore() {
    let owner = Screen()
    weak var node: Signal<User?>?
    do {
      let store = directoryStore([ada])
      store.observe(1, in: \.users, owner: owner) { screen, user in screen.hear(user) }
      node = store.entity(1, in: \.users)
      #expect(node != nil)
    }
    #expect(node == nil)
    #expect(owner.heard == ["Ada"])
  }
}
