import Foundation
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
