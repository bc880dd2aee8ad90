/// A pure function that applies an action to the state: `(inout State, Action) -> Void`.
///
/// A reducer reads the action and changes the state in place, and does nothing else: no I/O, no
/// dispatch, no reading of clocks. That is what lets a ``Store`` replay its history (undo, redo,
/// `jump(to:)`, import) by running the same reducer again.
///
/// ```swift
/// struct Counter: Equatable { var count = 0 }
/// enum CounterAction { case increase, decrease }
/// let counter = Reducer<Counter, CounterAction> { state, action in
///   switch action {
///   case .increase: state.count += 1
///   case .decrease: state.count -= 1
///   }
/// }
/// var state = Counter()
/// counter.reduce(&state, .increase)   // state.count == 1
/// ```
///
/// Features stay separate: write a reducer for each sub-state, ``lifted(to:)`` into the whole state,
/// and ``combine(_:)-(Reducer<State,Action>...)`` them.
///
/// **Sendable.** A reducer is a pure function, and its type promises it: the function is `@Sendable`,
/// so it captures nothing mutable, and a reducer can be a global or a `static let` in Swift 6:
///
/// ```swift
/// enum Counters { static let reducer = Reducer<Counter, CounterAction> { state, _ in state.count += 1 } }
/// ```
public struct Reducer<State, Action>: Sendable {
  /// The reducing function.
  @usableFromInline let body: @Sendable (inout State, Action) -> Void

  /// Creates a reducer from a function that applies an action to the state in place.
  @inlinable public init(_ reduce: @escaping @Sendable (inout State, Action) -> Void) {
    body = reduce
  }

  /// Applies `action` to `state`.
  ///
  /// - Complexity: One call of the reducing function.
  @inlinable public func reduce(_ state: inout State, _ action: Action) {
    body(&state, action)
  }

  /// A reducer that runs `reducers` one after the other, each seeing the state the previous one left.
  ///
  /// ```swift
  /// let log = Reducer<[String], String> { $0.append($1) }
  /// let twice = Reducer.combine(log, log)
  /// var state: [String] = []
  /// twice.reduce(&state, "a")   // state == ["a", "a"]
  /// ```
  @inlinable public static func combine(_ reducers: Reducer...) -> Reducer {
    combine(reducers)
  }

  /// A reducer that runs `reducers` one after the other, in order.
  ///
  /// See ``combine(_:)-(Reducer<State,Action>...)``.
  @inlinable public static func combine(_ reducers: [Reducer]) -> Reducer {
    if reducers.count == 1 { return reducers[0] }
    let bodies = ContiguousArray(reducers.map(\.body))
    return Reducer { state, action in
      for body in bodies { body(&state, action) }
    }
  }

  /// This reducer of a sub-state, applied to the part of a larger state at `keyPath`.
  ///
  /// ```swift
  /// struct App { var counter = Counter(); var title = "" }
  /// let app: Reducer<App, CounterAction> = counter.lifted(to: \.counter)
  /// var state = App()
  /// app.reduce(&state, .increase)   // state.counter.count == 1
  /// ```
  @inlinable public func lifted<Whole>(to keyPath: any WritableKeyPath<Whole, State> & Sendable) -> Reducer<
    Whole, Action
  > {
    let body = self.body
    return Reducer<Whole, Action> { whole, action in
      body(&whole[keyPath: keyPath], action)
    }
  }

  /// This reducer of a sub-state, applied to the part of a larger state at `keyPath`, and only for
  /// the actions `extract` turns into one of its own (`nil` means "not mine": the state is untouched).
  ///
  /// ```swift
  /// enum AppAction { case counter(CounterAction), rename(String) }
  /// let app = counter.lifted(to: \App.counter) { (action: AppAction) -> CounterAction? in
  ///   if case .counter(let action) = action { action } else { nil }
  /// }
  /// var state = App()
  /// app.reduce(&state, .counter(.increase))   // state.counter.count == 1
  /// app.reduce(&state, .rename("x"))           // unchanged
  /// ```
  @inlinable public func lifted<Whole, WholeAction>(
    to keyPath: any WritableKeyPath<Whole, State> & Sendable,
    action extract: @escaping @Sendable (WholeAction) -> Action?
  ) -> Reducer<Whole, WholeAction> {
    let body = self.body
    return Reducer<Whole, WholeAction> { whole, wholeAction in
      if let action = extract(wholeAction) {
        body(&whole[keyPath: keyPath], action)
      }
    }
  }
}
