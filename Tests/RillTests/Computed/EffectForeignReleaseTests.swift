import Foundation
import Testing

@testable import Rill

/// Rule 8 for effects: an effect's subscription freed on another thread touches nothing there; the effect never
/// runs again, and its domain lets go of it the next time something it read changes.
@Suite(.freesEverything) struct EffectForeignReleaseTests {
  final class Holder: @unchecked Sendable {
    var subscriptions: [Subscription] = []
  }

  final class Captured {}

  @Test func freedOnAnotherThreadItNeverRunsAgainAndGoesAtTheNextChange() {
    let source = CurrentValueSubject(0)
    let doubled = Computed { source.value * 2 }
    var runs: [Int] = []
    weak var weakCaptured: Captured?
    let holder = Holder()
    do {
      let captured = Captured()
      weakCaptured = captured
      holder.subscriptions = [
        effect {
          withExtendedLifetime(captured) { runs.append(doubled.value) }
        }
      ]
    }
    source.value = 1
    Self.onAnotherThread { holder.subscriptions = [] }
    #expect(weakCaptured != nil)  // nothing was touched on that thread
    source.value = 2
    #expect(runs == [0, 2])
    #expect(weakCaptured == nil)  // let go by the domain, at the change
    source.value = 3
    #expect(runs == [0, 2])
  }

  /// An effect keeps its place in the creation order and the note that its subscription was freed elsewhere in one
  /// word: every effect, whatever its place, runs until freed; the ones freed elsewhere stop; the others keep their
  /// order.
  @Test func effectsFreedOnAnotherThreadStopAndTheOthersKeepTheirOrder() {
    let source = CurrentValueSubject(0)
    var order: [String] = []
    let names = ["a", "b", "c", "d", "e"]
    let holders = names.map { _ in Holder() }
    for (name, holder) in zip(names, holders) {
      holder.subscriptions = [effect { order.append("\(name)\(source.value)") }]
    }
    source.value = 1
    #expect(order == ["a0", "b0", "c0", "d0", "e0", "a1", "b1", "c1", "d1", "e1"])
    order = []
    // Only the two holders go to the other thread: it may let go of what its closure captured after this test ends,
    // and a subscription freed there then would wait for a change that never comes.
    let freedElsewhere = [holders[1], holders[4]]
    Self.onAnotherThread {
      for holder in freedElsewhere { holder.subscriptions = [] }
    }
    source.value = 2
    source.value = 3
    #expect(order == ["a2", "c2", "d2", "a3", "c3", "d3"])
  }

  @Test func manyEffectsFreedOnOtherThreadsWhileTheDomainWrites() async {
    let source = CurrentValueSubject(0)
    let holder = Holder()
    var total = 0
    for _ in 0..<200 {
      holder.subscriptions.append(effect { total &+= source.value })
    }
    let freeing = Thread { holder.subscriptions = [] }
    freeing.start()
    for value in 1...200 { source.value = value }
    while !freeing.isFinished { try? await Task.sleep(for: .milliseconds(1)) }
    source.value = 0  // every effect let go by now
    let settled = total
    source.value = 1
    #expect(total == settled)
  }

  private static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      body()
      done.signal()
    }
    done.wait()
  }
}
