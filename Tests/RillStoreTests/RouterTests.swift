import RillStore
import Testing

@Suite struct RouterTests {
  @Test(
    arguments: [
      ([], ["a", "b"], [RouteChange.push("a"), .push("b")]),
      (["a", "b"], ["a", "c"], [.change(from: "b", to: "c")]),
      (["a", "b", "c"], ["a"], [.pop("c"), .pop("b")]),
      (["a"], ["b", "c"], [.change(from: "a", to: "b"), .push("c")]),
      (["a", "b"], ["a", "b"], []),
      ([], [], []),
      (["a", "b", "c"], ["a", "x", "y"], [.pop("c"), .change(from: "b", to: "x"), .push("y")]),
      (["a", "b"], [], [.pop("b"), .pop("a")]),
    ] as [([String], [String], [RouteChange])])
  func routeChangesDiffsFromTheFirstDifference(old: [String], new: [String], expected: [RouteChange]) {
    #expect(routeChanges(from: old, to: new) == expected)
  }

  struct App: Equatable {
    var route: [String] = ["home"]
    var count = 0
  }

  enum AppAction {
    case navigate([String])
    case increase
  }

  let app = Reducer<App, AppAction> { state, action in
    switch action {
    case .navigate(let route): state.route = route
    case .increase: state.count += 1
    }
  }

  final class Navigator: Routable {
    var log: [String] = []
    func push(_ segment: String) { log.append("push \(segment)") }
    func pop(_ segment: String) { log.append("pop \(segment)") }
    func change(from old: String, to new: String) { log.append("change \(old) \(new)") }
  }

  @Test func routerPushesTheInitialRouteThenFollowsTheStore() {
    let store = Store(initialState: App(), reducer: app)
    let navigator = Navigator()
    let router = Router(store: store, route: \.route, handler: navigator)
    store.dispatch(.navigate(["home", "settings", "profile"]))
    store.dispatch(.increase)
    store.dispatch(.navigate(["home", "about"]))
    #expect(
      navigator.log == [
        "push home",
        "push settings", "push profile",
        "pop profile", "change settings about",
      ])
    #expect(router.route == ["home", "about"])
  }

  @Test func routerFollowsUndo() {
    let store = Store(initialState: App(), reducer: app)
    let navigator = Navigator()
    let router = Router(store: store, route: \.route, handler: navigator)
    store.dispatch(.navigate(["home", "settings"]))
    store.undo()
    #expect(navigator.log == ["push home", "push settings", "pop settings"])
    withExtendedLifetime(router) {}
  }

  @Test func routerStopsWhenFreed() {
    let store = Store(initialState: App(), reducer: app)
    let navigator = Navigator()
    var router: Router<App, AppAction>? = Router(store: store, route: \.route, handler: navigator)
    _ = router
    router = nil
    store.dispatch(.navigate(["elsewhere"]))
    #expect(navigator.log == ["push home"])
  }
}
