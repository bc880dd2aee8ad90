extension Store {
  /// A signal of the model with `id` in the entity table at `table`: it emits only when that model
  /// changes.
  ///
  /// It replays the current model (`nil` when the table has none with `id`), then emits once per state
  /// the store delivers in which this model differs (`!=`) from the last one it emitted: the new model
  /// after an insert, update or merge, `nil` after a removal, the model again when it is re-added. It
  /// hangs off ``state`` like every selection, so it keeps rule 5 (a dispatch from an observer is queued)
  /// and rule 6 (`combine` of two models emits once per dispatch). Calls for an id that is observed return
  /// the same signal.
  ///
  /// ```swift
  /// let profile = store.entity(1, in: \.users)   // Signal<User?>
  /// let subscription = profile.subscribe { print($0?.name ?? "gone") }   // prints "Ada"
  /// store.dispatch(.updated(UserPatch(id: 2, isOnline: true)))            // prints nothing
  /// store.dispatch(.removed(1))                                           // prints "gone"
  /// ```
  ///
  /// - Complexity: A dispatch that changes no model of the table costs one revision comparison for all
  ///   the table's observers together; one that changes k models costs k lookups and at most k `==`,
  ///   whatever the number of observed ids. Undo, redo, jump and import compare every observed id once.
  ///   A node is freed with its last subscriber, and the table's index with its last node.
  @inlinable public func entity<Model: Identifiable & Equatable>(
    _ id: Model.ID,
    in table: KeyPath<State, EntityTable<Model>>
  ) -> Signal<Model?> {
    if let index = (entityIndexes[table] as? EntityIndexRegistration<State, Model>)?.index,
      let shared = index.connectedSignal(of: id)
    {
      return shared
    }
    let source = subject
    return PushedSignal<Model?>.make(joining: source, kind: .entity) { [weak self] output in
      let index = self?.entityIndex(for: table) ?? EntityIndex(source: source, table: table) { _ in }
      return index.attach(output, id: id)
    }
  }

  /// Calls `observer` with `owner` and the model with `id` in the table at `table`, for as long as `owner`
  /// lives: at once with the current model, then whenever it changes (see ``entity(_:in:)``).
  ///
  /// `owner` is held weakly. Once it is freed, the observation ends: at the next change of the model
  /// (which does not call `observer`), or when later `observe` calls on this table find it, checking two
  /// earlier observations each, whichever comes first. It also ends when the store is freed. So screens that come and go leave no nodes behind,
  /// even for models that never change again. Cancel the returned subscription to end it at once; dropping
  /// it does not.
  ///
  /// ```swift
  /// store.observe(1, in: \.users, owner: profileView) { view, user in view.title = user?.name ?? "" }
  /// ```
  @inlinable @discardableResult public func observe<Owner: AnyObject, Model: Identifiable & Equatable>(
    _ id: Model.ID,
    in table: KeyPath<State, EntityTable<Model>>,
    owner: Owner,
    _ observer: @escaping (Owner, Model?) -> Void
  ) -> Subscription {
    let subscription = entity(id, in: table).subscribe(owner: owner, observer)
    (entityIndexes[table] as? EntityIndexRegistration<State, Model>)?.index.adopt(subscription, owner: owner)
    return subscription
  }

  /// The index of the table at `table`, made and registered when there is none.
  @inlinable func entityIndex<Model: Identifiable & Equatable>(
    for table: KeyPath<State, EntityTable<Model>>
  ) -> EntityIndex<State, Model> {
    if let registration = entityIndexes[table] as? EntityIndexRegistration<State, Model> {
      return registration.index
    }
    let index = EntityIndex(source: subject, table: table) { [weak self] index in
      guard let self, (self.entityIndexes[table] as? EntityIndexRegistration<State, Model>)?.index === index else {
        return
      }
      self.entityIndexes[table] = nil
    }
    entityIndexes[table] = EntityIndexRegistration(index)
    return index
  }
}

/// The store's hold on the index of one table. When the store is freed, so is this, and the owner-bound
/// observations of the table end: no value will come to end them, and each one's observer, holding its
/// own subscription, would otherwise keep its node (and the last state) alive.
@usableFromInline
final class EntityIndexRegistration<State, Model: Identifiable & Equatable> {
  @usableFromInline let index: EntityIndex<State, Model>

  @usableFromInline init(_ index: EntityIndex<State, Model>) {
    self.index = index
  }

  deinit {
    index.endOwnerBoundObservations()
  }
}
