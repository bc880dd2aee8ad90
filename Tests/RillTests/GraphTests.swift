import Testing

@testable import Rill

/// The graph's own bookkeeping: the queue of sends made during a propagation keeps memory proportional to
/// its backlog, and pending joins settle in rank order at a cost that does not grow with their number.
@Suite(.freesEverything) struct GraphTests {
  @Test(arguments: [1, 2, 5, 50])
  func aSteadyBacklogKeepsTheQueueProportionalToIt(backlog: Int) {
    let subject = Subject<Int>()
    let total = 20_000
    var sent = 0
    var received = 0
    var largestCapacity = 0
    let subscription = subject.subscribe { value in
      received += 1
      // The first value queues `backlog` sends; each one delivered queues one more, so the backlog stays.
      let more = value == 0 ? backlog : (sent < total ? 1 : 0)
      for _ in 0..<more {
        sent += 1
        subject.send(sent)
      }
      largestCapacity = max(largestCapacity, subject.currentGraph.queueCapacity)
    }
    subject.send(0)
    #expect(received == total + 1)
    #expect(largestCapacity <= max(16, 4 * (backlog + 1)))
    withExtendedLifetime(subscription) {}
  }

  @Test func theQueueShrinksAfterABurst() {
    let subject = Subject<Int>()
    var largestCapacity = 0
    var received: [Int] = []
    let subscription = subject.subscribe { value in
      received.append(value)
      if value == 0 {
        for next in 1...10_000 { subject.send(next) }
      }
      largestCapacity = max(largestCapacity, subject.currentGraph.queueCapacity)
    }
    subject.send(0)
    #expect(received == Array(0...10_000))
    #expect(largestCapacity >= 10_000)
    #expect(subject.currentGraph.queueCapacity <= 16)
    withExtendedLifetime(subscription) {}
  }
}
