import RillStore
import RillTesting
import Synchronization
import Testing

/// Issue 11.5: a middleware is `Sendable`, so it can be a global (this file compiles in Swift 6 mode).
let globalTitler = Middleware<Counter, CounterAction> { _, action, next in
  next(action == .increase ? .rename("increased") : action)
}

@Suite struct MiddlewareTests {
  static let shared = globalTitler

  @Test func aGlobalOrStaticMiddlewareWorksLikeAnyOther() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer(), middleware: [Self.shared])
    store.send(.increase) { $0.title = "increased" }
    store.send(.add(2)) { $0.count = 2 }
    await store.finish()
  }

  /// A middleware that writes "<name> before <action>" and "<name> after" around `next`.
  func tracing(_ name: String, into log: TextLog) -> Middleware<Counter, CounterAction> {
    Middleware { _, action, next in
      log.text += "\(name) before \(action)\n"
      next(action)
      log.text += "\(name) after\n"
    }
  }

  @Test func runsInTheOrderGivenAroundTheReducer() {
    let log = TextLog()
    let reducer = Reducer<Counter, CounterAction> { state, action in
      log.text += "reducer \(action)\n"
      counterReducer().reduce(&state, action)
    }
    let store = Store(
      initialState: Counter(), reducer: reducer, middleware: [tracing("a", into: log), tracing("b", into: log)])
    store.dispatch(.increase)
    #expect(log.text == "a before increase\nb before increase\nreducer increase\nb after\na after\n")
    #expect(store.currentState == Counter(count: 1))
  }

  @Test func canTransformAnAction() {
    let doubling = Middleware<Counter, CounterAction> { _, action, next in
      if case .add(let amount) = action { next(.add(amount * 2)) } else { next(action) }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer(), middleware: [doubling])
    store.send(.add(3)) { $0.count = 6 }
    #expect(store.store.history.entries.map(\.action) == [.add(6)])
  }

  @Test func canSwallowAnActionWhichIsThenNeitherRecordedNorNotified() {
    let noRenames = Middleware<Counter, CounterAction> { _, action, next in
      if case .rename = action { return }
      next(action)
    }
    let store = counterStore(middleware: [noRenames])
    var notified = 0
    let subscription = store.state.subscribe { _ in notified += 1 }
    store.dispatch(.rename("x"))
    store.dispatch(.increase)
    #expect(store.currentState == Counter(count: 1))
    #expect(store.history.entries.map(\.action) == [.increase])
    #expect(notified == 2)
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchFromMiddlewareIsQueuedAfterTheNotification() {
    let log = TextLog()
    let echo = Middleware<Counter, CounterAction> { context, action, next in
      next(action)
      if action == .increase { context.dispatch(.rename("echo")) }
      log.text += "middleware done \(action)\n"
    }
    let store = counterStore(middleware: [echo])
    let subscription = store.state.subscribe { log.text += "state \($0.count) \($0.title)\n" }
    store.dispatch(.increase)
    #expect(
      log.text == """
        state 0 \n\
        middleware done increase
        state 1 \n\
        middleware done rename("echo")
        state 1 echo

        """)
    #expect(store.currentState == Counter(count: 1, title: "echo"))
    withExtendedLifetime(subscription) {}
  }

  @Test func anActionAMiddlewareDispatchesFollowsTheOneItWasGiven() async {
    let echo = Middleware<Counter, CounterAction> { context, action, next in
      next(action)
      if action == .increase { context.dispatch(.rename("echo")) }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer(), middleware: [echo])
    store.send(.increase) { $0.count = 1 }
    await store.receive(.rename("echo")) { $0.title = "echo" }
    await store.finish()
  }

  @Test func contextStateIsTheStateBeforeTheActionUntilNextReturns() {
    let seen = Mutex<[Int]>([])
    let peek = Middleware<Counter, CounterAction> { context, action, next in
      let before = context.state.count
      next(action)
      let after = context.state.count
      seen.withLock { $0 += [before, after] }
    }
    let store = counterStore(middleware: [peek])
    store.dispatch(.add(2))
    store.dispatch(.add(3))
    #expect(seen.withLock { $0 } == [0, 2, 2, 5])
  }

  @Test func callingNextTwiceAppliesAndRecordsTheActionTwiceButNotifiesOnce() {
    let twice = Middleware<Counter, CounterAction> { _, action, next in
      next(action)
      next(action)
    }
    let store = counterStore(middleware: [twice])
    var counts: [Int] = []
    let subscription = store.state.subscribe { counts.append($0.count) }
    store.dispatch(.increase)
    #expect(counts == [0, 2])
    #expect(store.history.entries.count == 2)
    withExtendedLifetime(subscription) {}
  }

  /// Issue 11.4: a middleware's context does not keep the store alive (the store keeps its
  /// middleware), so a dispatch through it after the store is freed is dropped, not a crash.
  @Test func aDispatchThroughTheContextAfterTheStoreIsFreedIsDropped() async {
    await #expect(processExitsWith: .success) {
      final class Keeper: @unchecked Sendable { var context: MiddlewareContext<Counter, CounterAction>? }
      let keeper = Keeper()
      var store: Store<Counter, CounterAction>? = counterStore(middleware: [
        Middleware { context, action, next in
          keeper.context = context
          next(action)
        }
      ])
      store?.dispatch(.increase)
      weak let freed = store
      store = nil
      precondition(freed == nil)
      keeper.context?.dispatch(.increase)
      precondition(keeper.context?.isStoreAlive == false)
    }
  }
}
