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

  /// A headered list (a node's dependencies and dependents) grows from the shared empty header, keeping its header's
  /// other fields through every growth, and never writes the shared header.
  @Test(arguments: [1, 2, 3, 5, 64])
  func aHeaderedListGrowsFromTheSharedEmptyHeaderKeepingItsState(count: Int) {
    var list = DependencyList()
    #expect(list.isEmpty && !list.hasOwnHeader)
    list.grow()
    list.header.pointee.freshStamp = 42
    list.header.pointee.checkedEpoch = 7
    let source = ReactiveNode(flags: 0, rank: 1, graph: Graph())
    for index in 0..<count {
      list.append(DependencyEdge(source: .passUnretained(source), version: UInt(index), twin: -1))
    }
    #expect(list.count == count && list.capacity >= count)
    #expect((0..<count).map { list[$0].version } == (0..<count).map(UInt.init))
    #expect(list.header.pointee.freshStamp == 42 && list.header.pointee.checkedEpoch == 7)
    #expect(list.removeLast().version == UInt(count - 1))
    list.deallocate()
    let shared = DependencyList()
    #expect(shared.count == 0 && shared.capacity == 0 && shared.header.pointee.freshStamp == 0)
    #expect(shared.header.pointee.checkedEpoch == -1)
  }

  /// Every header starts with the list's count and capacity, which the list reads as raw memory at offsets 0 and 4.
  @Test func everyHeaderStartsWithTheCountAndTheCapacity() {
    #expect(MemoryLayout<ConsumerState>.offset(of: \.count) == 0)
    #expect(MemoryLayout<ConsumerState>.offset(of: \.capacity) == 4)
    #expect(MemoryLayout<DependentsHeader>.offset(of: \.count) == 0)
    #expect(MemoryLayout<DependentsHeader>.offset(of: \.capacity) == 4)
  }

  /// A node that never ran a computation, and one no observed consumer read, have no list memory of their own; an
  /// operator's node, which computations cannot read, has no list of what reads it at all.
  @Test func aNodeWithNoEdgesKeepsOnlyPointersToTheSharedHeaders() {
    let subject = CurrentValueSubject(1)
    let mapped = subject.map { $0 + 1 }
    #expect(!subject.dependencies.hasOwnHeader && !subject.dependents.hasOwnHeader)
    #expect(!mapped.dependencies.hasOwnHeader && !mapped.has(ReactiveFlags.hasSourceFields) && !mapped.hasDependents)
    let doubled = Computed { subject.value * 2 }
    #expect(!doubled.dependencies.hasOwnHeader)
    #expect(doubled.value == 2)
    #expect(doubled.dependencies.hasOwnHeader && !subject.dependents.hasOwnHeader)  // unobserved: no edge down
    let subscription = doubled.subscribe { _ in }
    #expect(subject.dependents.count == 1)
    withExtendedLifetime(subscription) {}
  }

  /// Read by pull, the inner computed re-runs nested each time: the outer keeps the same edges, a bounded number.
  @Test(arguments: [false, true])
  func aValueReadAgainAfterANestedRunReadItKeepsABoundedNumberOfEdges(observed: Bool) {
    let source = CurrentValueSubject(1)
    let inner = Computed { source.value &* 2 }
    let outer = Computed { source.value &+ inner.value &+ source.value }
    let subscription = observed ? outer.subscribe { _ in } : nil
    let node = outer
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
