/// A picture of the connected graph around a signal, taken at one moment: its nodes (subjects, operators,
/// computeds, effects, a store's state and selections), what each is, and the edges between them.
///
/// Get one from any signal with ``Signal/liveGraph()`` (or a store's `liveGraph()` in RillStore), and print it,
/// or render it for Graphviz (``dot``) or GitHub's Markdown (``mermaid``):
///
/// ```swift
/// let clicks = Subject<Void>()
/// let credit = clicks.scan(0) { total, _ in total + 5 }.named("credit")
/// let label = credit.map { "\($0)" }
/// let subscription = label.subscribe { print($0) }
/// print(label.liveGraph())
/// // #1 Subject (Void) rank 0
/// // └─▶ #2 scan "credit" (Int) rank 1
/// //     └─▶ #3 map (String) rank 2, 1 subscriber
/// ```
///
/// The walk sees only live edges: an operator's node has edges while it is connected (it has observers), a
/// computed while it is observed, an effect while it lives. So a pipeline nobody subscribes to shows as the
/// node asked about alone, and the graph after the last subscription is cancelled is the subjects and nodes you
/// still hold, without edges. Taking the picture changes nothing: it connects nothing, replays nothing and
/// evaluates no computed. (The current inner signal of a `flatMapLatest` or `flatMap` is found from the inner
/// signal's side only: a walk up from the node does not reach it.)
///
/// Like the signals it describes, call it in the graph's isolation domain. The value itself is plain data.
public struct LiveGraph: Hashable, Sendable, CustomStringConvertible {
  /// One node of the graph.
  public struct Node: Hashable, Sendable, Identifiable {
    /// The node's number in this picture, from 1, in order of rank; nodes of one rank in the order of a walk down
    /// from the sources, each node's observers in the order they subscribed (the sources in the order the walk met
    /// them), so that every node of a graph with one source gives the same numbers.
    public let id: Int
    /// What the node is: `Subject`, `map`, `combine`, `Computed`, `effect`, `select`…
    public let kind: NodeKind
    /// The name given with ``Signal/named(_:)`` or ``effect(named:trace:_:)``, or `nil`.
    public let name: String?
    /// The type of the values it emits, as Swift writes it; `nil` for an effect.
    public let valueType: String?
    /// Its rank: 0 for a source, more than each of its upstreams' otherwise. Joins and computeds settle in this
    /// order (the contract's rules 6 and 11).
    public let rank: Int
    /// Its observers that are not nodes of the graph: the app's own `subscribe` calls, `values`, `observable()`…
    public let subscriberCount: Int
    /// Everything that observes it: one per link to a node it feeds (`combine(a, a)` links twice), and its
    /// subscribers.
    public let observerCount: Int
    /// Why it last ran, for a computed, an effect or an operator (see ``RunReason``): the way to ask an effect,
    /// which has no signal. `nil` before its first run, for a source, and in a release build of Rill.
    ///
    /// ```swift
    /// let logging = effect(named: "log") { print(credit.value) }
    /// credit.value = 5
    /// print(credit.liveGraph().node(named: "log")!.lastRunReason!)
    /// // effect "log" ran: CurrentValueSubject (Int) changed
    /// ```
    public let lastRunReason: RunReason?
  }

  /// An edge: values (or, for a computed and an effect, reads) flow from the node numbered `from` to `to`.
  public struct Edge: Hashable, Sendable {
    public let from: Int
    public let to: Int
  }

  /// The nodes, by ``Node/id`` (`nodes[0]` has id 1).
  public let nodes: [Node]
  /// The edges, sorted by `from`, then `to`.
  public let edges: [Edge]
  /// The id of the node the picture was taken from.
  public let origin: Int

  /// The graph as an indented tree for the console (``text``).
  public var description: String { text }

  /// The nodes `node` feeds, in order: the nodes around one that ``node(named:)`` found.
  ///
  /// ```swift
  /// let graph = view.liveGraph()
  /// let credit = graph.node(named: "credit")!
  /// #expect(graph.downstreams(of: credit).map(\.name) == ["color", "status"])
  /// ```
  ///
  /// `node` is a node of this picture; one of another picture (taken at another moment, or from another graph)
  /// has no edges here, and gives `[]`.
  public func downstreams(of node: Node) -> [Node] {
    guard contains(node) else { return [] }
    return edges.filter { $0.from == node.id }.map { nodes[$0.to - 1] }
  }

  /// The nodes that feed `node`, in order (see ``downstreams(of:)``).
  public func upstreams(of node: Node) -> [Node] {
    guard contains(node) else { return [] }
    return edges.filter { $0.to == node.id }.map { nodes[$0.from - 1] }
  }

  /// Whether `node` is a node of this picture.
  func contains(_ node: Node) -> Bool {
    nodes.indices.contains(node.id - 1) && nodes[node.id - 1] == node
  }

  /// The first node called `name`, if any.
  public func node(named name: String) -> Node? {
    nodes.first { $0.name == name }
  }
}
