import Testing

@testable import Rill

/// A `combine` of three to six sources is one node fed by an edge from each (``CombineOfMany``): ports 0 and 1 as a
/// join of two's, and ports 2 and up named by their edges' tags, each with a step that knows its source's type; a
/// `combine` of seven (the parameter-pack form) subscribes to each source.
@Suite(.freesEverything) struct CombineEdgeTests {
  /// Connected, a `combine` of three to six is one signal more and nothing else; one of seven subscribes to each.
  @Test(arguments: [3, 4, 5, 6, 7])
  func aCombineOfUpToSixIsOneObjectWithNoSubscriptionUpstream(count: Int) {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let s = (0..<count).map { _ in Subject<Int>() }
      let joined: Signal<Int> =
        switch count {
        case 3: combine(s[0], s[1], s[2]) { $0 + $1 + $2 }
        case 4: combine(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }
        case 5: combine(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 }
        case 6: combine(s[0], s[1], s[2], s[3], s[4], s[5]) { $0 + $1 + $2 + $3 + $4 + $5 }
        default:
          combine(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { $0.0 + $0.1 + $0.2 + $0.3 + $0.4 + $0.5 + $0.6 }
        }
      var got: [Int] = []
      var subscription: Subscription? = joined.subscribe { got.append($0) }
      // The pack form's `map` is a signal more.
      #expect(scope.counts.signals == count + (count <= 6 ? 1 : 2))
      // The subscriber's; the pack form adds one per source and the one that ends them.
      #expect(scope.counts.subscriptions == (count <= 6 ? 1 : 2 + count))
      for (index, source) in s.enumerated() { source.send(index + 1) }
      #expect(got == [count * (count + 1) / 2])
      s[count - 1].send(0)
      #expect(got == [count * (count + 1) / 2, count * (count - 1) / 2])
      subscription = nil
      #expect(s.allSatisfy { $0.observerCount == 0 })
      withExtendedLifetime((joined, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// Each port takes its own source's type, whatever its size or kind: the latest values reach the output whole.
  @Test func everyPortTakesItsOwnType() {
    let count = CurrentValueSubject(1)
    let name = CurrentValueSubject("a")
    let ratio = CurrentValueSubject(0.5)
    let flag = CurrentValueSubject(true)
    let list = CurrentValueSubject([1, 2])
    let pair = CurrentValueSubject<(Int, Int, Int)?>(nil)
    var got: [String] = []
    let subscription = combine(count, name, ratio, flag, list, pair) { count, name, ratio, flag, list, pair in
      "\(count) \(name) \(ratio) \(flag) \(list) \(pair.map { $0.0 + $0.1 + $0.2 } ?? -1)"
    }.subscribe { got.append($0) }
    pair.value = (1, 2, 3)
    list.value = [3]
    name.value = "b"
    #expect(got == ["1 a 0.5 true [1, 2] -1", "1 a 0.5 true [1, 2] 6", "1 a 0.5 true [3] 6", "1 b 0.5 true [3] 6"])
    withExtendedLifetime(subscription) {}
  }

  /// The first subscriber gets one value for every source's replay, the node replays and ranks above its deepest
  /// source, and a send that reaches three ports (a diamond) emits once, after all three (rule 6).
  @Test func replaysOnceRanksAboveTheDeepestAndEmitsOncePerPropagation() throws {
    let head = CurrentValueSubject(1)
    let deep = head.map { $0 * 100 }.map { $0 }.map { $0 }
    let joined = combine(head, head.map { $0 * 10 }, deep) { $0 + $1 + $2 }
    let node = try #require(joined as? DerivedSignal<Int>)
    #expect(node.replays && node.rank == deep.rank + 1)
    var got: [Int] = []
    let subscription = joined.subscribe { got.append($0) }
    #expect(got == [111])
    head.value = 2
    #expect(got == [111, 222])
    withExtendedLifetime(subscription) {}
  }

  /// The slot of any port's edge moves when its source compacts (the cancel of earlier observers): values still
  /// reach that port, and the disconnect removes that slot (a slot told to the wrong port left an edge behind, and
  /// the debug build stops on the index check of the removal).
  @Test(arguments: 0..<5)
  func aCompactionMovesAnyPortsSlot(port: Int) {
    let s = (0..<5).map { _ in Subject<Int>() }
    var earlier = (0..<5).map { _ in s[port].subscribe { _ in } }
    var got: [Int] = []
    var subscription: Subscription? = combine(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 }
      .subscribe { got.append($0) }
    earlier.removeAll()  // the tombstones outnumber the live slots: the join's edge moves to slot 0
    for (index, source) in s.enumerated() { source.send(index) }
    s[port].send(100)
    #expect(got == [10, 110 - port])
    subscription = nil
    #expect(s.allSatisfy { $0.observerCount == 0 })
    withExtendedLifetime(subscription) {}
  }

  /// A reconnect adds every edge afresh and forgets the latest values: the output waits for every source again.
  @Test func aReconnectForgetsTheLatestValues() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let c = CurrentValueSubject(100)
    let joined = combine(a, b, c, a) { $0 + $1 + $2 + $3 }
    for round in 0..<3 {
      var got: [Int] = []
      let subscription = joined.subscribe { got.append($0) }
      #expect(a.observerCount == 2 && b.observerCount == 1 && c.observerCount == 1)
      a.send(round)
      #expect(got.isEmpty)  // `b` has no value in this connection yet
      b.send(10)
      #expect(got == [110 + 2 * round])
      subscription.cancel()
      #expect(a.observerCount == 0 && b.observerCount == 0 && c.observerCount == 0)
    }
  }

  /// The live graph shows an edge from every source, and a run reason names the port that delivered (debug builds).
  @Test func theLiveGraphAndTheRunReasonSeeEveryPort() throws {
    let s = (0..<4).map { index in Subject<Int>().named("s\(index)") }
    let joined = combine(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }
    let subscription = joined.subscribe { _ in }
    #expect(joined.liveGraph().edges.count == 4)
    for source in s { source.send(1) }
    #if DEBUG
      s[3].send(2)
      #expect(joined.lastRunReason?.changedInputs.map(\.name) == ["s3"])
      s[2].send(2)
      #expect(joined.lastRunReason?.changedInputs.map(\.name) == ["s2"])
    #endif
    withExtendedLifetime(subscription) {}
  }
}
