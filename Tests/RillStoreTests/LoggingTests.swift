import RillStore
import Testing

@Suite struct LoggingTests {
  @Test func writesTheActionAndTheLinesOfTheStateThatChanged() {
    let log = TextLog()
    let store = counterStore(middleware: [.logging(to: log)])
    store.dispatch(.increase)
    store.dispatch(.rename("score"))
    #expect(
      log.text == """
        action increase
        -   count: 0,
        +   count: 1,
        action rename("score")
        -   title: ""
        +   title: "score"

        """)
  }

  @Test func saysWhenNothingChanged() {
    let log = TextLog()
    let store = counterStore(middleware: [.logging(to: log)])
    store.dispatch(.add(0))
    #expect(log.text == "action add(0)\n  (no change)\n")
  }

  @Test func logsTheActionAsItReachedTheReducerWhenPlacedAfterATransform() {
    let log = TextLog()
    let negate = Middleware<Counter, CounterAction> { _, action, next in
      if case .add(let amount) = action { next(.add(-amount)) } else { next(action) }
    }
    let store = counterStore(middleware: [negate, .logging(to: log)])
    store.dispatch(.add(2))
    #expect(log.text == "action add(-2)\n-   count: 0,\n+   count: -2,\n")
  }

  @Test func showsChangesInsideCollections() {
    let log = TextLog()
    let store = Store(
      initialState: ["a", "b"],
      reducer: Reducer<[String], String> { $0.append($1) },
      middleware: [.logging(to: log)])
    store.dispatch("c")
    #expect(log.text == "action c\n-   \"b\"\n+   \"b\",\n+   \"c\"\n")
  }
}
