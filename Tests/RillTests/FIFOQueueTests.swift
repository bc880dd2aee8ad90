import Testing

@testable import Rill

@Suite(.freesEverything) struct FIFOQueueTests {
  @Test func itemsComeOutInTheOrderTheyWentInAcrossWrapAndGrowth() {
    var queue = FIFOQueue<Int>()
    var out: [Int] = []
    var next = 0
    // Interleaved: two in, one out, so the ring wraps and grows with items on both sides of its end.
    for _ in 0..<1_000 {
      queue.append(next)
      queue.append(next + 1)
      next += 2
      if let first = queue.popFirst() { out.append(first) }
    }
    while let first = queue.popFirst() { out.append(first) }
    #expect(out == Array(0..<2_000))
    #expect(queue.isEmpty)
    #expect(queue.popFirst() == nil)
  }

  @Test func aSteadyBacklogKeepsItsCapacityWhateverPassesThrough() {
    var queue = FIFOQueue<Int>()
    for value in 0..<3 { queue.append(value) }
    for value in 3..<100_000 {
      queue.append(value)
      _ = queue.popFirst()
    }
    #expect(queue.capacity <= FIFOQueue<Int>.keptCapacity)
    #expect(queue.count == 3)
  }

  @Test func itShrinksAsABurstDrainsAndKeepsLittleWhenEmpty() {
    var queue = FIFOQueue<Int>()
    for value in 0..<10_000 { queue.append(value) }
    #expect(queue.capacity >= 10_000)
    for _ in 0..<9_990 { _ = queue.popFirst() }
    #expect(queue.capacity <= 4 * 10 + FIFOQueue<Int>.keptCapacity)
    while queue.popFirst() != nil {}
    #expect(queue.capacity <= FIFOQueue<Int>.keptCapacity)
  }

  @Test func aTakenItemIsReleasedAtOnce() {
    final class Token {}
    var queue = FIFOQueue<Token>()
    weak var released: Token?
    do {
      let token = Token()
      released = token
      queue.append(token)
      queue.append(Token())
    }
    _ = queue.popFirst()
    #expect(released == nil)
    #expect(queue.count == 1)
  }
}
