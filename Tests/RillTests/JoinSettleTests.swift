import Testing

@testable import Rill

/// The graph keeps a join's pending settle unretained (``JoinSettle``): a join whose node disconnects while its
/// settle is pending or running must outlive that settle, emit nothing after the disconnect, and then be freed.
/// AddressSanitizer (in CI) reports a use after free if it does not; the suite's trait reports a leak.
@Suite(.freesEverything) struct JoinSettleTests {
  /// Every join that settles, built over signals derived from one head so that a send of 2 reaches it through
  /// its settle (`skip(until:)` opens on a join's value, which comes after the source's).
  enum Join: String, CaseIterable, CustomTestStringConvertible {
    case combine2, combine3, combine4, combine5, combine6, combinePack, combinePackTransform, combineList,
      withLatestFrom, takeUntil, skipUntil

    var testDescription: String { rawValue }

    /// What the join carries for a head value `v` (`a` is `v + 1`, `b` is `10 * v`).
    func expected(_ v: Int) -> Int {
      switch self {
      case .combine2, .combineList, .withLatestFrom: 11 * v + 1
      case .combine3: 12 * v + 1
      case .combine4: 13 * v + 2
      case .combine5: 23 * v + 2
      case .combine6: 24 * v + 2
      case .combinePack, .combinePackTransform: 25 * v + 3
      case .takeUntil, .skipUntil: v + 1
      }
    }

    func make(_ head: Signal<Int>) -> Signal<Int> {
      let a = head.map { $0 + 1 }
      let b = head.map { $0 * 10 }
      switch self {
      case .combine2: return combine(a, b).map { $0 + $1 }
      case .combine3: return combine(a, b, head).map { $0 + $1 + $2 }
      case .combine4: return combine(a, b, head, a).map { $0 + $1 + $2 + $3 }
      case .combine5: return combine(a, b, head, a, b).map { $0 + $1 + $2 + $3 + $4 }
      case .combine6: return combine(a, b, head, a, b, head).map { $0 + $1 + $2 + $3 + $4 + $5 }
      case .combinePack:
        return combine(a, b, head, a, b, head, a).map { (v: (Int, Int, Int, Int, Int, Int, Int)) in
          v.0 + v.1 + v.2 + v.3 + v.4 + v.5 + v.6
        }
      case .combinePackTransform:
        return combine(a, b, head, a, b, head, a) { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) in
          a + b + c + d + e + f + g
        }
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

  /// Seeded random runs of sends, subscribes and cancels, where observers also subscribe and cancel (themselves
  /// or others, so joins disconnect with settles pending or running, and reconnect) from inside deliveries.
  /// Every value any observer receives is the join's value for the head's value before or after the send in
  /// progress (a replay inside a propagation may carry the value settled before it); every join settle and node
  /// is freed at the end (the suite's trait); AddressSanitizer, in CI, sees every access.
  @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
  func randomSubscribesAndCancelsInsideDeliveriesKeepJoinsWholeAndFreeThem(seed: UInt64) {
    final class World {
      var generator: SplitMix64
      var subscriptions: [Subscription?] = Array(repeating: nil, count: 12)
      var previous = 0
      var deliveries = 0
      var mismatches: [String] = []

      init(seed: UInt64) { generator = SplitMix64(seed: seed) }

      func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    }
    let world = World(seed: seed)
    let head = CurrentValueSubject(0)
    let joins = Join.allCases.map { ($0, $0.make(head)) }

    func subscribe(at place: Int) -> Subscription {
      let (join, signal) = joins[world.random(joins.count)]
      return signal.subscribe { value in
        world.deliveries += 1
        let current = head.value
        if value != join.expected(current) && value != join.expected(world.previous) {
          world.mismatches.append("\(join): \(value) with head \(world.previous) → \(current)")
        }
        switch world.random(10) {
        case 0: world.subscriptions[place] = nil  // cancels itself
        case 1: world.subscriptions[world.random(12)] = nil
        case 2:
          let other = world.random(12)
          world.subscriptions[other] = subscribe(at: other)
        default: break
        }
      }
    }

    for _ in 0..<400 {
      switch world.random(4) {
      case 0, 1:
        world.previous = head.value
        head.send(world.random(100))
      case 2:
        let place = world.random(12)
        world.subscriptions[place] = subscribe(at: place)
      default:
        world.subscriptions[world.random(12)] = nil
      }
    }
    world.subscriptions = []
    #expect(world.mismatches.isEmpty, "\(world.mismatches.prefix(5))")
    #expect(world.deliveries > 200)
    #expect(head.observerCount == 0)
  }
}
