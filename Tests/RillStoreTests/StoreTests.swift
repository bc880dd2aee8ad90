import RillStore
import Testing

/// A store runs each action through its reducer and tells its subscribers; an action dispatched during
/// a dispatch waits its turn.
@Suite struct StoreTests {
  @Test func dispatchRunsTheReducer() {
    let store = counterStore()
    store.dispatch(.increase)
    #expect(store.currentState == Counter(count: 1))
    store.dispatch(.add(5))
    store.dispatch(.rename("score"))
    #expect(store.currentState == Counter(count: 6, title: "score"))
  }

  @Test func stateReplaysCurrentStateThenEveryNewState() {
    let store = counterStore()
    store.dispatch(.increase)
    var seen: [Int] = []
    let subscription = store.state.subscribe { seen.append($0.count) }
    store.dispatch(.increase)
    store.dispatch(.decrease)
    #expect(seen == [1, 2, 1])
    withExtendedLifetime(subscription) {}
  }

  @Test func stateNotifiesEvenWhenTheStateIsUnchanged() {
    let store = counterStore()
    var seen: [Counter] = []
    let subscription = store.state.subscribe { seen.append($0) }
    store.dispatch(.add(0))
    #expect(seen == [Counter(), Counter()])
    withExtendedLifetime(subscription) {}
  }

  /// ReSwift #519: a subscriber that dispatches must not make later subscribers miss a state or see
  /// one twice. Every subscriber sees every state once, in order.
  @Test func dispatchFromSubscriberIsQueuedUntilEveryoneHeardTheCurrentState() {
    let store = counterStore()
    var log: [String] = []
    let first = store.state.subscribe { state in
      log.append("first \(state.count)")
      if state.count == 1 { store.dispatch(.increase) }
    }
    let second = store.state.subscribe { log.append("second \($0.count)") }
    store.dispatch(.increase)
    #expect(log == ["first 0", "second 0", "first 1", "second 1", "first 2", "second 2"])
    #expect(store.currentState == Counter(count: 2))
    withExtendedLifetime((first, second)) {}
  }

  @Test func dispatchFromADerivedSignalIsQueuedToo() {
    let store = counterStore()
    var log: [String] = []
    let doubled = store.state.map { $0.count * 2 }
    let first = doubled.subscribe { value in
      log.append("doubled \(value)")
      if value == 2 { store.dispatch(.add(10)) }
    }
    let second = store.state.subscribe { log.append("state \($0.count)") }
    store.dispatch(.increase)
    #expect(log == ["doubled 0", "state 0", "doubled 2", "state 1", "doubled 22", "state 11"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func queuedDispatchesRunFirstInFirstOut() {
    let store = counterStore()
    var counts: [Int] = []
    let subscription = store.state.subscribe { state in
      counts.append(state.count)
      if state.count == 1 {
        store.dispatch(.add(10))
        store.dispatch(.add(100))
      }
    }
    store.dispatch(.increase)
    #expect(counts == [0, 1, 11, 111])
    #expect(store.history.entries.map(\.action) == [.increase, .add(10), .add(100)])
    withExtendedLifetime(subscription) {}
  }

