import Foundation
import Testing

@testable import Rill

/// How a chain is torn down: its disconnect, downstream first, in one loop, and its free, node after node in the
/// release loop of ``StackGuard``, which takes a node's first upstream before it frees the node only when nothing
/// else holds the node.
@Suite struct ChainFreeTests {
  /// A node of a chain that something else holds keeps its upstream when the chain below it is freed: it still
  /// connects, and delivers what its source sends.
  @Test func aNodeHeldElsewhereKeepsItsUpstreamWhenTheChainBelowItIsFreed() {
    let source = Subject<Int>()
    let middle = chain(source, depth: 5)
    weak var freedEnd: Signal<Int>?
    do {
      let end = chain(middle, depth: 5)
      freedEnd = end
      let subscription = end.subscribe { _ in }
      source.send(1)
      subscription.cancel()
    }
    #expect(freedEnd == nil)
    var received: [Int] = []
    let subscription = middle.subscribe { received.append($0) }
    source.send(10)
    #expect(received == [15])
    #expect(source.observerCount == 1)
    subscription.cancel()
    #expect(source.observerCount == 0)
  }

  /// Every node of a chain goes with its last reference, whether the chain was subscribed or not, down to the
  /// source, which its owner keeps.
  @Test(arguments: [false, true])
  func everyNodeOfAChainIsFreed(subscribed: Bool) {
    let source = Subject<Int>()
    var nodes: [Weak] = []
    do {
      var signal: Signal<Int> = source
      for _ in 0..<50 {
        signal = signal.map { $0 &+ 1 }
        nodes.append(Weak(signal))
      }
      if subscribed {
        let subscription = signal.subscribe { _ in }
        source.send(1)
        subscription.cancel()
      }
    }
    #expect(nodes.allSatisfy { $0.object == nil })
    #expect(source.observerCount == 0)
  }

  /// A cancel disconnects a graph downstream first, in the order its disconnects were caused, across nodes fed by
  /// edges and nodes that subscribe (a join of three sources, a `flatMapLatest`): the order the graph's queue of
  /// waiting disconnects gave before an edge's disconnect could wait in a field of its own.
  @Test func disconnectsRunDownstreamFirstInTheOrderTheyWereCaused() {
    var log: [String] = []
    let a = Subject<Int>()
    let b = Subject<Int>()
    let c = Subject<Int>()
    func branch(_ source: Signal<Int>, _ name: String) -> Signal<Int> {
      source.handleEvents(receiveCancel: { log.append("\(name)0") }).map { $0 &+ 1 }
        .handleEvents(receiveCancel: { log.append("\(name)1") })
    }
    let joined = combine(branch(a, "a"), branch(b, "b"), branch(c, "c")) { $0 &+ $1 &+ $2 }
      .handleEvents(receiveCancel: { log.append("join") })
    let end = joined.flatMapLatest { value in branch(a, "inner\(value)") }
      .handleEvents(receiveCancel: { log.append("end") })
    let subscription = end.subscribe { _ in }
    a.send(1)
    b.send(2)
    c.send(3)
    subscription.cancel()
    #expect(log == ["end", "join", "inner91", "a1", "b1", "c1", "inner90", "a0", "b0", "c0"])
    #expect([a, b, c].allSatisfy { $0.observerCount == 0 })
  }

  /// The free of a join on edges (a `combine` of two) whose sources are deep chains frees both chains on a 512 KB
  /// thread: the second source's chain, released from inside the join's `deinit`, goes to the same loop.
  @Test func aJoinOfTwoDeepChainsIsFreedOnA512KBThread() async {
    await #expect(processExitsWith: .success) {
      onThread(stackSize: 512 << 10) {
        let a = Subject<Int>()
        let b = Subject<Int>()
        weak var weakEnd: Signal<Int>?
        do {
          let end = combine(chain(a, depth: 20_000), chain(b, depth: 20_000)).map { $0 &+ $1 }
          weakEnd = end
          let subscription = end.subscribe { _ in }
          a.send(1)
          b.send(2)
          subscription.cancel()
        }
        guard weakEnd == nil, a.observerCount == 0, b.observerCount == 0 else { fatalError("not freed") }
      }
    }
  }

  /// A chain of nodes that connect by subscribing (``SubscribingSignal``: here `flatMapLatest`, whose `connect`
  /// closure holds its upstream besides the node's first-upstream field) is freed on a 512 KB thread: each node's
  /// `deinit` drops the closure before the first upstream goes to the release loop. Dropped after it — by the
  /// destruction of the node's fields, which comes after every `deinit` has run — each upstream was freed inside the
  /// node below it's free (checked: the process crashed).
  @Test func aChainOfSubscribingNodesIsFreedOnA512KBThread() async {
    await #expect(processExitsWith: .success) {
      onThread(stackSize: 512 << 10) {
        let source = Subject<Int>()
        weak var weakEnd: Signal<Int>?
        do {
          var end: Signal<Int> = source
          for _ in 0..<20_000 { end = end.flatMapLatest { _ in source } }
          weakEnd = end
        }
        guard weakEnd == nil else { fatalError("not freed") }
      }
    }
  }
}

/// A weak reference to a signal, to see that it was freed.
private struct Weak {
  weak var object: Signal<Int>?

  init(_ object: Signal<Int>) { self.object = object }
}
