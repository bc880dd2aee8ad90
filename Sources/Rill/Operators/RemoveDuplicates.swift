extension Signal {
  /// Emits a value only when it differs from the last value emitted, as decided by `isDuplicate`.
  ///
  /// The first value always passes. Comparison is with the last value *emitted*, so a run of
  /// duplicates yields one value. All subscribers share the last value, which is forgotten when the
  /// last subscriber leaves. Replays the last value emitted, when this signal replays.
  ///
  /// ```swift
  /// let names = Subject<String>()
  /// let changes = names.removeDuplicates { $0.lowercased() == $1.lowercased() }
  /// let subscription = changes.subscribe { print($0) }
  /// names.send("a"); names.send("A"); names.send("b")   // prints "a", "b"
  /// ```
  ///
  /// - Complexity: O(1) per value, plus `isDuplicate`.
  @inlinable
  public func removeDuplicates(by isDuplicate: @escaping (Value, Value) -> Bool) -> Signal<Value> {
    RemoveDuplicatesSignal<Value, Value?>(self, isDuplicate)
  }
}

extension Signal where Value: Equatable {
  /// Emits a value only when it is not equal to the last value emitted.
  ///
  /// The first value always passes. Replays the last value emitted, when this signal replays. See
  /// ``removeDuplicates(by:)-((Value,Value)->Bool)``.
  ///
  /// ```swift
  /// let credit = Subject<Int>()
  /// let changes = credit.removeDuplicates()
  /// let subscription = changes.subscribe { print($0) }
  /// for c in [0, 0, 5, 5, 0] { credit.send(c) }   // prints 0, 5, 0
  /// ```
  ///
  /// - Complexity: O(1) per value, plus one `==`.
  @inlinable
  public func removeDuplicates() -> Signal<Value> {
    removeDuplicates(by: ==)
  }
}

extension Signal {
  /// Emits a value only when its property at `keyPath` differs from that of the last value emitted.
  ///
  /// The first value always passes; a value whose `keyPath` equals the last emitted value's is dropped, even
  /// if the rest of it changed. Replays the last value emitted, when this signal replays. See
  /// ``removeDuplicates(by:)-((Value,Value)->Bool)``.
  ///
  /// ```swift
  /// struct Player { var name: String; var score: Int }
  /// let players = Subject<Player>()
  /// let subscription = players.removeDuplicates(by: \.name).subscribe { print($0.name, $0.score) }
  /// players.send(Player(name: "a", score: 1)); players.send(Player(name: "a", score: 2))   // prints "a 1"
  /// ```
  ///
  /// - Complexity: O(1) per value, plus reading the key path twice and one `==`.
  @inlinable
  public func removeDuplicates<Key: Equatable>(by keyPath: KeyPath<Value, Key>) -> Signal<Value> {
    removeDuplicates { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
  }
}

/// The node of ``Signal/removeDuplicates(by:)``: the last value it emitted, forgotten at each connect and disconnect.
/// Its predicate is kept as `(Value, Value) -> Bool` (see ``FilteredSignal``). `Last` is `Value?`, named by the class so
/// that freeing the node looks no type up (see ``OptionalState``).
@usableFromInline
final class RemoveDuplicatesSignal<Value, Last: OptionalState>: StatefulForwardingSignal<Value, Value>
where Last.Wrapped == Value {
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline @exclusivity(unchecked) var lastEmitted: Last = .none

  @inlinable init(_ upstream: Signal<Value>, _ isDuplicate: @escaping (Value, Value) -> Bool) {
    self.isDuplicate = isDuplicate
    super.init(upstream, kind: .removeDuplicates) { node, value in
      let node = unsafeDowncast(node, to: RemoveDuplicatesSignal<Value, Last>.self)
      if let last = node.lastEmitted.optional, node.isDuplicate(last, value) { return }
      node.lastEmitted.optional = value
      node.emit(value)
    } connect: { node in
      let node = unsafeDowncast(node, to: RemoveDuplicatesSignal<Value, Last>.self)
      node.lastEmitted = .none
      return node.toggleEdge()
    }
  }
}
