import Foundation
import TestSupport
import Testing

@testable import Rill

/// A chain of `depth` maps on `source`.
func chain(_ source: Signal<Int>, depth: Int) -> Signal<Int> {
  var signal = source
  for _ in 0..<depth { signal = signal.map { $0 &+ 1 } }
  return signal
}

/// Runs `body` on the calling thread, or, under AddressSanitizer or ThreadSanitizer, whose instrumented frames
/// take more stack than a plain build's, on a thread with a 64 MB stack: the 8 MB statement of the contract is
/// about the build an app ships, and the sanitizers' runs are there to check memory and thread safety at the
/// same depth.
func withStackForDepth(_ body: @escaping @Sendable () -> Void) {
  #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
  #else
    let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
  #endif
  guard dlsym(everyImage, "__asan_init") != nil || dlsym(everyImage, "__tsan_init") != nil else { return body() }
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = 64 << 20
  thread.start()
  done.wait()
}

/// Runs `body` on a new thread with a stack of `size` bytes (512 KB is a secondary thread's default on Apple
/// platforms), and waits for it.
func onThread(stackSize size: Int, _ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = size
  thread.start()
  done.wait()
}

/// A chain 10,000 nodes deep (the stack-depth statement of the contract). Each test runs in a child process:
/// a stack overflow crashes it.
@Suite(.freesEverything) struct DeepChainTests {
  @Test(arguments: [1_000, 10_000])
  func aDeepChainDeliversAndTearsDown(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      withStackForDepth { DeepChainTests.deliverAndTearDown(depth: depth) }
    }
  }

  static func deliverAndTearDown(depth: Int) {
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

  @Test(arguments: [10_000])
  func freeingTheLastSubscriptionOfADeepChainTearsItDown(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      withStackForDepth {
        let source = Subject<Int>()
        var subscription: Subscription? = chain(source, depth: depth).subscribe { _ in }
        source.send(0)
        subscription = nil
        _ = subscription
        guard source.observerCount == 0 else { fatalError("still connected") }
      }
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

  /// The hostile run's case: 50,000 maps overflowed 8 MB, and far fewer a 512 KB thread, because connect,
  /// delivery and free each recursed once per node. A chain of 100,000 forwarding operators over a replaying
  /// source subscribes (connect and replay), delivers, cancels and is freed on a 512 KB thread (20,000 by default,
  /// see ``StressSize``).
  @Test(arguments: [StressSize.pick(default: 20_000, stress: 100_000)])
  func aChainOfAnyDepthWorksOnA512KBThread(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      onThread(stackSize: 512 << 10) { DeepChainTests.subscribeDeliverAndFree(depth: depth) }
    }
  }

  static func subscribeDeliverAndFree(depth: Int) {
    let source = CurrentValueSubject(0)
    weak var weakEnd: Signal<Int>?
    var subscription: Subscription?
    var received: [Int] = []
    do {
      // Every forwarding operator, in turn.
      var signal: Signal<Int> = source
      for index in 0..<depth {
        switch index % 6 {
        case 0: signal = signal.map { $0 &+ 1 }
        case 1: signal = signal.filter { _ in true }
        case 2: signal = signal.compactMap { $0 }
        case 3: signal = signal.scan(0) { $1 }
        case 4: signal = signal.removeDuplicates()
        default: signal = signal.prepend(contentsOf: [])
        }
      }
      weakEnd = signal
      subscription = signal.subscribe { received.append($0) }
    }
    let maps = (depth + 5) / 6
    guard received == [maps] else { fatalError("replayed \(received)") }
    source.value = 10
    guard received == [maps, maps + 10] else { fatalError("received \(received)") }
    subscription?.cancel()
    guard source.observerCount == 0 else { fatalError("still connected") }
    subscription = nil
    guard weakEnd == nil else { fatalError("not freed") }
  }

  @Test(arguments: [StressSize.pick(default: 20_000, stress: 100_000)])
  func anUnsubscribedChainOfAnyDepthIsFreedOnA512KBThread(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      onThread(stackSize: 512 << 10) {
        let source = Subject<Int>()
        weak var weakEnd: Signal<Int>?
        do {
          let end = chain(source, depth: depth)
          weakEnd = end
        }
        guard weakEnd == nil else { fatalError("not freed") }
      }
    }
  }

  /// A deep chain whose delivery is handed back to a loop keeps every rule a shallow one keeps: each value in
  /// order, a subscriber joining and a send made from an observer at the end queued behind the delivery.
  @Test func aDeepChainDeliversInOrderAndRunsToCompletion() {
    let source = Subject<Int>()
    let end = chain(source, depth: 500)
    var log: [String] = []
    var late: Subscription?
    let first = end.subscribe { value in
      log.append("first \(value)")
      if value == 501 {
        source.send(2)  // queued: the graph is delivering
        late = end.subscribe { log.append("late \($0)") }
      }
    }
    let second = end.subscribe { log.append("second \($0)") }
    source.send(1)
    #expect(log == ["first 501", "second 501", "first 502", "second 502", "late 502"])
    withExtendedLifetime((first, second, late)) {}
  }

  /// Past three nested checkpoints (96 nodes) a delivery down a chain hands a node's delivery back to a loop every
  /// few nodes; past 32 nested connects a tail connect waits for the loop of the connect below it.
  @Test func aDeepChainHandsItsDeliveriesAndConnectsBackToLoops() {
    let source = CurrentValueSubject(0)
    let end = chain(source, depth: 500)
    let before = StackGuard.current.handedBack
    var received: [Int] = []
    let subscription = end.subscribe { received.append($0) }
    let connectsAndReplay = StackGuard.current.handedBack - before
    source.value = 1
    let delivery = StackGuard.current.handedBack - before - connectsAndReplay
    #expect(received == [500, 501])
    // Connects: one in 32 nodes waits. The replay and the send: past the third checkpoint (96 nodes), one node
    // in every `tailSteps + 1` hands its delivery back.
    let handedBackDeliveries = (500 - 96) / (ChainWalks.tailSteps + 1)
    #expect(connectsAndReplay == 500 / 32 + handedBackDeliveries)
    #expect(delivery == handedBackDeliveries)
    withExtendedLifetime(subscription) {}
  }

  /// Only a tail connect waits: a `merge` deep in a chain connects its first source (itself a deep chain) and
  /// replays it before it connects its second, as it does at any depth — whatever the depth of the merge (so
  /// some of them connect where a tail connect would wait).
  @Test func aJoinDeepInAChainConnectsItsSourcesInOrder() {
    for above in 60...100 {
      let a = CurrentValueSubject(0)
      let b = CurrentValueSubject(1_000)
      let end = chain(merge(chain(a, depth: 100), b), depth: above)
      var received: [Int] = []
      let subscription = end.subscribe { received.append($0) }
      #expect(received == [100 + above, 1_000 + above], "\(above) nodes above the merge")
      a.value = 1
      b.value = 2_000
      #expect(received == [100 + above, 1_000 + above, 101 + above, 2_000 + above])
      withExtendedLifetime(subscription) {}
    }
  }

  /// A transform deep in a chain that cancels the chain's only subscription (nothing else holds the chain) frees
  /// the nodes below it while its own delivery, handed back, still waits: the graph keeps that node until it has
  /// run. (AddressSanitizer, in CI, reports the use after free it would otherwise be.)
  @Test func aTransformCancellingTheChainFromDeepInsideADeliveryIsSafe() {
    final class Holder { var subscription: Subscription? }
    let source = Subject<Int>()
    let holder = Holder()
    var received: [Int] = []
    do {
      var signal: Signal<Int> = source
      for index in 0..<300 {
        signal = signal.map { value in
          if index == 200 { holder.subscription = nil }
          return value &+ 1
        }
      }
      holder.subscription = signal.subscribe { received.append($0) }
    }
    source.send(0)
    #expect(received == [])
    #expect(source.observerCount == 0)
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
