import Testing

@testable import Rill

/// Joins that settle at once: a join whose sources each hang off a different subject by a chain of forwarding
/// nodes emits during the depth-first pass of a send from one of those subjects, instead of after it (see
/// `SoleRoots.swift`). Rule 6 still holds: one emission per propagation, after every source settled.
@Suite(.freesEverything) struct SettleAtOnceTests {
  @Test func aJoinOffTwoSubjectsEmitsDuringTheDepthFirstPass() {
    let source = Subject<Int>()
    let other = CurrentValueSubject(1)
    var log: [String] = []
    let before = source.subscribe { log.append("s\($0)") }
    let joined = combine(source.map { $0 * 10 }, other).subscribe { log.append("j\($0)") }
    let after = source.subscribe { log.append("t\($0)") }
    source.send(2)
    other.value = 3
    // At once: between the subject's observers, in subscription order; the other subject's send alone emits too.
    #expect(log == ["s2", "j(20, 1)", "t2", "j(20, 3)"])
    withExtendedLifetime((before, joined, after)) {}
  }

  @Test func aStoresStateSignalSendsAsASubject() {
    var current = 1
    let state = OwnedValueSubject(holding: current)
    state.own { current }
    let other = CurrentValueSubject("a")
    var log: [String] = []
    let joined = combine(state.map { $0 * 10 }, other).subscribe { log.append("j\($0)") }
    let after = state.subscribe { log.append("t\($0)") }
    current = 2
    state.sendCurrent(current)
    #expect(log == ["j(10, \"a\")", "t1", "j(20, \"a\")", "t2"])
    withExtendedLifetime((joined, after)) {}
  }

  @Test func aDiamondStillSettlesAfterThePass() {
    let source = Subject<Int>()
    var log: [String] = []
    let joined = combine(source.map { $0 }, source.map { $0 * 2 }).subscribe { log.append("j\($0)") }
    let after = source.subscribe { log.append("t\($0)") }
    source.send(2)
    #expect(log == ["t2", "j(2, 4)"])
    withExtendedLifetime((joined, after)) {}
  }

  @Test(arguments: [false, true])
  func aJoinFedTwiceInOneDeliveryEmitsOnce(throughTheSameNode: Bool) {
    let source = Subject<Int>()
    let mapped = source.map { $0 + 1 }
    var log: [String] = []
    let joined =
      throughTheSameNode
      ? combine(mapped, mapped).subscribe { log.append("\($0)") }
      : combine(source, mapped).subscribe { log.append("\($0)") }
    source.send(1)
    source.send(5)
    #expect(log == (throughTheSameNode ? ["(2, 2)", "(6, 6)"] : ["(1, 2)", "(5, 6)"]))
    withExtendedLifetime(joined) {}
  }

  @Test func joinsThatSettleAtOnceAndLaterEachEmitOnceInTheirOrder() {
    let source = Subject<Int>()
    let other = CurrentValueSubject(100)
    var log: [String] = []
    // Early: off two subjects. Late: a diamond (rank 2), and a join below the early one that also hears from the
    // source (rank 3), which must see the early join's new tuple and the source's new value together.
    let early = combine(source.map { $0 }, other)
    let late = combine(source.map { $0 }, source.map { -$0 })
    let below = combine(early, source.map { $0 * 2 })
    let subscriptions = [
      below.subscribe { log.append("below\($0)") },
      late.subscribe { log.append("late\($0)") },
      early.subscribe { log.append("early\($0)") },
    ]
    source.send(1)
    source.send(2)
    #expect(
      log == [
        "early(1, 100)", "late(1, -1)", "below((1, 100), 2)",
        "early(2, 100)", "late(2, -2)", "below((2, 100), 4)",
      ])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func aJoinBelowAJoinOrAFlatMapLatestWaits() {
    let source = Subject<Int>()
    let other = CurrentValueSubject(1)
    let inner = CurrentValueSubject(7)
    var log: [String] = []
    let belowJoin = combine(combine(source, other).map { $0.0 }, CurrentValueSubject(0))
    let belowSwitch = combine(source.flatMapLatest { _ in inner }, CurrentValueSubject(0))
    let subscriptions = [
      belowJoin.subscribe { log.append("join\($0)") },
      belowSwitch.subscribe { log.append("switch\($0)") },
      source.subscribe { log.append("s\($0)") },
    ]
    source.send(3)
    // Both after the pass, in rank order (the switch's join is nearer the sources).
    #expect(log == ["s3", "switch(7, 0)", "join(3, 0)"])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func aSendFromAnEarlyEmissionIsQueued() {
    let source = Subject<Int>()
    let other = CurrentValueSubject(0)
    var log: [String] = []
    let joined = combine(source.map { $0 }, other).subscribe { pair in
      log.append("j\(pair)")
      if pair == (1, 0) {
        other.value = 5
        source.send(2)
      }
    }
    let after = source.subscribe { log.append("t\($0)") }
    source.send(1)
    // Queued sends run after the pass, one propagation each: the one from `other` is not a subject's send that
    // started a propagation, so its join settles after its pass, as the queued send of `source` does.
    #expect(log == ["j(1, 0)", "t1", "j(1, 5)", "t2", "j(2, 5)"])
    withExtendedLifetime((joined, after)) {}
  }

