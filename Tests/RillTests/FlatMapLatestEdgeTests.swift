import Testing

@testable import Rill

/// A `flatMapLatest` is one node fed by edges (``SwitchingSignal``): the outer signal's edge feeds port 0, the latest
/// inner's port 1; a switch moves the port-1 edge, with no subscription, observer box or closure per inner.
@Suite(.freesEverything) struct FlatMapLatestEdgeTests {
  /// Connected, through any number of switches, the node is one signal and nothing else: the only subscription is
  /// the subscriber's, and each inner has one observer (the edge) while it is the latest, none after.
  @Test func aSwitchingNodeIsOneObjectWithNoSubscriptionUpstream() {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) {
      let inners = (0..<3).map { _ in Subject<Int>() }
      let outer = Subject<Int>()
      let switched = outer.flatMapLatest { inners[$0] }
      var got: [Int] = []
      var subscription: Subscription? = switched.subscribe { got.append($0) }
      for index in [0, 1, 2, 1] {
        outer.send(index)
        #expect(scope.counts.signals == 5)  // the subjects and the node
        #expect(scope.counts.subscriptions == 1)
        #expect(inners.map(\.observerCount) == (0..<3).map { $0 == index ? 1 : 0 })
        inners[index].send(index * 10)
      }
      #expect(got == [0, 10, 20, 10])
      subscription = nil
      #expect(outer.observerCount == 0 && inners.allSatisfy { $0.observerCount == 0 })
      withExtendedLifetime((switched, subscription)) {}
    }
    #expect(scope.counts == LiveObjectCounts())
  }

  /// The slot of the inner's edge moves when the inner compacts (the cancel of earlier observers): its values still
  /// arrive, and the switch away removes that slot, not another (the debug build checks the removal's index).
  @Test func aCompactionMovesTheInnersSlot() {
    let inner = Subject<Int>()
    let other = Subject<Int>()
    let outer = CurrentValueSubject(true)
    var earlier = (0..<5).map { _ in inner.subscribe { _ in } }
    var got: [Int] = []
    let subscription = outer.flatMapLatest { $0 ? inner : other }.subscribe { got.append($0) }
    let kept = inner.subscribe { _ in }  // after the edge: the compaction moves it too
    earlier.removeAll()  // the tombstones outnumber the live slots: the edge moves to slot 0
    inner.send(1)
    outer.value = false
    #expect(inner.observerCount == 1)  // `kept`, not the edge
    inner.send(2)
    other.send(3)
    #expect(got == [1, 3])
    withExtendedLifetime((subscription, kept)) {}
  }

  /// The outer signal can be its own inner: one signal feeds both ports. Each value switches (the edge to port 1
  /// moves to a new slot, which the delivery running does not reach) and arrives once, as the new edge's replay.
  @Test func theOuterSignalCanBeItsOwnInner() {
    let source = CurrentValueSubject(0)
    var got: [Int] = []
    let subscription = source.flatMapLatest { _ in source }.subscribe { got.append($0) }
    source.value = 1
    source.value = 2
    #expect(got == [0, 1, 2])
    #expect(source.observerCount == 2)
    subscription.cancel()
    #expect(source.observerCount == 0)
  }

  /// A switch made from inside the inner's own delivery (its subscriber writes the outer) takes effect at once: the
  /// inner is not heard again, and the new inner's replay arrives.
  @Test func aSwitchFromInsideTheInnersDeliveryStopsItAtOnce() {
    let first = Subject<Int>()
    let second = CurrentValueSubject(100)
    let outer = CurrentValueSubject(0)
    var got: [Int] = []
    let subscription = outer.flatMapLatest { $0 == 0 ? first : second }.subscribe { value in
      got.append(value)
      if value == 1 { outer.value = 1 }
    }
    first.send(1)
    first.send(2)
    #expect(got == [1, 100])
    #expect(first.observerCount == 0 && second.observerCount == 1)
    withExtendedLifetime(subscription) {}
  }
}
