/// The per-id observers of one entity table of a store: one node per observed id, told only when its model
/// changes.
///
/// The index is one observer of the store's state. For each state it reads the table's revision: when it
/// is the one it saw last, nothing changed and it returns (one comparison, whatever the number of
/// observers). Otherwise it asks the table for the ids changed since, and offers each one's model to that
/// id's node (one dictionary lookup per changed id). When the changes are unknown (undo, redo, jump or
/// import recomputed the table; a copy was changed separately; too many changes to keep) it compares every
/// observed id's model instead: O(observed ids), once.
///
/// Nodes join while they have observers and leave with their last one; the index ends its observation of
/// the state, and leaves the store, with its last node.
@usableFromInline
final class EntityIndex<State, Model: Identifiable & Equatable> {
  @usableFromInline let source: OwnedValueSubject<State>
  @usableFromInline let table: KeyPath<State, EntityTable<Model>>
  /// The connected nodes, by id; a second node of one id (two signals made while none was connected) is
  /// chained behind the first.
  @usableFromInline @exclusivity(unchecked) var nodes: [Model.ID: EntityNode<Model>] = [:]
  /// The revision of the table in the last state this index read.
  @usableFromInline @exclusivity(unchecked) var seen: UInt64 = 0
  /// The observation of the state, while any node is connected.
  @usableFromInline @exclusivity(unchecked) var upstream: Subscription?
  /// Called with this index when its last node leaves.
  @usableFromInline let onEmpty: (EntityIndex) -> Void
  /// The owner-bound observations (``Store/observe(_:in:owner:_:)``), checked a few at a time.
  @usableFromInline @exclusivity(unchecked) var ownerBound: ContiguousArray<OwnerBound> = []
  /// Where the next check of `ownerBound` starts.
  @usableFromInline @exclusivity(unchecked) var sweepPosition = 0

  @inlinable init(
    source: OwnedValueSubject<State>,
    table: KeyPath<State, EntityTable<Model>>,
    onEmpty: @escaping (EntityIndex) -> Void
  ) {
    self.source = source
    self.table = table
    self.onEmpty = onEmpty
  }

  /// The signal of the connected node of `id`, if there is one.
  @inlinable func connectedSignal(of id: Model.ID) -> Signal<Model?>? {
    nodes[id]?.output.signal
  }

  /// Registers `output` as a node of `id` and replays the current model to its first observer; the
  /// subscription returned unregisters it.
  @inlinable func attach(_ output: PushedSignal<Model?>, id: Model.ID) -> Subscription {
    if upstream == nil {
      seen = source.value[keyPath: table].changes.latest
      upstream = source.subscribe(feeding: self) { [unowned self] state in receive(state) }
    }
    let model = source.value[keyPath: table][id: id]
    let node = EntityNode(id: id, output: output, last: model)
    if let first = nodes[id] {
      var tail = first
      while let next = tail.next { tail = next }
      tail.next = node
    } else {
      nodes[id] = node
    }
    output.emit(model)
    return Subscription { [self] in detach(node) }
  }

  /// Unregisters `node`; with the last node, ends the observation of the state.
  @usableFromInline func detach(_ node: EntityNode<Model>) {
    node.isConnected = false
    // The node keeps its `next`, so an offer walking the chain from it goes on past it.
    if let first = nodes[node.id] {
      if first === node {
        nodes[node.id] = node.next
      } else {
        var previous = first
        while let next = previous.next, next !== node { previous = next }
        if previous.next === node { previous.next = node.next }
      }
    }
    guard nodes.isEmpty else { return }
    ownerBound.removeAll()
    upstream?.cancel()
    upstream = nil
    onEmpty(self)
  }

  /// Keeps `subscription`, an observation bound to `owner`, and ends up to two earlier ones whose owner
  /// is gone. So an observer whose owner is freed and whose model never changes again does not keep its
  /// node: such observers are ended at the pace new ones arrive, and their number stays within a small
  /// factor of the live ones. Call it after `subscription` is connected (the index is not empty).
  ///
  /// - Complexity: Amortized O(1).
  @usableFromInline func adopt(_ subscription: Subscription, owner: AnyObject) {
    for _ in 0..<2 where !ownerBound.isEmpty {
      if sweepPosition >= ownerBound.count { sweepPosition = 0 }
      let entry = ownerBound[sweepPosition]
      if entry.owner == nil || entry.subscription.isCancelled {
        ownerBound.swapAt(sweepPosition, ownerBound.count - 1)
        ownerBound.removeLast().subscription.cancel()
      } else {
        sweepPosition += 1
      }
    }
    ownerBound.append(OwnerBound(owner: owner, subscription: subscription))
  }

  /// Ends every owner-bound observation (the store is gone).
  @usableFromInline func endOwnerBoundObservations() {
    let entries = ownerBound
    ownerBound.removeAll()
    for entry in entries { entry.subscription.cancel() }
  }

  /// Reads the table in a new state and tells the nodes of the ids that changed.
  @inlinable func receive(_ state: State) {
    let latest = state[keyPath: table].changes.latest
    guard _slowPath(latest != seen) else { return }
    let table = state[keyPath: table]
    let previous = seen
    seen = latest
    if let changed = table.changes.changes(since: previous) {
      for change in changed {
        if let node = nodes[change.id] { node.offer(table[id: change.id]) }
      }
    } else {
      for node in nodes.values { node.offer(table[id: node.id]) }
    }
  }
}

/// An observation bound to an owner object, held weakly.
@usableFromInline
struct OwnerBound {
  @usableFromInline weak var owner: AnyObject?
  @usableFromInline let subscription: Subscription

  @usableFromInline init(owner: AnyObject, subscription: Subscription) {
    self.owner = owner
    self.subscription = subscription
  }
}

/// One node of an ``EntityIndex``: the signal of one id's model and the last model it emitted.
@usableFromInline
final class EntityNode<Model: Identifiable & Equatable> {
  @usableFromInline let id: Model.ID
  @usableFromInline let output: PushedSignal<Model?>
  @usableFromInline @exclusivity(unchecked) var last: Model?
  @usableFromInline @exclusivity(unchecked) var isConnected = true
  /// Another connected node of the same id.
  @usableFromInline @exclusivity(unchecked) var next: EntityNode?

  @inlinable init(id: Model.ID, output: PushedSignal<Model?>, last: Model?) {
    self.id = id
    self.output = output
    self.last = last
  }

  /// Emits `model` from this node and the ones chained behind it, each that is still connected and last
  /// emitted something else.
  @inlinable func offer(_ model: Model?) {
    var node: EntityNode? = self
    while let current = node {
      if current.isConnected && current.last != model {
        current.last = model
        current.output.emit(model)
      }
      node = current.next
    }
  }
}

extension EntityIndex: LiveFanOut {
  /// The live graph goes from the state straight to the connected nodes this index feeds.
  package func appendFedNodes(to nodes: inout [AnyObject]) {
    for first in self.nodes.values {
      var node: EntityNode<Model>? = first
      while let current = node {
        if current.isConnected { nodes.append(current.output.signal) }
        node = current.next
      }
    }
  }
}
