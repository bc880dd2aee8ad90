import RillStore
import RillTesting
import Synchronization
import Testing

/// Issue 11.5: a middleware is `Sendable`, so it can be a global (this file compiles in Swift 6 mode).
let globalTitler = Middleware<Counter, CounterAction> { _, action, next in
  next(action == .increase ? .rename("increased") : action)
}

/// Issue 20.8: a thunk — async work started from a global (so `@Sendable`) middleware, dispatching later.
/// On `.rename("ping")` it waits a turn, then dispatches `.rename("pong")` from the store's actor.
let pingPong = Middleware<Counter, CounterAction> { context, action, next in
  next(action)
  guard action == .rename("ping") else { return }
  context.run { dispatch in
    await Task.yield()
    MainActor.preconditionIsolated("a middleware's run works in the store's isolation")
    dispatch(.rename("pong"))
  }
}

/// What a middleware's `run` work saw and made, kept for the test (Sendable: the middleware is).
final class RunRecord: Sendable {
  let task = Mutex<Task<Void, any Error>?>(nil)
  let storeWasAlive = Mutex<Bool?>(nil)
}

/// A middleware whose `run` work, on `.rename("wait")`, sleeps an hour (ignoring cancellation), then
/// notes whether its store is alive and dispatches `.increase`.
func sleeper(_ record: RunRecord) -> Middleware<Counter, CounterAction> {
  Middleware { context, action, next in
    next(action)
    guard action == .rename("wait") else { return }
    let task = context.run { context in
      try? await Task.sleep(for: .seconds(3_600))
      record.storeWasAlive.withLock { $0 = context.isStoreAlive }
      context.dispatch(.increase)
    }
    record.task.withLock { $0 = task }
  }
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

  @MainActor @Test func aThunkMiddlewareDispatchesLaterFromTheStoresActor() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer(), middleware: [pingPong])
    store.send(.rename("ping")) { $0.title = "ping" }
    await store.receive(.rename("pong")) { $0.title = "pong" }
    await store.finish()
  }

  @MainActor @Test func theRunTaskCanBeAwaited() async throws {
    let record = RunRecord()
    let store = counterStore(middleware: [sleeper(record)])
    store.dispatch(.rename("wait"))
    let task = try #require(record.task.withLock { $0 })
    task.cancel()
    try await task.value
    #expect(record.storeWasAlive.withLock { $0 } == true)
    #expect(store.currentState == Counter(count: 1, title: "wait"))
  }

  /// A test store counts a middleware's runs like `store.run`'s: `finish` fails while one is in flight.
  @MainActor @Test func finishFailsWhileAMiddlewaresRunIsInFlight() async throws {
    let record = RunRecord()
    var store: TestStore? = TestStore(
      initialState: Counter(), reducer: counterReducer(), middleware: [sleeper(record)])
    store?.send(.rename("wait")) { $0.title = "wait" }
    var failures: [String] = []
    store?.reportFailure = { message, _ in failures.append(message) }  // captured, not recorded as an issue
    await store?.finish(timeout: .milliseconds(20))
    #expect(failures.count == 1)
    #expect(failures.first?.contains("1 run task(s) still in flight") == true)
    store = nil
    let task = try #require(record.task.withLock { $0 })
    task.cancel()  // freeing the store did; a failing test must not wait the hour
    _ = await task.result
  }

  /// The work does not keep the store alive; freeing the store cancels it, and what it dispatches
  /// afterwards is dropped.
  @MainActor @Test func freeingTheStoreCancelsItsMiddlewaresRunsWhoseDispatchesAreDropped() async throws {
    let record = RunRecord()
    var store: Store<Counter, CounterAction>? = counterStore(middleware: [sleeper(record)])
    weak let freed = store
    store?.dispatch(.rename("wait"))
    let task = try #require(record.task.withLock { $0 })
    store = nil
    #expect(freed == nil)
    #expect(task.isCancelled)
    task.cancel()  // so that a failing test does not wait the hour
    try await task.value
    #expect(record.storeWasAlive.withLock { $0 } == false)
  }

  /// A store made in a `@MainActor` class's property initializer lives on the main actor: its
  /// middleware's work runs there (`pingPong` checks).
  @MainActor @Test func aStoreMadeInAMainActorPropertyInitializerRunsItsThunksOnTheMainActor() async {
    @MainActor final class Model {
      let store = Store(initialState: Counter(), reducer: counterReducer(), middleware: [pingPong])
    }
    let model = Model()
    model.store.dispatch(.rename("ping"))
    while model.store.currentState.title != "pong" { await Task.yield() }
    #expect(model.store.currentState.title == "pong")
  }

  /// An actor that owns a store it created, whose middleware works on it.
  actor StoreHost {
    var store: Store<Counter, CounterAction>?
    /// Holds the store weakly, for a test outside the actor to see it freed.
    nonisolated let freed = WeakReference()

    func ping() async -> String {
      // Weak: the actor keeps the store, which keeps its middleware.
      let checked = Middleware<Counter, CounterAction> { [weak self] context, action, next in
        next(action)
        guard action == .rename("ping"), let host = self else { return }
        context.run { dispatch in
          await Task.yield()
          host.preconditionIsolated("a middleware's run works on the actor that created the store")
          dispatch(.rename("pong"))
        }
      }
      let store = Store(initialState: Counter(), reducer: counterReducer(), middleware: [checked])
      self.store = store
      freed.object = store
      store.dispatch(.rename("ping"))
      while store.currentState.title != "pong" { await Task.yield() }
      return store.currentState.title
    }
  }

  /// A store created in an actor's code lives there: its middleware's work runs on that actor.
  @Test func aStoreCreatedInAnActorRunsItsThunksThere() async {
    #expect(await StoreHost().ping() == "pong")
  }

  /// The store does not keep the actor it lives on: an actor that owns its store is freed with it (the
  /// store held its actor strongly, a cycle LeakSanitizer reported).
  @Test func anActorOwningItsStoreIsFreedWithIt() async {
    weak var weakHost: StoreHost?
    let store: WeakReference
    do {
      let host = StoreHost()
      weakHost = host
      store = host.freed
      #expect(await host.ping() == "pong")
    }
    // The run's task holds the actor until it has returned, just after its dispatch.
    var polls = 0
    while weakHost != nil && polls < 10_000 {
      await Task.yield()
      polls += 1
    }
    #expect(weakHost == nil)
    #expect(store.object == nil)
  }

  /// A weak reference a test can read from outside the actor that sets it.
  /// `@unchecked Sendable`: set once inside the actor, read after the actor's work has returned.
  final class WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
  }

  /// A store created outside any actor's code is taken to live on the main actor: its middleware's
  /// run used elsewhere stops with a message.
  @Test func runFromTheMiddlewareOfAStoreUsedOffTheMainActorStops() async {
    await #expect(processExitsWith: .failure) {
      let store = Store(initialState: Counter(), reducer: counterReducer(), middleware: [pingPong])
      store.dispatch(.rename("ping"))
    }
  }
}
