/// A table of immutable models keyed by id, in an order you choose, that knows which ids changed.
///
/// Keep one in state for each kind of entity the app receives (users, messages, …). A reducer inserts
/// whole models with ``upsert(_:)``, merges the subsets of fields a server sends with ``merge(_:)``, edits
/// one model with ``update(_:_:)`` and removes with ``remove(_:)``. The table keeps its models in
/// insertion order unless you move or sort them, and is a random-access collection of them in that order.
///
/// ```swift
/// var users = EntityTable<User>()
/// users.upsert(User(id: 1, name: "Ada"))
/// users.upsert(User(id: 2, name: "Alan"))
/// users.update(1) { $0.name = "Ada Lovelace" }
/// users[id: 1]?.name        // "Ada Lovelace"
/// users.map(\.name)         // ["Ada Lovelace", "Alan"]
/// ```
///
/// **Changes.** Every insert, update and removal is recorded with the id it touched, so a reader that saw
/// an earlier ``revision`` can ask for the ids changed since (``changedIDs(since:)``) instead of comparing
/// every model. ``Store/entity(_:in:)`` uses this to tell exactly the observers of the models a dispatch
/// changed. The record is bounded (memory stays flat), is not part of the table's value, and is not
/// encoded: `==` compares models and order; `Codable` writes the models, in order, as a JSON array.
///
/// **Atomic edits.** ``update(_:_:)`` and ``sort(by:)`` take closures that may throw: when one throws, the
/// table is left as it was (the edit is undone, no change is recorded) and the error is rethrown.
///
/// - Complexity: Reading by id, ``upsert(_:)`` of a new or existing model, ``merge(_:)``, ``update(_:_:)``
///   are O(1) (amortized; plus copying the table once if its storage is shared). ``remove(_:)``,
///   ``insert(_:at:)`` and ``move(_:to:)`` are O(n) in the number of models, for the order.
public struct EntityTable<Model: Identifiable> {
  /// The models by id.
  @usableFromInline var models: [Model.ID: Model]
  /// The ids in order.
  @usableFromInline var order: ContiguousArray<Model.ID>
  /// The ids changed recently.
  @usableFromInline var changes = EntityChanges<Model.ID>()

  /// An empty table.
  @inlinable public init() {
    models = [:]
    order = []
  }

  /// A table of `models`, in order. A model whose id repeats replaces the earlier one in its place.
  @inlinable public init(_ models: some Sequence<Model>) {
    self.init()
    for model in models { upsert(model) }
  }

  /// The ids, in the table's order.
  @inlinable public var ids: some RandomAccessCollection<Model.ID> { order }

  /// The model with `id`, or `nil` when there is none.
  ///
  /// - Complexity: O(1).
  @inlinable public subscript(id id: Model.ID) -> Model? {
    models[id]
  }

  /// Whether a model with `id` is in the table.
  @inlinable public func contains(id: Model.ID) -> Bool {
    models[id] != nil
  }

  /// Inserts `model` at the end, or replaces the model with its id in its place. Returns the model it
  /// replaced, if any.
  @inlinable @discardableResult public mutating func upsert(_ model: Model) -> Model? {
    let id = model.id
    let replaced = models.updateValue(model, forKey: id)
    if replaced == nil { order.append(id) }
    changes.record(id)
    return replaced
  }

  /// Inserts `model` at `position` in the order, or moves the model with its id there and replaces it.
  ///
  /// - Precondition: `position` is in `0...count` (`0..<count` when the id is in the table already).
  @inlinable public mutating func insert(_ model: Model, at position: Int) {
    let id = model.id
    if models.updateValue(model, forKey: id) != nil, let old = order.firstIndex(of: id) {
      order.remove(at: old)
    }
    order.insert(id, at: position)
    changes.record(id)
  }

  /// Merges `patch` into the model with its id: the fields it carries change, the others stay. Returns
  /// false, changing nothing, when no model has that id (a part of a model cannot make a whole one).
  @inlinable @discardableResult public mutating func merge<Patch: EntityPatch<Model>>(_ patch: Patch) -> Bool {
    update(patch.id) { patch.merge(into: &$0) }
  }

