public import Observation

/// A store as an `@Observable` object for SwiftUI: its state, read field by field through dynamic member
/// lookup, and dispatch.
///
/// Make one with ``Store/observable()-2bcd9`` and keep it in the view model (each call makes a new object with
/// its own subscription). A view that reads `facade.count` re-renders when, and only when, `count`
/// changed: a dispatch that changes `name` does not notify it. Reading ``state`` tracks the whole
/// state. ``binding(_:send:)`` gives a get/set pair that SwiftUI's `Binding(get:set:)` wraps: it reads a
/// field and dispatches an action when set.
///
/// ```swift
/// @MainActor @Observable final class CounterModel {
///   let store = Store(initialState: Counter(), reducer: counterReducer)
///   @ObservationIgnored lazy var counter = store.observable()
/// }
///
/// struct CounterView: View {
///   let model: CounterModel
///   var body: some View {
///     let name = model.counter.binding(\.name) { .rename($0) }
///     VStack {
///       Text("\(model.counter.count)")        // re-renders only when count changes
///       TextField("Name", text: Binding(get: { @MainActor in name.get() }, set: { @MainActor in name.set($0) }))
///       Button("+") { model.counter.dispatch(.increase) }
///     }
///   }
/// }
/// ```
///
/// It keeps the store alive; the store does not keep it. Use it in the store's isolation (the main actor
/// for a view). SwiftUI's `Binding(get:set:)` takes `@Sendable` closures and a ``StateBinding`` is not
/// `Sendable`: closures marked `@MainActor in`, as above, may capture it.
///
/// - Complexity: Per dispatch, one comparison per field read so far.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@dynamicMemberLookup
public final class ObservableStore<State, Action>: Observable {
  /// The store this object reads and dispatches to.
  public let store: Store<State, Action>
  private let observed: ObservableValue<State>

  init(store: Store<State, Action>, observed: ObservableValue<State>) {
    self.store = store
    self.observed = observed
  }

  /// The whole current state. Reading it tracks every change of the state (every state that is not
  /// equal to the last, when `State` is `Equatable`).
  public var state: State {
    observed.value
  }

  /// A field of the current state, tracked on its own: a reader is told only when this field changed.
  public subscript<Field: Equatable>(dynamicMember keyPath: KeyPath<State, Field>) -> Field {
    observed[dynamicMember: keyPath]
  }

  /// A field of the current state that is not `Equatable`: a reader is told of every new state.
  public subscript<Field>(dynamicMember keyPath: KeyPath<State, Field>) -> Field {
    observed[dynamicMember: keyPath]
  }

  /// Dispatches `action` to the store (see ``Store/dispatch(_:)``).
  public func dispatch(_ action: Action) {
    store.dispatch(action)
  }

  /// A get/set pair for SwiftUI's `Binding(get:set:)`: it reads the field at `keyPath` (tracked on its
  /// own) and, when set, dispatches the action `send` makes of the new value.
  ///
  /// ```swift
  /// let name = counter.binding(\.name) { .rename($0) }
  /// name.set("Ada")   // dispatches .rename("Ada")
  /// name.get()        // "Ada", once the reducer has renamed
  /// ```
  public func binding<Field: Equatable>(
    _ keyPath: KeyPath<State, Field>, send action: @escaping (Field) -> Action
  ) -> StateBinding<Field> {
    StateBinding(get: { self[dynamicMember: keyPath] }, set: { self.store.dispatch(action($0)) })
  }
}

/// A field of a store's state that can be read and set, for SwiftUI's `Binding(get:set:)`: reading
/// goes to the state, setting dispatches an action (see ``ObservableStore/binding(_:send:)``).
public struct StateBinding<Value> {
  private let read: () -> Value
  private let write: (Value) -> Void

  /// A binding that reads with `get` and writes with `set`.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    read = get
    write = set
  }

  /// The field's current value.
  public func get() -> Value {
    read()
  }

  /// Dispatches the action that sets the field to `value`.
  public func set(_ value: Value) {
    write(value)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Store {
  /// This store as an `@Observable` object for SwiftUI: fields read through dynamic member lookup are
  /// tracked one by one (see ``ObservableStore``). Each call makes a new object: keep it.
  ///
  /// ```swift
  /// let counter = store.observable()
  /// counter.count            // 0; a view reading it re-renders only when count changes
  /// counter.dispatch(.increase)
  /// ```
  public func observable() -> ObservableStore<State, Action> {
    ObservableStore(store: self, observed: state.observable())
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Store where State: Equatable {
  /// This store as an `@Observable` object for SwiftUI (see ``ObservableStore``); a dispatch that
  /// leaves the state equal notifies no reader of the whole ``ObservableStore/state``. Each call makes
  /// a new object: keep it.
  ///
  /// ```swift
  /// let counter = store.observable()
  /// counter.count            // 0; a view reading it re-renders only when count changes
  /// ```
  public func observable() -> ObservableStore<State, Action> {
    ObservableStore(store: self, observed: state.observable())
  }
}
