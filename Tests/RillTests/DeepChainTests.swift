import Testing

@testable import Rill

/// A chain of `depth` maps on `source`.
func chain(_ source: Signal<Int>, depth: Int) -> Signal<Int> {
  var signal = source
  for _ in 0..<depth { signal = signal.map { $0 &+ 1 } }
  return signal
}

/// A chain 10,000 nodes deep (the stack-depth statement of the contract). Each test runs in a child process:
/// a stack overflow crashes it.
@Suite(.freesEverything) struct DeepChainTests {
  @Test(arguments: [1_000, 10_000])
  func aDeepChainDeliversAndTearsDown(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      let source = Subject<Int>()
      var end: Signal<Int>? = chain(source, depth: depth)
      var received: [Int] = []
      let subscription = end?.subscribe { received.append($0) }
      source.send(0)
      source.send(1)
      guard received == [depth, depth + 1] else { fatalError("received \(received)") }
      subscription?.cancel()
      source.send(2)
      guard received == [depth, depth + 1] else { fatalError("received after cancel \(received)") }
      end = nil
    }
  }

  @Test(arguments: [10_000])
  func freeingTheLastSubscriptionOfADeepChainTearsItDown(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      let source = Subject<Int>()
      var subscription: Subscription? = chain(source, depth: depth).subscribe { _ in }
      source.send(0)
      subscription = nil
      _ = subscription
      guard source.observerCount == 0 else { fatalError("still connected") }
    }
  }

  @Test(arguments: [10_000])
  func anUnsubscribedDeepChainIsFreed(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      let source = Subject<Int>()
      weak var weakEnd: Signal<Int>?
      do {
        let end = chain(source, depth: depth)
        weakEnd = end
      }
      guard weakEnd == nil else { fatalError("not freed") }
    }
  }

  @Test func cancellingADeepChainDisconnectsEveryNodeBeforeCancelReturns() {
    let source = Subject<Int>()
    var nodes: [Signal<Int>] = [source]
    for _ in 0..<100 { nodes.append(nodes.last!.map { $0 }) }
    let subscription = nodes.last!.subscribe { _ in }
    #expect(nodes.dropLast().allSatisfy { $0.observerCount == 1 })
    subscription.cancel()
    #expect(nodes.allSatisfy { $0.observerCount == 0 })
  }
}
