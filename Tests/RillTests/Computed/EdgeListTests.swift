import Testing

@testable import Rill

/// The edge lists of a node: in-place reads and writes, growth that keeps the edges, swap-removal's building blocks;
/// and the edges a run keeps when a nested run reads the same value between two of its reads.
@Suite(.freesEverything) struct EdgeListTests {
  @Test(arguments: [1, 2, 3, 5, 64])
  func appendsGrowAndKeepEveryEdge(count: Int) {
    var list = PlainList<DependentEdge>()
    #expect(list.isEmpty)
    let consumer = ReactiveNode(flags: 0, rank: 1, graph: Graph())
    for index in 0..<count { list.append(DependentEdge(consumer: .passUnretained(consumer), twin: index)) }
    #expect(list.count == count)
    #expect(list.capacity >= count)
    #expect((0..<count).map { list[$0].twin } == Array(0..<count))
    list[0].twin = 100
    #expect(list[0].twin == 100)
    #expect(list.removeLast().twin == (count == 1 ? 100 : count - 1))
    #expect(list.count == count - 1)
    list.deallocate()
    #expect(list.isEmpty && list.capacity == 0)
  }

  /// Read by pull, the inner computed re-runs nested each time: the outer keeps the same edges, a bounded number.
  @Test(arguments: [false, true])
  func aValueReadAgainAfterANestedRunReadItKeepsABoundedNumberOfEdges(observed: Bool) {
    let source = CurrentValueSubject(1)
    let inner = Computed { source.value &* 2 }
    let outer = Computed { source.value &+ inner.value &+ source.value }
    let subscription = observed ? outer.subscribe { _ in } : nil
    let node = outer.node
    #expect(outer.value == 4)
    #expect((2...3).contains(node.dependencies.count))  // inner ran nested, between the two reads of source
    source.value = 2
    #expect(outer.value == 8)
    // Observed, inner settles before outer runs: the next run reads source once, and keeps one edge to it.
    let edges = node.dependencies.count
    if observed { #expect(edges == 2) }
    for value in 3...100 {
      source.value = value
      #expect(outer.value == 4 &* value)
      #expect(node.dependencies.count == edges)  // the same edges each run: nothing grows
    }
    let sources = (0..<node.dependencies.count).map { node.dependencies[$0].source.toOpaque() }
    #expect(Set(sources).count == 2)
    withExtendedLifetime(subscription) {}
  }
}
