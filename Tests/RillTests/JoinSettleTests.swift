import Testing

@testable import Rill

/// The graph keeps a join's pending settle unretained (``JoinSettle``): a join whose node disconnects while its
/// settle is pending or running must outlive that settle, emit nothing after the disconnect, and then be freed.
/// AddressSanitizer (in CI) reports a use after free if it does not; the suite's trait reports a leak.
@Suite(.freesEverything) struct JoinSettleTests {
  /// Every join that settles, built over signals derived from one head so that a send of 2 reaches it through
  /// its settle (`skip(until:)` opens on a join's value, which comes after the source's).
  enum Join: String, CaseIterable, CustomTestStringConvertible {
    case combine2, combine3, combine4, combinePack, combineList, withLatestFrom, takeUntil, skipUntil

    var testDescription: String { rawValue }

    func make(_ head: Signal<Int>) -> Signal<Int> {
      let a = head.map { $0 + 1 }
      let b = head.map { $0 * 10 }
      switch self {
      case .combine2: return combine(a, b).map { $0 + $1 }
      case .combine3: return combine(a, b, head).map { $0 + $1 + $2 }
      case .combine4: return combine(a, b, head, a).map { $0 + $1 + $2 + $3 }
      case .combinePack: return combine(a, b, head, a, b).map { $0 + $1 + $2 + $3 + $4 }
      case .combineList: return combine([a, b]).map { $0.reduce(0, +) }
      case .withLatestFrom: return a.withLatestFrom(b).map { $0 + $1 }
      case .takeUntil: return a.take(until: head.filter { $0 < 0 })
      case .skipUntil: return a.skip(until: combine(head, head).filter { $0.0 >= 2 })
      }
    }
  }

  /// An observer of the head, called before the join's settle, cancels the join's only subscriber: the node
  /// disconnects with its settle pending, and that settle then runs and emits nothing.
  @Test(arguments: Join.allCases)
  func aJoinDisconnectedBeforeItsSettleRunsEmitsNothingAndIsFreedAfter(join: Join) {
    let head = CurrentValueSubject(1)
    var received: [Int] = []
    var subscription: Subscription? = join.make(head).subscribe { received.append($0) }
    let canceller = head.subscribe { if $0 == 2 { subscription = nil } }
    let before = received
    head.send(2)
    #expect(received == before)
    #expect(subscription == nil)
    #expect(head.observerCount == 1)
    head.send(3)
    #expect(received == before)
    withExtendedLifetime(canceller) {}
  }

  /// The join's only subscriber cancels from inside the settle's own emission, and nothing else holds the
  /// pipeline: the settle that is running must keep its join alive until it returns.
  @Test(arguments: Join.allCases)
  func aSubscriberCancellingInsideTheSettlesEmissionFreesTheJoinAfterTheSettle(join: Join) {
    let head = CurrentValueSubject(1)
    var sending = false
    var received: [Int] = []
    var subscription: Subscription?
    subscription = join.make(head).subscribe { value in
      if sending {
        received.append(value)
        subscription = nil
      }
    }
    sending = true
    head.send(2)
    #expect(received.count == 1)
    #expect(subscription == nil)
    #expect(head.observerCount == 0)
    head.send(3)
    #expect(received.count == 1)
  }

  /// A join connected and disconnected many times, each time with a settle pending or running, leaves no settle
  /// alive (the suite's trait counts them) and emits only whole values.
  @Test func reconnectingAJoinManyTimesLeavesNoSettleBehind() {
    let head = CurrentValueSubject(0)
    let joined = combine(head.map { $0 + 1 }, head.map { $0 - 1 })
    var subscription: Subscription?
    var canceller: Subscription?
    var sums: [Int] = []
    for value in 1...30 {
      if subscription == nil {
        subscription = joined.subscribe { sum in
          sums.append(sum.0 + sum.1)
          if value % 3 == 1 && sums.count > 1 { subscription = nil }  // running
        }
        // Subscribed after the join's sources: it runs while the join's settle is pending.
        canceller = head.subscribe { if $0 % 3 == 2 { subscription = nil } }
      }
      head.send(value)
    }
    #expect(!sums.isEmpty)
    #expect(sums.allSatisfy { $0 % 2 == 0 })
    withExtendedLifetime(canceller) {}
  }
}