  /// A dispatch made from a subscriber of another signal joined (by `combine`) to the store's state is
  /// made while that graph delivers: the store runs it, and the state signal delivers it when the
  /// delivery in progress is over. Nobody sees a state twice or out of order.
  @Test func dispatchFromAnotherSignalInTheSameGraph() {
    let store = counterStore()
    let clicks = Subject<Int>()
    var log: [String] = []
    let joined = combine(store.state.map(\.count), clicks.prepend(0))
    let first = clicks.subscribe { amount in
      log.append("click \(amount)")
      store.dispatch(.add(amount))
      log.append("current \(store.currentState.count)")
    }
    let second = joined.subscribe { log.append("joined \($0) \($1)") }
    let third = store.state.subscribe { log.append("state \($0.count)") }
    clicks.send(5)
    #expect(
      log == [
        "joined 0 0", "state 0",
        "click 5", "current 5", "joined 0 5", "state 5", "joined 5 5",
      ])
    withExtendedLifetime((first, second, third)) {}
  }

  /// The state delivery that a foreign signal's subscriber caused arrives after the store went idle;
  /// a state subscriber that dispatches then runs the store at once, and the graph queues the new
  /// state behind the one being delivered: each subscriber still sees 5, then 6.
  @Test func dispatchFromAStateSubscriberDuringADeferredDelivery() {
    let store = counterStore()
    let clicks = Subject<Int>()
    var log: [String] = []
    let joined = combine(store.select(\.count), clicks.prepend(0))
    let first = clicks.subscribe { store.dispatch(.add($0)) }
    let second = store.state.subscribe { state in
      log.append("a\(state.count)")
      if state.count == 5 { store.dispatch(.increase) }
    }
    let third = store.state.subscribe { log.append("b\($0.count)") }
    let fourth = joined.subscribe { log.append("joined \($0)") }
    log.removeAll()
    clicks.send(5)
    #expect(log == ["joined (0, 5)", "a5", "b5", "joined (5, 5)", "a6", "b6", "joined (6, 5)"])
    #expect(store.currentState == Counter(count: 6))
    withExtendedLifetime((first, second, third, fourth)) {}
  }

  /// `currentState` and `state` agree after every command, and a subscriber that joins while a
  /// state delivery waits in the graph's queue gets the last delivered state, then the queued ones.
  @Test func currentStateAndStateAgreeAfterEveryCommand() throws {
    let store = counterStore()
    var last: Counter?
    let subscription = store.state.subscribe { last = $0 }
    store.dispatch(.increase)
    #expect(last == store.currentState)
    store.dispatch(.add(4))
    store.undo()
    #expect(last == store.currentState)
    store.redo()
    #expect(last == store.currentState)
    store.jump(to: 0)
    #expect(last == store.currentState)
    try store.importHistory(try store.exportHistory())
    #expect(last == store.currentState)
    withExtendedLifetime(subscription) {}
  }

  @Test func aLatecomerDuringAQueuedDeliveryGetsEachStateOnceInOrder() {
    let store = counterStore()
    let other = CurrentValueSubject(0)
    var seen: [Int] = []
    var late: Subscription?
    var done = false
    let joined = combine(other, store.state).subscribe { pair in
      if pair.0 == 1 && !done {
        done = true
        store.dispatch(.increase)
        store.dispatch(.increase)
        late = store.state.subscribe { seen.append($0.count) }
      }
    }
    other.value = 1
    #expect(seen == [0, 1, 2])
    #expect(store.currentState.count == 2)
    withExtendedLifetime((joined, late)) {}
  }

  /// A state delivery still queued when the store is freed is delivered, and a new subscriber then
  /// gets the store's last state.
  @Test func theStateSignalOutlivesItsStore() {
    var store: Store<Counter, CounterAction>? = counterStore()
    let state = store!.state
    store!.dispatch(.add(3))
    store = nil
    var seen: [Int] = []
    let subscription = state.subscribe { seen.append($0.count) }
    #expect(seen == [3])
    withExtendedLifetime(subscription) {}
  }

  /// `TestStore` sees time travel through `didTravel`: told of each undo, redo, jump and import that
  /// ran, once, after the state changed and before the subscribers are told; not of one that found
  /// nothing to do.
  @Test func didTravelIsToldOfEachTimeTravelThatRanBeforeTheSubscribers() throws {
    let store = Store(initialState: 0, reducer: Reducer<Int, Int> { state, action in state += action })
    var delivered: [Int] = []
    let subscription = store.state.subscribe { delivered.append($0) }
    var told: [String] = []
    store.didTravel = { [unowned store] command in
      let name =
        switch command {
        case .action: "action"
        case .undo: "undo"
        case .redo: "redo"
        case .jump(let position): "jump(\(position))"
        case .replace(_, let position): "import(\(position))"
        }
      told.append("\(name): state \(store.currentState), subscribers saw \(delivered.last!)")
    }
    store.undo()  // nothing to undo
    store.dispatch(1)
    store.dispatch(2)
    store.redo()  // nothing to redo
    store.undo()
    store.redo()
    store.jump(to: 0)
    try store.importHistory(store.exportHistory())
    #expect(
      told == [
        "undo: state 1, subscribers saw 3",
        "redo: state 3, subscribers saw 1",
        "jump(0): state 0, subscribers saw 3",
        "import(0): state 0, subscribers saw 0",
      ])
    #expect(delivered == [0, 1, 3, 1, 3, 0, 0])
    subscription.cancel()
  }
}