  /// Changes the model with `id` in place with `body`. Returns false, calling nothing, when no model has
  /// that id.
  ///
  /// The update is atomic: when `body` throws, the model stays as it was — whatever `body` changed
  /// before throwing is undone — no change is recorded (so ``Store/entity(_:in:)`` has nothing to
  /// tell), and the error is rethrown. A reducer can therefore validate an edit with `try?`:
  ///
  /// ```swift
  /// _ = try? users.update(1) { user in
  ///   user.name = newName
  ///   try validate(user)   // throws: user 1 keeps its old name
  /// }
  /// ```
  ///
  /// - Precondition: `body` does not change the model's id.
  /// - Complexity: O(1). A `body` that can throw edits a copy of the model, written back when it
  ///   returns: editing a collection in the model then copies that collection once.
  @inlinable @discardableResult public mutating func update<Failure: Error>(
    _ id: Model.ID,
    _ body: (inout Model) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    guard let index = models.index(forKey: id) else { return false }
    if Failure.self == Never.self {
      // It cannot throw: edit in place, with nothing to undo (and no copy).
      try body(&models.values[index])
    } else {
      var model = models.values[index]
      try body(&model)
      models.values[index] = model
    }
    precondition(models.values[index].id == id, "EntityTable.update changed the id of model \(id)")
    changes.record(id)
    return true
  }

  /// Removes the model with `id` and returns it, or returns `nil` when there is none.
  @inlinable @discardableResult public mutating func remove(_ id: Model.ID) -> Model? {
    guard let removed = models.removeValue(forKey: id) else { return nil }
    if let position = order.firstIndex(of: id) { order.remove(at: position) }
    changes.record(id)
    return removed
  }

  /// Removes every model.
  @inlinable public mutating func removeAll() {
    for id in order { changes.record(id) }
    models.removeAll()
    order.removeAll()
  }

  /// Moves the model with `id` to `position` in the order; models do not change.
  ///
  /// - Precondition: a model has `id`, and `position` is in `0..<count`.
  @inlinable public mutating func move(_ id: Model.ID, to position: Int) {
    guard let old = order.firstIndex(of: id) else { preconditionFailure("EntityTable.move: no model has id \(id)") }
    order.remove(at: old)
    order.insert(id, at: position)
  }

  /// Sorts the order with `areInIncreasingOrder`; models do not change.
  ///
  /// Like ``update(_:_:)``, it is atomic: when `areInIncreasingOrder` throws, the order stays as it was
  /// (it sorts a copy of the order, kept when the sort returns).
  ///
  /// - Complexity: O(n log n).
  @inlinable public mutating func sort(by areInIncreasingOrder: (Model, Model) throws -> Bool) rethrows {
    var sorted = order
    try sorted.sort { try areInIncreasingOrder(models[$0]!, models[$1]!) }
    order = sorted
  }
}

extension EntityTable {
  /// Where the table stands in its changes: the revision of its last insert, update or removal.
  ///
  /// Two tables with one revision hold the same models (one is a copy of the other, not changed since).
  /// Moving and sorting keep the revision.
  public struct Revision: Hashable, Sendable {
    @usableFromInline let stamp: UInt64

    @inlinable init(stamp: UInt64) {
      self.stamp = stamp
    }
  }

  /// The revision of the table's last change.
  @inlinable public var revision: Revision { Revision(stamp: changes.latest) }

  /// The ids of the models inserted, updated or removed since `revision`, in the order of the changes
  /// (an id changed twice appears twice), or `nil` when they are not known: `revision` is not a past
  /// revision of this table (it was recomputed, decoded, or is a copy changed separately), or is too old.
  /// Compare the models you care about then.
  ///
  /// ```swift
  /// let seen = users.revision
  /// users.update(1) { $0.isOnline = true }
  /// users.changedIDs(since: seen)   // [1]
  /// ```
  ///
  /// - Complexity: O(changes since `revision`) when they are known.
  @inlinable public func changedIDs(since revision: Revision) -> [Model.ID]? {
    changes.changes(since: revision.stamp).map { $0.map(\.id) }
  }
}

extension EntityTable: RandomAccessCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { order.count }

  /// The model at `position` in the table's order.
  @inlinable public subscript(position: Int) -> Model {
    models[order[position]]!
  }
}

extension EntityTable: Equatable where Model: Equatable {
  /// Whether both tables hold equal models in the same order (their change records are not compared).
  @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.order == rhs.order && lhs.models == rhs.models
  }
}

extension EntityTable: Sendable where Model: Sendable, Model.ID: Sendable {}

extension EntityTable: Encodable where Model: Encodable {
  /// Writes the models, in order, as an array (the change record is not written).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for model in self { try container.encode(model) }
  }
}

extension EntityTable: Decodable where Model: Decodable {
  /// Reads an array of models, in order. Two models with one id are a corrupt table: it throws.
  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let model = try container.decode(Model.self)
      guard upsert(model) == nil else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Two models have the id \(model.id) in one entity table.")
      }
    }
  }
}

extension EntityTable: CustomStringConvertible {
  public var description: String { "EntityTable(\(Array(self)))" }
}
