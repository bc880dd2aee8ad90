import RillStore
import Testing

/// Issue 11.5: a reducer is `Sendable`, so it can be a global (this file compiles in Swift 6 mode).
let globalDoubler = Reducer<Counter, CounterAction> { state, _ in state.count *= 2 }

@Suite struct ReducerTests {
  /// A reducer as a `static let`, lifted into a larger state by a (Sendable) key path literal.
  static let lifted: Reducer<App, CounterAction> = globalDoubler.lifted(to: \.counter)

  @Test func aGlobalOrStaticReducerWorksLikeAnyOther() {
    var state = App(counter: Counter(count: 3))
    Self.lifted.reduce(&state, .increase)
    #expect(state.counter.count == 6)
    #expect(state.other == Counter())
  }

  struct App: Equatable {
    var counter = Counter()
    var other = Counter()
  }

  enum AppAction {
    case counter(CounterAction)
    case other(CounterAction)
  }

  @Test func reduceAppliesTheAction() {
    var state = Counter()
    counterReducer().reduce(&state, .add(3))
    #expect(state == Counter(count: 3))
  }

  @Test func combineRunsReducersInOrder() {
    let double = Reducer<Counter, CounterAction> { state, _ in state.count *= 2 }
    let combined = Reducer.combine(counterReducer(), double)
    var state = Counter()
    combined.reduce(&state, .increase)
    #expect(state == Counter(count: 2))
    let reversed = Reducer.combine(double, counterReducer())
    var other = Counter()
    reversed.reduce(&other, .increase)
    #expect(other == Counter(count: 1))
  }

  @Test func liftedChangesOnlyItsSubState() {
    let app = counterReducer().lifted(to: \App.counter)
    var state = App()
    app.reduce(&state, .increase)
    #expect(state == App(counter: Counter(count: 1)))
  }

  @Test func liftedWithExtractIgnoresActionsItDoesNotUnderstand() {
    let counter = counterReducer().lifted(to: \App.counter) { (action: AppAction) -> CounterAction? in
      if case .counter(let action) = action { action } else { nil }
    }
    let other = counterReducer().lifted(to: \App.other) { (action: AppAction) -> CounterAction? in
      if case .other(let action) = action { action } else { nil }
    }
    let store = Store(initialState: App(), reducer: .combine(counter, other))
    store.dispatch(.counter(.increase))
    #expect(store.currentState == App(counter: Counter(count: 1)))
    store.dispatch(.other(.rename("b")))
    #expect(store.currentState == App(counter: Counter(count: 1), other: Counter(title: "b")))
  }
}
