import Foundation
import Testing

@testable import Rill

/// Issue 31, step 2: every signal is a node of the tracked graph, so a `Computed` is one object (its signal, its
/// value and its edges), and a subject read by a computation is a tracked source as it is, with no node beside it.
@Suite struct OneObjectTests {
  /// Counts the signals and tracked nodes `body` makes that are still alive when it returns.
  private func signalsMade(by body: () -> Void) -> Int {
    let scope = LiveObjectScope()
    LiveObjectScope.$current.withValue(scope) { body() }
    return scope.counts.signals
  }

  /// A computed read, observed by a subscriber and by an effect is one object (two before: its signal and its node).
  @Test func aComputedIsOneObjectReadOrObserved() {
    let source = CurrentValueSubject(1)
    var kept: [AnyObject] = []
    var subscriptions: [Subscription] = []
    let made = signalsMade {
      let doubled = Computed { source.value * 2 }
      #expect(doubled.value == 2)
      subscriptions.append(doubled.subscribe { _ in })
      kept.append(doubled)
    }
    #expect(made == 1)
    let effects = signalsMade {
      let doubled = Computed { source.value * 2 }
      subscriptions.append(effect { _ = doubled.value })
    }
    #expect(effects == 2)  // the computed and the effect's node
    withExtendedLifetime((kept, subscriptions)) {}
  }

  /// A subject, and a store's state signal, read by a computation make no node of their own (one each before).
  @Test func aSubjectReadByAComputationIsItsOwnTrackedSource() {
    var kept: [AnyObject] = []
    let made = signalsMade {
      let source = CurrentValueSubject(1)
      let doubled = Computed { source.value * 2 }
      #expect(doubled.value == 2)
      source.value = 2
      #expect(doubled.value == 4)
      kept.append(doubled)
    }
    #expect(made == 2)  // the subject and the computed
    withExtendedLifetime(kept) {}
  }

  /// A subject that only a computation keeps lives while the computation reads it, and goes with it.
  @Test func aSubjectOnlyAComputationKeepsLivesWhileItIsRead() {
    weak var weakSource: CurrentValueSubject<Int>?
    var doubled: Computed<Int>?
    do {
      let source = CurrentValueSubject(3)
      weakSource = source
      doubled = Computed { source.value * 2 }
    }
    #expect(doubled?.value == 6)
    #expect(weakSource != nil)
    weakSource?.value = 4
    #expect(doubled?.value == 8)
    doubled = nil
    #expect(weakSource == nil)
  }

  /// A computed that an effect reads lives after the last reference of its own goes: the effect still hears its
  /// changes, and cancelling the effect frees it.
  @Test func aComputedAnEffectReadsLivesUntilTheEffectGoes() {
    let source = CurrentValueSubject(1)
    weak var weakDoubled: Computed<Int>?
    var seen: [Int] = []
    var subscription: Subscription?
    do {
      let doubled = Computed { source.value * 2 }
      weakDoubled = doubled
      subscription = effect { seen.append(doubled.value) }
    }
    #expect(weakDoubled != nil)
    source.value = 2
    #expect(seen == [2, 4])
    subscription?.cancel()
    subscription = nil
    #expect(weakDoubled == nil)
    source.value = 3
    #expect(seen == [2, 4])
  }

  /// A chain of 100,000 computeds never read, each closure holding the level below, freed from the top on a 512 KB
  /// thread: each closure is let go of in a loop, not from inside the `deinit` of the computed that held it.
  @Test func aChainNeverReadIsFreedInALoopOnA512KBThread() async {
    await #expect(processExitsWith: .success) {
      onThread(stackSize: 512 << 10) {
        var end = Computed { 0 }
        for _ in 1..<100_000 {
          let below = end
          end = Computed { below.value + 1 }
        }
        end = Computed { 0 }  // the only reference to the top: the whole chain goes
        guard end.value == 0 else { fatalError() }
      }
    }
  }

  /// The live graph shows a subject read by an observed computed as the subject, with the computed below it.
  @Test func theLiveGraphShowsTheSubjectAsTheSourceOfWhatReadsIt() {
    let source = CurrentValueSubject(1).named("source")
    let doubled = Computed { source.value * 2 }.named("doubled")
    let subscription = doubled.subscribe { _ in }
    let graph = source.liveGraph()
    #expect(graph.nodes.map(\.kind) == [.currentValueSubject, .computed])
    #expect(graph.edges.count == 1)
    withExtendedLifetime(subscription) {}
  }
}
