// The walk behind `liveGraph()`: from one node, along the live edges both ways, reading what each node already
// keeps (a derived node's upstreams, the observers a signal's slots hold, a computed's edges), changing nothing.

/// A node as the walk sees it: a signal (of any value type) or a tracked-graph node shown as itself.
protocol LiveNode: AnyObject {
  var liveKind: NodeKind { get }
  var liveRank: Int { get }
  var liveValueType: Any.Type? { get }
  var liveName: String? { get }
  /// Why it last ran (debug builds), or `nil`.
  var liveRunReason: RunReason? { get }
  /// Appends the nodes this one takes values from, while the edges are live.
  func appendLiveUpstreams(to nodes: inout [AnyObject])
  /// Appends the nodes this one feeds; returns how many other observers it has.
  func appendLiveDownstreams(to nodes: inout [AnyObject]) -> Int
}

/// An object that feeds several nodes through one observer of a signal (the store's per-id index): the walk
/// follows it to them.
package protocol LiveFanOut: AnyObject {
  /// Appends the nodes fed, each a signal.
  func appendFedNodes(to nodes: inout [AnyObject])
}

extension Signal {
  /// Appends the nodes whose observers or edges are in this signal's slots (``NodeObserver``, ``ObserverSlot``);
  /// returns how many other live observers it has.
  final func appendObservingNodes(to nodes: inout [AnyObject]) -> Int {
    var subscribers = 0
    for slot in slots {
      guard let observer = slot.observer?.takeUnretainedValue() else { continue }
      if slot.isEdge {  // an edge: the observer is the node
        nodes.append(observer)
      } else if let fed = observer as? NodeObserver<Value> {
        if let fanOut = fed.node as? any LiveFanOut {
          fanOut.appendFedNodes(to: &nodes)
        } else {
          nodes.append(fed.node)
        }
      } else {
        subscribers += 1
      }
    }
    return subscribers
  }

  /// The connected graph around this signal, as it is now: its nodes, their kinds, names, ranks and observers,
  /// and the edges between them (see ``LiveGraph``).
  ///
  /// ```swift
  /// print(label.liveGraph())        // a tree for the console
  /// print(label.liveGraph().dot)    // for Graphviz
  /// ```
  ///
  /// Walking the graph connects nothing, replays nothing and evaluates nothing.
  ///
  /// - Complexity: O(n + e) for n nodes and e edges, plus one name look-up per named node.
  public func liveGraph() -> LiveGraph {
    LiveGraphWalk.walk(from: self)
  }
}

extension ReactiveNode: LiveNode {
  var liveRunReason: RunReason? { runReason() }
  var liveRank: Int { rank }
}

/// The breadth-first walk of the live graph.
enum LiveGraphWalk {
  /// The graph around `start`.
  static func walk(from start: AnyObject) -> LiveGraph {
    var found: [ObjectIdentifier: Int] = [:]  // by object: its index in `order`
    var order: [any LiveNode] = []
    var subscribers: [Int] = []
    var observers: [Int] = []
    var edges = Set<EdgeKey>()  // by index in `order`
    var feeds: [[Int]] = []  // by index in `order`: the nodes it feeds, in the order its observers subscribed
    var listed = Set<EdgeKey>()  // the edges in `feeds`

    func index(of object: AnyObject) -> Int? {
      if let known = found[ObjectIdentifier(object)] { return known }
      guard let node = object as? any LiveNode else { return nil }
      found[ObjectIdentifier(object)] = order.count
      order.append(node)
      subscribers.append(0)
      observers.append(0)
      feeds.append([])
      return order.count - 1
    }

    guard let origin = index(of: start) else { preconditionFailure("the live graph starts at a signal") }
    var next = 0
    var neighbours: [AnyObject] = []
    while next < order.count {
      let node = order[next]
      neighbours.removeAll(keepingCapacity: true)
      node.appendLiveUpstreams(to: &neighbours)
      for upstream in neighbours {
        if let from = index(of: upstream) { edges.insert(EdgeKey(from: from, to: next)) }
      }
      neighbours.removeAll(keepingCapacity: true)
      let subscriberCount = node.appendLiveDownstreams(to: &neighbours)
      subscribers[next] = subscriberCount
      observers[next] = subscriberCount + neighbours.count
      for downstream in neighbours {
        if let to = index(of: downstream), listed.insert(EdgeKey(from: next, to: to)).inserted {
          edges.insert(EdgeKey(from: next, to: to))
          feeds[next].append(to)
        }
      }
      next += 1
    }
    // An edge found from its lower end only (none, unless an observer did not say which node it feeds) comes last.
    for edge in edges.subtracting(listed).sorted(by: { ($0.from, $0.to) < ($1.from, $1.to) }) {
      feeds[edge.from].append(edge.to)
    }

    // Numbered by rank; within a rank, in the order of a walk down from the sources (in the order found), each
    // node's observers in the order they subscribed: so every node of a graph with one source draws one picture.
    let fed = Set(edges.map(\.to))
    var walkOrder = order.indices.filter { !fed.contains($0) }
    var placed = Set(walkOrder)
    var position = 0
    while position < walkOrder.count {
      for child in feeds[walkOrder[position]] where placed.insert(child).inserted { walkOrder.append(child) }
      position += 1
    }
    walkOrder += order.indices.filter { !placed.contains($0) }
    var place = [Int](repeating: 0, count: order.count)
    for (position, index) in walkOrder.enumerated() { place[index] = position }
    let sorted = order.indices.sorted { (order[$0].liveRank, place[$0]) < (order[$1].liveRank, place[$1]) }
    var id = [Int](repeating: 0, count: order.count)
    for (position, index) in sorted.enumerated() { id[index] = position + 1 }
    let nodes = sorted.map { index in
      let node = order[index]
      return LiveGraph.Node(
        id: id[index], kind: node.liveKind, name: node.liveName,
        valueType: node.liveValueType.map(typeDescription), rank: node.liveRank,
        subscriberCount: subscribers[index], observerCount: observers[index], lastRunReason: node.liveRunReason)
    }
    let numbered = edges.map { LiveGraph.Edge(from: id[$0.from], to: id[$0.to]) }
      .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    return LiveGraph(nodes: nodes, edges: numbered, origin: id[origin])
  }

  /// An edge by the indices of its ends in the walk's order.
  struct EdgeKey: Hashable {
    let from: Int
    let to: Int
  }

  /// A type as the renderings write it: `Void` rather than `()`.
  static func typeDescription(_ type: Any.Type) -> String {
    type == Void.self ? "Void" : String(describing: type)
  }
}

extension Signal {
  /// This signal, which the live graph shows as `kind` when it is an operator's node (a store's `select`).
  @inlinable package func showing(as kind: OperatorKind) -> Signal<Value> {
    (self as? DerivedSignal<Value>)?.kind = kind
    return self
  }
}
