import Rill
import RillStore
import Testing

/// A store's `liveGraph()`: its state, the selections and per-id signals hanging off it, and the computeds that
/// read its current state.
@Suite struct StoreLiveGraphTests {
  @Test func selectionsEntitiesAndComputedsHangOffTheState() {
    let store = directoryStore([User(id: 1, name: "Ada"), User(id: 2, name: "Alan")])
    let title = store.select(\.title).named("title")
    let count = store.select { $0.users.count }
    let ada = store.entity(1, in: \.users).named("ada")
    let isEmpty = Computed { store.currentState.users.count == 0 }.named("isEmpty")
    var subscriptions = [
      title.subscribe { _ in }, count.subscribe { _ in }, ada.subscribe { _ in }, isEmpty.subscribe { _ in },
    ]
    #expect(
      store.liveGraph().text == """
        #1 store state (Directory) rank 0
        ├─▶ #2 select (String) rank 1
        │   └─▶ #6 removeDuplicates "title" (String) rank 2, 1 subscriber
        ├─▶ #3 select (Int) rank 1
        │   └─▶ #7 removeDuplicates (Int) rank 2, 1 subscriber
        ├─▶ #4 entity "ada" (Optional<User>) rank 1, 1 subscriber
        └─▶ #5 Computed "isEmpty" (Bool) rank 1, 1 subscriber
        """)
    // The same picture from any node of it.
    #expect(ada.liveGraph().text == store.liveGraph().text)
    #expect(ada.liveGraph().origin == 4)
    subscriptions.removeAll()
    let graph = store.liveGraph()
    #expect(graph.nodes.count == 1)
    #expect(graph.edges.isEmpty)
    #expect(graph.nodes[0].kind == .storeState)
  }

  @Test func twoObservedIdsOfOneTableAreTwoNodesFedThroughOneObserver() {
    let store = directoryStore([User(id: 1, name: "Ada"), User(id: 2, name: "Alan")])
    let first = store.entity(1, in: \.users).subscribe { _ in }
    let second = store.entity(2, in: \.users).subscribe { _ in }
    let graph = store.liveGraph()
    #expect(graph.nodes.map(\.kind) == [.storeState, NodeKind("entity"), NodeKind("entity")])
    #expect(graph.downstreams(of: graph.nodes[0]).map(\.id) == [2, 3])
    // One observer of the state feeds both: the state's links are the nodes it reaches, and it has no subscriber.
    #expect(graph.nodes[0].subscriberCount == 0)
    first.cancel()
    second.cancel()
  }
}
