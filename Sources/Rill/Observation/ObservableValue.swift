public import Observation

/// An `@Observable` object that holds a signal's latest value, for SwiftUI (or any Observation client)
/// to read.
///
/// Make one with ``Signal/observable()-1dil9`` and keep it (in a view model, say); a view that reads it
/// re-renders when, and only when, what it read changed:
///
/// - ``value`` is tracked as a whole: a reader is told of every new value (every value that is not
///   equal to the last, when `Value` is `Equatable`).
/// - A property read through dynamic member lookup (`observed.count`, for `observed.value.count`) is
///   tracked on its own: a reader of `count` is told only when `count` changed, not when another part of
///   the value did. Reading a key path costs one comparison of that field per new value from then on.
///
/// ```swift
/// let state = CurrentValueSubject(Form(name: "Ada", count: 0))
/// let form = state.observable()
/// withObservationTracking { _ = form.count } onChange: { print("count changed") }
/// state.value.name = "Grace"   // prints nothing
/// state.value.count = 1        // prints "count changed"
/// ```
///
/// It keeps its subscription to the signal and ends it when it is freed; the signal does not keep it
/// alive. Values arrive in the signal's isolation domain (the main actor for a view): read it there.
///
/// - Complexity: Per new value, one comparison per key path read so far.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@dynamicMemberLookup
public final class ObservableValue<Value>: Observable {
  private let registrar = ObservationRegistrar()
  private var stored: Value
  /// Whether a new value differs from the last, for readers of ``value``.
  private let differs: (Value, Value) -> Bool
  /// The key paths read through dynamic member lookup, each with the comparison that tells a change.
  private var fields: [PartialKeyPath<Value>: (Value, Value) -> Bool] = [:]
  /// Ends when this object is freed.
  private let subscription: Subscription

  private init(holding value: Value, subscription: Subscription, differs: @escaping (Value, Value) -> Bool) {
    stored = value
    self.subscription = subscription
    self.differs = differs
  }

  /// Subscribes to `signal` and holds its replayed value (or `initial`).
  static func make(
    _ signal: Signal<Value>, initial: Value?, differs: @escaping (Value, Value) -> Bool
  ) -> ObservableValue<Value> {
    // The signal holds the box, not the object: the object's life ends its subscription.
    let box = Box(replayed: initial)
    let subscription = signal.subscribe { value in
      if let owner = box.owner {
        owner.receive(value)
      } else {
        box.replayed = value
      }
    }
    guard let first = box.replayed else {
      preconditionFailure("Signal.observable() needs a signal that replays; give a non-replaying one an initial value")
    }
    let object = ObservableValue(holding: first, subscription: subscription, differs: differs)
    box.owner = object
    return object
  }

  /// What the subscription reaches: the value replayed while subscribing, then the object, weakly.
  private final class Box {
    var replayed: Value?
    weak var owner: ObservableValue<Value>?

    init(replayed: Value?) {
      self.replayed = replayed
    }
  }

  /// The latest value of the signal. Reading it tracks the whole value.
  public var value: Value {
    registrar.access(self, keyPath: \.value)
    return stored
  }

  /// A property of the latest value, tracked on its own: a reader is told only when this property
  /// changed.
  public subscript<Field: Equatable>(dynamicMember keyPath: KeyPath<Value, Field>) -> Field {
    read(keyPath) { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
  }

  /// A property of the latest value that is not `Equatable`: a reader is told of every new value.
  public subscript<Field>(dynamicMember keyPath: KeyPath<Value, Field>) -> Field {
    read(keyPath) { _, _ in true }
  }

  private func read<Field>(_ keyPath: KeyPath<Value, Field>, differs: @escaping (Value, Value) -> Bool) -> Field {
    if fields[keyPath] == nil { fields[keyPath] = differs }
    registrar.access(self, keyPath: \.[field: keyPath])
    return stored[keyPath: keyPath]
  }

  /// The key by which Observation tracks one field: a key path of this object whose argument is the
  /// field's key path (key paths with equal arguments are equal).
  private subscript(field keyPath: PartialKeyPath<Value>) -> Int { 0 }

  private func receive(_ value: Value) {
    let old = stored
    let whole = differs(old, value)
    var changed: [KeyPath<ObservableValue, Int>] = []
    for (field, differs) in fields where differs(old, value) { changed.append(\.[field: field]) }
    if whole { registrar.willSet(self, keyPath: \.value) }
    for key in changed { registrar.willSet(self, keyPath: key) }
    stored = value
    for key in changed { registrar.didSet(self, keyPath: key) }
    if whole { registrar.didSet(self, keyPath: \.value) }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Signal {
  /// An `@Observable` object holding this signal's latest value, for a SwiftUI view to read (see
  /// ``ObservableValue``).
  ///
  /// The signal must replay (a `CurrentValueSubject`, a store's state, a signal derived from them): the
  /// object starts with the replayed value. A reader of ``ObservableValue/value`` is told of every new
  /// value; a reader of one property (`observed.count`) only of changes of that property.
  ///
  /// ```swift
  /// let credit = CurrentValueSubject(0)
  /// let observed = credit.map { "\($0) points" }.observable()
  /// observed.value   // "0 points"
  /// ```
  ///
  /// - Precondition: The signal replays.
  public func observable() -> ObservableValue<Value> {
    ObservableValue.make(self, initial: nil) { _, _ in true }
  }

  /// An `@Observable` object holding this signal's latest value, starting with `initial` until the
  /// signal emits (for a signal that does not replay, such as a `Subject`'s).
  public func observable(initial: Value) -> ObservableValue<Value> {
    ObservableValue.make(self, initial: initial) { _, _ in true }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Signal where Value: Equatable {
  /// An `@Observable` object holding this signal's latest value; a value equal to the last notifies
  /// no reader (see ``ObservableValue``).
  ///
  /// ```swift
  /// let count = CurrentValueSubject(0)
  /// let observed = count.observable()
  /// count.value = 0   // equal: no reader of observed.value is told
  /// ```
  ///
  /// - Precondition: The signal replays.
  public func observable() -> ObservableValue<Value> {
    ObservableValue.make(self, initial: nil, differs: !=)
  }

  /// An `@Observable` object holding this signal's latest value, starting with `initial` until the
  /// signal emits; a value equal to the last notifies no reader.
  public func observable(initial: Value) -> ObservableValue<Value> {
    ObservableValue.make(self, initial: initial, differs: !=)
  }
}
