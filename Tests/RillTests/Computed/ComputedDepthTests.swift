import Foundation
import Testing

@testable import Rill

/// The depth statement of issue 22 (rule 11's "no recursion in the library's own walks"): a chain of 10,000
/// computeds, each read once as it is built, becomes observed, propagates changes and is freed on an ordinary
/// 8 MB stack in a debug build. Each test runs in a child process: a stack overflow crashes it.
@Suite(.freesEverything) struct ComputedDepthTests {
  @Test(arguments: [10_000])
  func aDeepChainIsObservedPropagatesAndIsFreed(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      withStackForDepth { ComputedDepthTests.observePropagateAndFree(depth: depth) }
    }
  }

  static func observePropagateAndFree(depth: Int) {
    let source = CurrentValueSubject(0)
    var chain = [Computed { source.value }]
    for level in 1..<depth {
      let below = chain[level - 1]
      let next = Computed { below.value + 1 }
      guard next.value == level else { fatalError("level \(level) read \(next.value)") }
      chain.append(next)
    }
    var heard: [Int] = []
    var subscription: Subscription? = chain[depth - 1].subscribe { heard.append($0) }
    source.value = 1
    source.value = 2
    guard heard == [depth - 1, depth, depth + 1] else { fatalError("heard \(heard)") }
    subscription = nil
    source.value = 3  // unobserved: pulled when read, through a loop
    guard chain[depth - 1].value == depth + 2 else { fatalError("read \(chain[depth - 1].value)") }
    chain = []
    guard subscription == nil else { fatalError() }
  }

  /// Issue 30: 100,000 levels on a 512 KB stack (a secondary thread's default on Apple platforms), read as built,
  /// observed, written, cancelled and freed. Freeing the top frees each level's closure, which holds the level
  /// below: the library frees them one at a time, in a loop.
  @Test func aChainOf100000LevelsLivesAndDiesOnA512KBThread() async {
    await #expect(processExitsWith: .success) {
      onThread(stackSize: 512 << 10) { ComputedDepthTests.buildObserveWriteCancelAndFree(depth: 100_000) }
    }
  }

  static func buildObserveWriteCancelAndFree(depth: Int) {
    let source = CurrentValueSubject(0)
    var end = Computed { source.value }
    for level in 1..<depth {
      let below = end
      end = Computed { below.value + 1 }
      guard end.value == level else { fatalError("level \(level) read \(end.value)") }
    }
    var heard: [Int] = []
    var subscription: Subscription? = end.subscribe { heard.append($0) }
    source.value = 1
    guard heard == [depth - 1, depth] else { fatalError("heard \(heard)") }
    subscription?.cancel()
    subscription = nil
    source.value = 2
    guard end.value == depth + 1 else { fatalError("read \(end.value)") }
    end = Computed { 0 }  // the only reference to the top: the whole chain goes
    guard subscription == nil, end.value == 0 else { fatalError() }
  }

  /// The same chain freed from the bottom up while observed by an effect, and freed while a subscriber holds it.
  @Test func aDeepChainHeldByAnEffectIsFreedOnA512KBThread() async {
    await #expect(processExitsWith: .success) {
      onThread(stackSize: 512 << 10) {
        let source = CurrentValueSubject(0)
        var end = Computed { source.value }
        for _ in 1..<100_000 {
          let below = end
          end = Computed { below.value + 1 }
          _ = end.value
        }
        let last = end
        var seen = 0
        var runs: Subscription? = effect { seen = last.value }
        source.value = 1
        guard seen == 100_000 else { fatalError("seen \(seen)") }
        end = Computed { 0 }
        runs = nil  // the effect held the top: freeing it frees the chain
        guard runs == nil else { fatalError() }
      }
    }
  }

  @Test(arguments: [10_000])
  func aDeepChainReadMidPropagationIsPulledInALoop(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      withStackForDepth { ComputedDepthTests.pullMidPropagation(depth: depth) }
    }
  }

  /// A subscriber of the source reads the end of the observed chain before the chain has settled: the read pulls
  /// it up to date, checking every level in a loop.
  static func pullMidPropagation(depth: Int) {
    let source = CurrentValueSubject(0)
    var end = Computed { source.value }
    for _ in 1..<depth {
      let below = end
      end = Computed { below.value + 1 }
      _ = end.value
    }
    let last = end
    let effectRuns = effect { _ = last.value }
    var readEarly: [Int] = []
    let early = source.subscribe { _ in readEarly.append(last.value) }
    source.value = 5
    guard readEarly == [depth - 1, depth + 4] else { fatalError("read early \(readEarly)") }
    withExtendedLifetime((effectRuns, early)) {}
  }

  @Test(arguments: [10_000])
  func aDeepChainReadByAnEffectIsFreedFromTheTop(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      withStackForDepth {
        let source = CurrentValueSubject(0)
        var end = Computed { source.value }
        for _ in 1..<depth {
          let below = end
          end = Computed { below.value + 1 }
          _ = end.value
        }
        var seen = 0
        let last = end
        var runs: Subscription? = effect { seen = last.value }
        source.value = 1
        guard seen == depth else { fatalError("seen \(seen)") }
        runs = nil
        end = Computed { 0 }
        guard runs == nil else { fatalError() }
      }
    }
  }
}

/// The stack a first read of a never-read chain takes per level, the one recursion no library avoids (each
/// closure reads the level below, which runs its closure): measured in a child process on a thread whose stack
/// holds `levels` levels at the documented cost, in the build that runs the tests.
@Suite struct ComputedFirstReadStackTests {
  /// The documented bound per level, in bytes (see `Computed`'s documentation): a debug build's frames.
  static let bytesPerLevel = 2_560

  @Test func aFirstReadOfANeverReadChainFitsTheDocumentedStackPerLevel() async {
    await #expect(processExitsWith: .success) {
      withStackForDepth {
        let levels = 2_000
        // The sanitizers' instrumented frames are larger: the bound is about the build an app ships.
        let perLevel = ComputedFirstReadStackTests.bytesPerLevel * (isSanitized ? 8 : 1)
        onThread(stackSize: levels * perLevel + (256 << 10)) {
          let source = CurrentValueSubject(0)
          var end = Computed { source.value }
          for _ in 1..<levels {
            let below = end
            end = Computed { below.value + 1 }
          }
          guard end.value == levels - 1 else { fatalError("read \(end.value)") }
        }
      }
    }
  }
}

/// Whether this test binary runs under AddressSanitizer or ThreadSanitizer.
var isSanitized: Bool {
  #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
  #else
    let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
  #endif
  return dlsym(everyImage, "__asan_init") != nil || dlsym(everyImage, "__tsan_init") != nil
}
