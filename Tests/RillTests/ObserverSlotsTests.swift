import TestSupport
import Testing

@testable import Rill

/// A signal's sole observer lives in the signal, more live in a list (`ObserverSlots`): the slot indices, tombstones,
/// compaction and the release of observers removed while running mean what they meant with every slot in one array.
@Suite(.freesEverything) struct ObserverSlotsTests {
  /// Connecting a chain allocates nothing per node: each node's one observer, the edge to the node below, is inline.
  @Test(.allocationsCounted)
  func connectingAChainAllocatesNothingPerNode() {
    func connectingAllocations(depth: Int) -> UInt64 {
      let source = Subject<Int>()
      let tail = chain(source, depth: depth)
      var subscription: Subscription?
      let count = allocations { subscription = tail.subscribe { _ in } }
      subscription?.cancel()
      return count
    }
    _ = connectingAllocations(depth: 10)  // the first graph's one-time work
    #expect(connectingAllocations(depth: 10) == connectingAllocations(depth: 200))
  }

  /// Once the list is made, it keeps its memory: an observer that comes and goes costs what it costs on a signal with
  /// no other observer (its subscription and closure), and the list never grows for it.
  @Test(.allocationsCounted)
  func observersComingAndGoingBesideOthersAllocateOnlyTheirOwn() {
    func cycleAllocations(besides others: Int) -> UInt64 {
      let subject = Subject<Int>()
      let kept = (0..<others).map { _ in subject.subscribe { _ in } }
      subject.subscribe { _ in }.cancel()
      let count = allocations {
        for _ in 0..<100 { subject.subscribe { _ in }.cancel() }
      }
      withExtendedLifetime(kept) {}
      return count
    }
    _ = cycleAllocations(besides: 0)  // the first graph's one-time work
    #expect(cycleAllocations(besides: 5) == cycleAllocations(besides: 0))
  }

  /// Cancelling the first observer leaves slot 0 a tombstone: the others keep their order and their indices, a new
  /// one goes after them, and compaction moves them all to the front.
  @Test func theFirstObserverCancelledLeavesTheOthersInOrder() {
    let subject = Subject<Int>()
    var log: [String] = []
    let first = subject.subscribe { log.append("first \($0)") }
    let second = subject.subscribe { log.append("second \($0)") }
    let third = subject.subscribe { log.append("third \($0)") }
    first.cancel()
    #expect(subject.slots.count == 3)
    let fourth = subject.subscribe { log.append("fourth \($0)") }
    subject.send(1)
    second.cancel()
    #expect(subject.slots.count == 4, "two tombstones among four slots: not compacted yet")
    third.cancel()
    #expect(subject.slots.count == 1, "compacted: the fourth observer moved to slot 0")
    subject.send(2)
    fourth.cancel()
    #expect(subject.slots.isEmpty)
    let fifth = subject.subscribe { log.append("fifth \($0)") }
    subject.send(3)
    #expect(log == ["second 1", "third 1", "fourth 1", "fourth 2", "fifth 3"])
    withExtendedLifetime(fifth) {}
  }

  /// The sole observer cancels itself while it runs and subscribes another: the tombstone it leaves at slot 0 keeps
  /// the new one out of the running delivery, and the cancelled closure, kept until the delivery ends, is freed then.
  @Test func theSoleObserverReplacedWhileItRunsIsFreedAfterTheDelivery() {
    final class Captured {
      let onDeinit: () -> Void
      init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let subject = Subject<Int>()
    var log: [String] = []
    var freed = false
    var replacement: Subscription?
    var first: Subscription?
    do {
      let captured = Captured { freed = true }
      first = subject.subscribe { value in
        withExtendedLifetime(captured) {}
        log.append("first \(value)")
        first?.cancel()
        first = nil
        replacement = subject.subscribe { log.append("replacement \($0)") }
        #expect(!freed, "the running observer outlives its own cancel")
      }
    }
    subject.send(1)
    #expect(freed)
    subject.send(2)
    #expect(log == ["first 1", "replacement 2"])
    withExtendedLifetime(replacement) {}
  }

  /// A seeded random mix of subscribes and cancels, through slot 0 and the array behind it: every observer hears
  /// exactly the values sent while it was subscribed, in subscription order.
  @Test(arguments: [1, 2, 3, 4, 5])
  func randomSubscribesAndCancelsHearWhatWasSentWhileTheyListened(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let subject = Subject<Int>()
    var heard: [Int: [Int]] = [:]
    var expected: [Int: [Int]] = [:]
    var live: [(id: Int, subscription: Subscription)] = []
    var nextID = 0
    var order: [Int] = []
    var expectedOrder: [Int] = []
    for value in 0..<400 {
      switch Int.random(in: 0..<4, using: &random) {
      case 0, 1:
        let id = nextID
        nextID += 1
        let subscription = subject.subscribe { value in
          heard[id, default: []].append(value)
          order.append(id)
        }
        live.append((id, subscription))
      case 2 where !live.isEmpty:
        live.remove(at: Int.random(in: 0..<live.count, using: &random)).subscription.cancel()
      default:
        break
      }
      for (id, _) in live { expected[id, default: []].append(value) }
      expectedOrder += live.map(\.id)
      subject.send(value)
    }
    #expect(heard == expected)
    #expect(order == expectedOrder)
    for entry in live { entry.subscription.cancel() }
    #expect(subject.slots.isEmpty)
  }
}
