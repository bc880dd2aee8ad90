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
    #expect(loop.head == 0)
  }
}
