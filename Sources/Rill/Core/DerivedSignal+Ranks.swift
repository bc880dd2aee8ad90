// Ranks that rise after a node is built: a `flatMapLatest` fed by an inner signal deeper than itself, and every
// node below one (see ``DerivedSignal``'s discussion of ranks). A send never touches any of it.

extension DerivedSignal {
  /// Registers with the upstreams that can rise and catches up with their ranks, before connecting: so
  /// a rise while they connect (a `flatMapLatest` up there subscribing to its first inner) reaches here.
  final func joinRisingUpstreams() {
    for upstream in risingUpstreams {
      upstream.addDependent(self)
      raiseRank(above: upstream.rank)
    }
  }

  /// Subscribes this node to `inner`, emitting its values: the inner signal of a `flatMapLatest`.
  ///
  /// Joins the inner's graph, raises this node's rank above the inner's (with its dependents'), and, when
  /// the inner's rank can rise too, follows it while subscribed. Cancelling the returned subscription
  /// ends both.
  ///
  /// - Complexity: O(1) when no rank rises; a rise visits the connected nodes below this one.
  @inlinable final func subscribe(toInner inner: Signal<Value>) -> Subscription {
    currentGraph.union(inner.currentGraph)
    let followed = follow(inner)
    let subscription = inner.subscribe(feeding: self) { [self] in emit($0) }
    guard let followed else { return subscription }
    return Subscription { [self] in
      subscription.cancel()
      followed.removeDependent(self)
    }
  }

  /// Raises this node's rank above `inner`'s and registers with it when its rank can rise; returns it then.
  @usableFromInline final func follow<Inner>(_ inner: Signal<Inner>) -> (any RisingNode)? {
    let followed = inner.risingNode
    followed?.addDependent(self)
    raiseRank(above: inner.rank)
    return followed
  }

  /// Makes this node's rank greater than `floor`, and so on down its connected dependents; a settle it
  /// already has pending in the graph moves to the new rank. Does nothing if the rank is already greater.
  @usableFromInline final func raiseRank(above floor: Int) {
    guard rank <= floor, !isRaisingRank else { return }
    rank = floor + 1
    setCheckpoint()
    currentGraph.moveSettles(of: ObjectIdentifier(self), toRank: rank)
    isRaisingRank = true
    for dependent in risingDependents.values { dependent.node.raiseRank(above: rank) }
    isRaisingRank = false
  }

  @usableFromInline final func addDependent(_ node: any RisingNode) {
    risingDependents[ObjectIdentifier(node), default: Dependent(node: node)].links += 1
  }

  @usableFromInline final func removeDependent(_ node: any RisingNode) {
    let key = ObjectIdentifier(node)
    guard let links = risingDependents[key]?.links else { return }
    if links == 1 {
      risingDependents[key] = nil
    } else {
      risingDependents[key]?.links = links - 1
    }
  }
}

extension DerivedSignal: RisingNode {}

/// A node whose rank can rise after it was built (see ``DerivedSignal``).
@usableFromInline
protocol RisingNode: AnyObject {
  /// The node's current rank.
  var rank: Int { get }
  /// Makes the rank greater than `floor`, and the ranks of the connected nodes below it.
  func raiseRank(above floor: Int)
  /// `node` is connected below this one: a rise here must reach it. Counted, so links may repeat.
  func addDependent(_ node: any RisingNode)
  /// Ends one link registered with ``addDependent(_:)``.
  func removeDependent(_ node: any RisingNode)
}

/// A connected node below a node that can rise, and how many links it has to it (`combine(a, a)` has two).
@usableFromInline
struct Dependent {
  /// Not retained: a dependent is connected, so the node it depends on retains it through its
  /// subscription, and it unregisters before disconnecting.
  @usableFromInline unowned(unsafe) let node: any RisingNode
  @usableFromInline var links = 0

  @usableFromInline init(node: any RisingNode) {
    self.node = node
  }
}
