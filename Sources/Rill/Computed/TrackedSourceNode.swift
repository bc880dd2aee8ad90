/// The node that tracks computations' reads of a subject's value (a ``CurrentValueSubject``, a store's state): a
/// source of the tracked graph that knows its subject, so that the live graph shows the subject in its place.
final class TrackedSourceNode: ReactiveNode {
  /// The subject, while it lives: it cleared this in its `deinit` (the computations that read it may keep this
  /// node longer). Not retained: the subject keeps this node.
  @exclusivity(unchecked) unowned(unsafe) var owner: AnyObject?

  init(owner: AnyObject, graph: Graph) {
    self.owner = owner
    super.init(flags: 0, rank: 0, graph: graph)
  }

  override var liveObject: AnyObject { owner ?? self }
}
