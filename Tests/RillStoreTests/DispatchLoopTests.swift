import Testing

@testable import RillStore

@Suite struct DispatchLoopTests {
  @Test func runsWhenIdleAndQueuesWhileDispatching() {
    var loop = DispatchLoop<String>()
    #expect(loop.receive("a") == .run)
    #expect(loop.receive("b") == .queued)
    #expect(loop.receive("c") == .queued)
    #expect(loop.next() == "b")
    #expect(loop.receive("d") == .queued)
    #expect(loop.next() == "c")
    #expect(loop.next() == "d")
    #expect(loop.next() == nil)
    #expect(loop.phase == .idle)
    #expect(loop.receive("e") == .run)
  }

  @Test func refusesWhileReducing() {
    var loop = DispatchLoop<String>()
    #expect(loop.receive("a") == .run)
    loop.beginReducing()
    #expect(loop.receive("b") == .forbidden)
    loop.endReducing()
    #expect(loop.receive("c") == .queued)
    #expect(loop.next() == "c")
    #expect(loop.next() == nil)
  }

  @Test func keepsItsQueueCapacityOnceDrained() {
    var loop = DispatchLoop<Int>()
    _ = loop.receive(0)
    for value in 1...8 { _ = loop.receive(value) }
    while loop.next() != nil {}
    #expect(loop.queue.isEmpty)
    #expect(loop.queue.capacity >= 8)
    #expect(!loop.hasQueued)
  }

  /// Issue 11.3: with a steady backlog the queue's memory stays proportional to the backlog, not to
  /// the number of commands ever queued.
  @Test func aSteadyBacklogKeepsTheQueueSmall() {
    var loop = DispatchLoop<Int>()
    #expect(loop.receive(0) == .run)
    _ = loop.receive(1)
    _ = loop.receive(2)
    var inOrder = true
    for command in 3..<100_000 {
      _ = loop.receive(command)
      if loop.next() != command - 2 { inOrder = false }
    }
    #expect(inOrder)
    #expect(loop.queue.capacity < 64)
    #expect(loop.next() == 99_998)
    #expect(loop.next() == 99_999)
    #expect(loop.next() == nil)
  }
}
