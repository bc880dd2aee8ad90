// How ranks rise after nodes are built, in one walk for both graphs: a computation reading a deeper value than
// before (its computed or effect rises above it), a `flatMapLatest` fed by an inner signal deeper than itself. A
// send never touches any of it; a steady graph never rises.
//
// What a rise must reach below a node: the observed consumers that read it (its `dependents`, the tracked graph's
// edges), and the connected operator nodes whose rank can follow it — the operators below a `flatMapLatest`, below
// a node that has one upstream, and below a computed. The second kind are *rise links*, registered by the node
// below while it is connected (counted: `combine(a, a)` links twice) and kept by the graph, keyed by the node
// above (``Graph/riseLinks``), so that a node pays no field for them.

extension ReactiveNode {
  /// Makes this node's rank greater than `floor` (see ``raiseRank(to:)``).
  @usableFromInline final func raiseRank(above floor: Int) {
    raiseRank(to: floor &+ 1)
  }

  /// Makes this node's rank at least `newRank`, and the rank of everything below it (observed consumers, operators
  /// linked to follow it) greater than the rank of what it is below, in a loop; a settle pending at the old rank
  /// moves to the new one. Does nothing if the rank is already that high.
  ///
  /// A rise that comes back to a node it is raising went round a cycle (a `flatMapLatest` fed by a signal derived
  /// from itself): it stops there, as the nodes of a cycle can have no order.
  @usableFromInline final func raiseRank(to newRank: Int) {
    guard rank < newRank, !has(ReactiveFlags.isRaisingRank) else { return }
    rank = newRank
    guard has(ReactiveFlags.hasRiseLinks) || hasDependents else {
      rankRose()  // nothing below it: no walk
      return
    }
    withTrackingContext { raiseRankBelow(in: $0) }
  }

  /// The walk of ``raiseRank(to:)`` from this node, whose rank has just risen. Each node on the stack has its new
  /// rank already; popped the first time, it moves its settles, marks itself as being raised, goes back on the
  /// stack to be unmarked once everything below it has been raised, and pushes the nodes below it that are not
  /// already deeper, with their new rank.
  final func raiseRankBelow(in context: TrackingContext) {
    let base = context.cascade.count
    context.cascade.append(.passUnretained(self))
    while context.cascade.count > base {
      context.cascade.removeLast()._withUnsafeGuaranteedRef { node in
        guard !node.has(ReactiveFlags.isRaisingRank) else {
          node.flags &= ~ReactiveFlags.isRaisingRank  // everything below it is done
          return
        }
        node.rankRose()
        node.flags |= ReactiveFlags.isRaisingRank
        context.cascade.append(.passUnretained(node))
        let rank = node.rank
        if node.has(ReactiveFlags.hasSourceFields) {  // an operator's node has no `dependents`
          var index = 0
          while index < node.dependents.count {
            node.dependents[index].consumer._withUnsafeGuaranteedRef { consumer in
              consumer.rise(above: rank, onto: &context.cascade)
            }
            index &+= 1
          }
        }
        guard node.has(ReactiveFlags.hasRiseLinks) else { return }
        node.withRootGraph { graph in
          for link in graph.riseLinks[ObjectIdentifier(node), default: [:]].values {
            link.node.rise(above: rank, onto: &context.cascade)
          }
        }
      }
    }
  }

  /// Gives this node a rank above `floor` and puts it on `stack` for its own walk, unless it is already deeper or
  /// is being raised (a cycle).
  @inline(__always) final func rise(above floor: Int, onto stack: inout ContiguousArray<Unmanaged<ReactiveNode>>) {
    guard rank <= floor, !has(ReactiveFlags.isRaisingRank) else { return }
    rank = floor &+ 1
    stack.append(.passUnretained(self))
  }

  /// The rise links of this node, by the node below (empty for most nodes).
  final var riseLinks: [ObjectIdentifier: RiseLink] {
    guard has(ReactiveFlags.hasRiseLinks) else { return [:] }
    return withRootGraph { $0.riseLinks[ObjectIdentifier(self)] ?? [:] }
  }

  /// Registers `node`, connected below this one, to follow its rank: a rise of this node reaches it. Counted, so
  /// links may repeat; each ends with one ``removeRiseLink(_:)``.
  @usableFromInline final func addRiseLink(_ node: ReactiveNode) {
    flags |= ReactiveFlags.hasRiseLinks
    withOwnRootGraph { graph in
      graph.riseLinks[ObjectIdentifier(self), default: [:]][ObjectIdentifier(node), default: RiseLink(node)].links += 1
    }
  }

  /// Ends one link registered with ``addRiseLink(_:)``.
  @usableFromInline final func removeRiseLink(_ node: ReactiveNode) {
    guard has(ReactiveFlags.hasRiseLinks) else { return }
    withRootGraph { graph in
      let key = ObjectIdentifier(self)
      let below = ObjectIdentifier(node)
      guard let links = graph.riseLinks[key]?[below]?.links else { return }
      if links > 1 {
        graph.riseLinks[key]?[below]?.links = links - 1
      } else if graph.riseLinks[key]?.count == 1 {
        graph.riseLinks[key] = nil
        flags &= ~ReactiveFlags.hasRiseLinks
      } else {
        graph.riseLinks[key]?[below] = nil
      }
    }
  }
}

/// A connected node that follows the rank of a node above it, and how many links it has to it (see `RankRise.swift`).
@usableFromInline
struct RiseLink {
  /// Not retained: a linked node is connected, so the node above retains it through its subscription, and it
  /// removes its link before disconnecting.
  @usableFromInline unowned(unsafe) let node: ReactiveNode
  @usableFromInline var links = 0

  @usableFromInline init(_ node: ReactiveNode) {
    self.node = node
  }
}
