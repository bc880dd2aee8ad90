import Rill
import Testing

/// The node the store's per-id observation is built on: values pushed by its owner, inside the
/// propagations of the graph it joins.
@Suite(.freesEverything) struct PushedSignalTests {
  /// An owner that pushes `source`'s values into the nodes it keeps, as the entity index does.
  final class Pusher {
    var outputs: [PushedSignal<Int>] = []
    var connects = 0

    func node(of source: CurrentValueSubject<Int>, times factor: Int) -> Signal<Int> {
      PushedSignal<Int>.make(joining: source) { [self] output in
        connects += 1
        outputs.append(output)
        // Subscribing replays the source's value: that emit is the first observer's replay.
        let upstream = source.subscribe { output.emit($0 * factor) }
        return Subscription {
          upstream.cancel()
          self.outputs.removeAll { $0.signal === output.signal }
        }
      }
    }
  }

  @Test func replaysWhatConnectEmitsThenTheLastValueToLaterObservers() {
    let source = CurrentValueSubject(1)
    let pusher = Pusher()
    let node = pusher.node(of: source, times: 10)
    var first: [Int] = []
    var second: [Int] = []
    let one = node.subscribe { first.append($0) }
    source.send(2)
    let other = node.subscribe { second.append($0) }
    source.send(3)
    #expect(first == [10, 20, 30])
    #expect(second == [20, 30])
    #expect(pusher.connects == 1)
    withExtendedLifetime((one, other)) {}
  }

  @Test func combineOfTwoNodesOfOneGraphEmitsOncePerPropagation() {
    let source = CurrentValueSubject(1)
    let pusher = Pusher()
    var pairs: [String] = []
    let subscription = combine(pusher.node(of: source, times: 1), pusher.node(of: source, times: 10)).subscribe {
      pairs.append("\($0) \($1)")
    }
    source.send(2)
    #expect(pairs == ["1 10", "2 20"])
    withExtendedLifetime(subscription) {}
  }

  @Test func disconnectsWithItsLastObserverAndIsFreed() {
    let source = CurrentValueSubject(1)
    let pusher = Pusher()
    weak var weakNode: Signal<Int>?
    var subscription: Subscription?
    do {
      let node = pusher.node(of: source, times: 1)
      weakNode = node
      subscription = node.subscribe { _ in }
    }
    #expect(pusher.outputs.count == 1)
    subscription = nil
    #expect(pusher.outputs.isEmpty)
    #expect(weakNode == nil)
    withExtendedLifetime(subscription) {}
  }
}