  @Test func cancellingDuringTheFanOutStopsTheJoinsNotYetReached() {
    let source = Subject<Int>()
    let other = CurrentValueSubject(0)
    var log: [String] = []
    var subscriptions: [Subscription] = []
    for index in 0..<4 {
      subscriptions.append(
        combine(source.map { $0 &+ index }, other).subscribe { pair in
          log.append("\(index):\(pair.0)")
          if index == 1 {
            subscriptions[2].cancel()  // a join not reached yet
            subscriptions[1].cancel()  // itself
          }
        })
    }
    source.send(10)
    source.send(20)
    #expect(log == ["0:10", "1:11", "3:13", "0:20", "3:23"])
    // The observers keep `subscriptions` (a cycle through it): ending them frees everything.
    for subscription in subscriptions { subscription.cancel() }
    subscriptions = []
  }

  /// A send into another graph from inside a pass, whose observer joins the two graphs: the merged graph runs two
  /// passes at once, and the join waits for both (it would otherwise emit the other graph's old value first).
  @Test func aJoinOfTwoPassesMergedMidwayWaitsForBoth() {
    let a = CurrentValueSubject(0)
    let b = CurrentValueSubject(0)
    let aMapped = a.map { $0 * 10 }
    let bMapped = b.map { $0 }
    var log: [String] = []
    var joined: Subscription?
    let sendToB = a.subscribe { b.send($0) }
    let keepA = aMapped.subscribe { _ in }
    let creator = b.subscribe { value in
      if value == 1 && joined == nil { joined = combine(aMapped, bMapped).subscribe { log.append("\($0)") } }
    }
    let keepB = bMapped.subscribe { _ in }
    a.send(1)
    #expect(log == ["(0, 0)", "(10, 1)"])
    withExtendedLifetime((sendToB, keepA, creator, keepB)) {}
    joined?.cancel()
  }

  @Test func aBatchStillCoalesces() {
    let source = Subject<Int>()
    let other = CurrentValueSubject(0)
    var log: [String] = []
    let joined = combine(source.map { $0 }, other).subscribe { log.append("\($0)") }
    batch {
      source.send(1)
      source.send(2)
      other.value = 3
    }
    #expect(log == ["(2, 3)"])
    withExtendedLifetime(joined) {}
  }

  @Test func soleRootsFollowForwardingNodesToASubject() {
    let source = Subject<Int>()
    let other = CurrentValueSubject(0)
    let chain = source.map { $0 }.filter { $0 > 0 }.scan(0, +)
    #expect(chain.soleRoot(limit: 64) == ObjectIdentifier(source))
    #expect(chain.soleRoot(limit: 1) == nil)
    #expect(other.soleRoot(limit: 0) == ObjectIdentifier(other))
    #expect(combine(source, other).soleRoot(limit: 64) == nil)
    #expect(soleRootsAreDistinct([chain, other]))
    #expect(!soleRootsAreDistinct([chain, source.map { $0 }]))
    #expect(!soleRootsAreDistinct([chain, combine(source, other)]))
  }

  /// `take(until:)` and `skip(until:)` off two subjects decide each value during the pass of the source's send,
  /// where it is reached, instead of holding it for the end of the pass: `other` cannot emit before that pass ends.
  @Test func anUntilOffTwoSubjectsDecidesDuringThePass() {
    let source = Subject<Int>()
    let stop = Subject<Void>()
    var log: [String] = []
    let before = source.subscribe { log.append("s\($0)") }
    let taken = source.map { $0 * 10 }.take(until: stop).subscribe { log.append("take\($0)") }
    let skipped = source.skip(until: stop.map { $0 }).subscribe { log.append("skip\($0)") }
    let after = source.subscribe { log.append("t\($0)") }
    source.send(1)
    stop.send()
    source.send(2)
    #expect(log == ["s1", "take10", "t1", "s2", "skip2", "t2"])
    withExtendedLifetime((before, taken, skipped, after)) {}
  }

  /// Off one subject (a diamond), `take(until:)` still holds its values for the end of the pass: the value of the
  /// send that ends it is dropped though the source delivers it before `other` does.
  @Test func anUntilOffOneSubjectStillWaitsForThePass() {
    let source = Subject<Int>()
    var log: [String] = []
    let taken = source.take(until: source.filter { $0 == 2 }).subscribe { log.append("take\($0)") }
    let after = source.subscribe { log.append("t\($0)") }
    source.send(1)
    source.send(2)
    #expect(log == ["t1", "take1", "t2"])
    withExtendedLifetime((taken, after)) {}
  }

  /// Inside a batch, `take(until:)` off two subjects still waits for the batch's end: `other`'s value in the batch
  /// ends it for every value of the batch, also those sent before.
  @Test func anUntilInsideABatchStillWaits() {
    let source = Subject<Int>()
    let stop = Subject<Void>()
    var log: [String] = []
    let taken = source.take(until: stop).subscribe { log.append("take\($0)") }
    source.send(1)
    batch {
      source.send(2)
      stop.send()
    }
    source.send(3)
    #expect(log == ["take1"])
    withExtendedLifetime(taken) {}
  }
}
