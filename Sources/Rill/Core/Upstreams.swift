// What a derived node knows of its upstream signals: each one's facts while it is built (`AnyUpstream`), and the
// other upstreams of a join with more than two, kept in one block (`UpstreamList`).

/// The other upstreams of a join with more than two (see ``SubscribingSignal/otherUpstreamStorage``), in one block.
final class UpstreamList: ManagedBuffer<Int, AnyObject> {
  /// A list holding `upstreams`.
  static func make(_ upstreams: [AnyObject]) -> UpstreamList {
    let list = unsafeDowncast(create(minimumCapacity: upstreams.count) { _ in upstreams.count }, to: UpstreamList.self)
    list.withUnsafeMutablePointerToElements { elements in
      for (index, upstream) in upstreams.enumerated() { (elements + index).initialize(to: upstream) }
    }
    return list
  }

  deinit {
    _ = withUnsafeMutablePointers { count, elements in elements.deinitialize(count: count.pointee) }
  }

  /// The upstreams, in order.
  var upstreams: [AnyObject] {
    withUnsafeMutablePointers { count, elements in Array(UnsafeBufferPointer(start: elements, count: count.pointee)) }
  }
}

/// What a node needs to know about an upstream signal of any value type.
@usableFromInline
struct AnyUpstream {
  @usableFromInline let signal: ReactiveNode
  @usableFromInline let graph: Graph
  @usableFromInline let rank: Int
  @usableFromInline let replays: Bool
  @usableFromInline let risingNode: ReactiveNode?

  @inlinable init<Value>(_ signal: Signal<Value>) {
    self.signal = signal
    graph = signal.currentGraph
    rank = signal.rank
    replays = signal.isReplaying
    risingNode = signal.risingNode
  }
}
