import Testing

@testable import Rill

@Suite(.freesEverything) struct PendingSettlesTests {
  /// A node identity for the tests: settles only compare it.
  final class Node {}

  /// Appends a settle that logs `name` when run. Its owner lets go at once, as a connection ending before the
  /// settle's turn does: the settle frees itself after its run (and the suite's trait checks that it did).
  func schedule(_ pending: inout PendingSettles, _ name: String, rank: Int, node: Node = Node(), log: Log) {
    var join: Unmanaged<JoinSettle>? = JoinSettle.make { log.names.append(name) }
    join.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.scheduled() }
    pending.append(PendingSettle(rank: rank, node: ObjectIdentifier(node), join: join.unsafelyUnwrapped))
    join.connectionEnded()
  }

  final class Log {
    var names: [String] = []
  }

  func drain(_ pending: inout PendingSettles) {
    while let settle = pending.takeFirst() { settle.settle() }
  }

  @Test func takesLowestRankFirstAndTiesFirstComeFirstServed() {
    var pending = PendingSettles()
    let log = Log()
    for (name, rank) in [("c3", 3), ("a1", 1), ("d3", 3), ("b1", 1), ("e2", 2), ("f0", 0), ("g1", 1)] {
      schedule(&pending, name, rank: rank, log: log)
    }
    let pendingCount = pending.count  // read first: the settles are not copyable
    #expect(pendingCount == 7)
    drain(&pending)
    #expect(log.names == ["f0", "a1", "b1", "g1", "e2", "c3", "d3"])
    let isEmpty = pending.isEmpty  // read first: the settles are not copyable
    #expect(isEmpty)
  }

  @Test func settlesScheduledWhileTakingKeepTheOrder() {
    var pending = PendingSettles()
    let log = Log()
    schedule(&pending, "a2", rank: 2, log: log)
    schedule(&pending, "b2", rank: 2, log: log)
    var taken = 0
    while let settle = pending.takeFirst() {
      settle.settle()
      taken += 1
      if taken == 1 {
        // A join settling schedules deeper ones, one of its own rank (a graph merged in) and one lower.
        schedule(&pending, "c5", rank: 5, log: log)
        schedule(&pending, "d2", rank: 2, log: log)
        schedule(&pending, "e1", rank: 1, log: log)
      }
    }
    #expect(log.names == ["a2", "e1", "b2", "d2", "c5"])
  }

  /// A raised settle that is the last one pending when its turn comes is filed at its new rank and still taken (it
  /// was filed as the only settle, which the loop over the buckets did not look at: `takeFirst` returned `nil`).
  @Test func aRaisedSettleLeftAloneIsStillTaken() {
    var pending = PendingSettles()
    let log = Log()
    let rising = Node()
    schedule(&pending, "first0", rank: 0, log: log)
    schedule(&pending, "rising", rank: 1, node: rising, log: log)
    pending.raise(ObjectIdentifier(rising), to: 3)
    drain(&pending)
    #expect(log.names == ["first0", "rising"])
    let isEmpty = pending.isEmpty  // read first: the settles are not copyable
    #expect(isEmpty)
  }

  @Test func aRaisedNodesSettleMovesAfterTheSettlesOfItsNewRank() {
    var pending = PendingSettles()
    let log = Log()
    let rising = Node()
    schedule(&pending, "rising", rank: 1, node: rising, log: log)
    schedule(&pending, "other1", rank: 1, log: log)
    schedule(&pending, "deep4", rank: 4, log: log)
    pending.raise(ObjectIdentifier(rising), to: 5)
    schedule(&pending, "deep5", rank: 5, log: log)
    drain(&pending)
    #expect(log.names == ["other1", "deep4", "deep5", "rising"])
    let raisedIsEmpty = pending.raised.isEmpty  // read first: the settles are not copyable
    #expect(raisedIsEmpty)
  }

  @Test func raisingWithNothingPendingRecordsNothing() {
    var pending = PendingSettles()
    pending.raise(ObjectIdentifier(Node()), to: 3)
    let raisedIsEmpty = pending.raised.isEmpty  // read first: the settles are not copyable
    #expect(raisedIsEmpty)
  }

  @Test func absorbKeepsEachRankAndPutsTheOthersAfter() {
    var pending = PendingSettles()
    var other = PendingSettles()
    let log = Log()
    schedule(&pending, "a2", rank: 2, log: log)
    schedule(&other, "b2", rank: 2, log: log)
    schedule(&other, "c0", rank: 0, log: log)
    pending.absorb(&other)
    let otherIsEmpty = other.isEmpty  // read first: the settles are not copyable
    #expect(otherIsEmpty)
    drain(&pending)
    #expect(log.names == ["c0", "a2", "b2"])
  }

  @Test(arguments: [1, 7, 100])
  func manyRanksInRandomOrderComeOutSorted(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var pending = PendingSettles()
    let log = Log()
    var expected: [(rank: Int, index: Int)] = []
    for index in 0..<500 {
      let rank = Int(generator.next() % 40)
      schedule(&pending, "\(index)", rank: rank, log: log)
      expected.append((rank, index))
    }
    drain(&pending)
    let sorted = expected.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }
    #expect(log.names == sorted.map { "\($0.index)" })
  }

  @Test func bucketsKeepTheirCapacitySoASteadySettleReusesThem() {
    var pending = PendingSettles()
    let log = Log()
    schedule(&pending, "a", rank: 3, log: log)
    schedule(&pending, "b", rank: 3, log: log)
    drain(&pending)
    let capacity = pending.buckets[3].settles.capacity
    schedule(&pending, "c", rank: 3, log: log)
    schedule(&pending, "d", rank: 3, log: log)
    drain(&pending)
    #expect(capacity >= 2)
    let keptCapacity = pending.buckets[3].settles.capacity  // read first: the settles are not copyable
    #expect(keptCapacity == capacity)
    #expect(log.names == ["a", "b", "c", "d"])
  }

  /// A propagation that touches one join settles it without the buckets or the heap.
  @Test func aLoneSettleSkipsTheBuckets() {
    var pending = PendingSettles()
    let log = Log()
    schedule(&pending, "a", rank: 3, log: log)
    let pendingCount = pending.count  // read first: the settles are not copyable
    #expect(pendingCount == 1)
    let hasNoBuckets = pending.buckets.isEmpty && pending.ranks.isEmpty  // read first: the settles are not copyable
    #expect(hasNoBuckets)
    drain(&pending)
    let isEmpty = pending.isEmpty  // read first: the settles are not copyable
    #expect(isEmpty)
    #expect(log.names == ["a"])
  }

  /// The lone settle goes to its bucket when a second comes, and keeps its place among its rank.
  @Test func aLoneSettleKeepsItsPlaceWhenOthersFollow() {
    var pending = PendingSettles()
    let log = Log()
    schedule(&pending, "a2", rank: 2, log: log)
    schedule(&pending, "b2", rank: 2, log: log)
    schedule(&pending, "c1", rank: 1, log: log)
    drain(&pending)
    #expect(log.names == ["c1", "a2", "b2"])
  }

  /// Two graphs each with a lone settle pending merge: both settle, lowest rank first, the absorbed one after
  /// the one of its rank already here.
  @Test func absorbTakesTheOtherLoneSettle() {
    var pending = PendingSettles()
    var other = PendingSettles()
    var third = PendingSettles()
    let log = Log()
    schedule(&pending, "a2", rank: 2, log: log)
    schedule(&other, "b2", rank: 2, log: log)
    schedule(&third, "c0", rank: 0, log: log)
    pending.absorb(&other)
    pending.absorb(&third)
    let othersAreEmpty = other.isEmpty && third.isEmpty  // read first: the settles are not copyable
    #expect(othersAreEmpty)
    let pendingCount = pending.count  // read first: the settles are not copyable
    #expect(pendingCount == 3)
    drain(&pending)
    #expect(log.names == ["c0", "a2", "b2"])
  }
}
