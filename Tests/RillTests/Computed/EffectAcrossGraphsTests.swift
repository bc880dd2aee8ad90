import Foundation
import TestSupport
import Testing

@testable import Rill

/// Rules 5, 11 and 14 across graphs (issue 30): an effect's `batch` into another graph is one propagation there,
/// the effects of one batch over several graphs run in creation order, and whether a read is tracked is decided
/// by this thread's computation, never by what another thread runs.
@Suite(.freesEverything) struct EffectAcrossGraphsTests {
  /// The pair lives in a graph of its own (joined by the `combine` and the computed that read it), the effect in
  /// the trigger's: its batch is queued behind its propagation, then delivered as one propagation of the pair's.
  @Test(arguments: [false, true])
  func anEffectsBatchIntoAnotherGraphIsSeenWhole(withComputed: Bool) {
    let trigger = CurrentValueSubject(0)
    let width = CurrentValueSubject(1)
    let height = CurrentValueSubject(1)
    var sizes: [String] = []
    let pair = combine(width, height).subscribe { sizes.append("\($0)x\($1)") }
    let area = Computed { width.value * height.value }
    var areas: [Int] = []
    let areaSubscription = withComputed ? area.subscribe { areas.append($0) } : nil
    let resize = effect {
      if trigger.value > 0 {
        batch {
          width.value = 100
          height.value = 50
        }
      }
    }
    trigger.value = 1
    #expect(sizes == ["1x1", "100x50"])
    if withComputed { #expect(areas == [1, 5000]) }
    withExtendedLifetime((pair, areaSubscription, resize)) {}
  }

  /// An effect reading the pair through a computed sees it whole too, and runs once.
  @Test func anEffectOfTheOtherGraphRunsOnceAfterTheBatch() {
    let trigger = CurrentValueSubject(0)
    let width = CurrentValueSubject(1)
    let height = CurrentValueSubject(1)
    let area = Computed { width.value * height.value }
    var seen: [String] = []
    let watch = effect { seen.append("\(width.value)x\(height.value)=\(area.value)") }
    let resize = effect {
      if trigger.value > 0 {
        batch {
          width.value = 100
          height.value = 50
        }
      }
    }
    trigger.value = 1
    #expect(seen == ["1x1=1", "100x50=5000"])
    withExtendedLifetime((watch, resize)) {}
  }

  /// Two graphs, never joined: the effects the batch marks in both run once each, in the order they were created,
  /// not graph by graph.
  @Test func theEffectsOfOneBatchOverTwoGraphsRunInCreationOrder() {
    let a = CurrentValueSubject(0)
    let b = CurrentValueSubject(0)
    var order: [String] = []
    let first = effect { order.append("a1 \(a.value)") }
    let second = effect { order.append("b1 \(b.value)") }
    let third = effect { order.append("a2 \(a.value)") }
    let fourth = effect { order.append("b2 \(b.value)") }
    order = []
    batch {
      a.value = 1
      b.value = 1
    }
    #expect(order == ["a1 1", "b1 1", "a2 1", "b2 1"])
    order = []
    batch {  // touched in the other order: the effects keep theirs
      b.value = 2
      a.value = 2
    }
    #expect(order == ["a1 2", "b1 2", "a2 2", "b2 2"])
    withExtendedLifetime((first, second, third, fourth)) {}
  }

  /// Creation order across graphs, with joins and computeds to settle first in each graph, and writes from the
  /// effects queued behind the batch's propagation (rule 14).
  @Test func effectsAcrossGraphsSeeSettledValuesAndTheirWritesWait() {
    let a = CurrentValueSubject(1)
    let b = CurrentValueSubject(1)
    let doubledA = Computed { a.value * 2 }
    let doubledB = Computed { b.value * 2 }
    let echo = CurrentValueSubject(0)
    var order: [String] = []
    let first = effect { order.append("b \(doubledB.value)") }
    let second = effect {
      order.append("a \(doubledA.value)")
      if a.value > 1 { echo.value = a.value }
    }
    let third = effect { order.append("echo \(echo.value)") }
    let fourth = effect { order.append("a again \(a.value)") }
    order = []
    batch {
      a.value = 2
      b.value = 3
    }
    #expect(order == ["b 6", "a 4", "a again 2", "echo 2"])
    withExtendedLifetime((first, second, third, fourth)) {}
  }

  /// Random batches of writes to six subjects, which ten effects read (directly or through a computed), one or two
  /// each, so the subjects fall into a few graphs: made by the test, or by an effect of another graph (queued behind
  /// it, then delivered as one propagation). Against a model: each effect that read a written subject runs once
  /// per batch in which what it read changed, with every value the batch wrote, in creation order across the graphs.
  @Test(arguments: [1, 2, 3, 0xE77EC7] as [UInt64])
  func effectsRunOncePerBatchInCreationOrderAcrossGraphs(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let subjects = (0..<6).map { _ in CurrentValueSubject(0) }
    let doubled = subjects.map { subject in Computed { subject.value * 2 } }
    var log: [String] = []
    var reads: [[Int]] = []
    var readsThroughComputeds: [Bool] = []
    var effects: [Subscription] = []
    for index in 0..<10 {
      let first = Int(generator.next() % 6)
      let read = generator.next() % 2 == 0 ? [first] : [first, Int(generator.next() % 6)]
      let throughComputed = generator.next() % 2 == 0
      reads.append(read)
      readsThroughComputeds.append(throughComputed)
      effects.append(
        effect {
          let values = read.map { throughComputed ? doubled[$0].value / 2 : subjects[$0].value }
          log.append("e\(index) \(values)")
        })
    }
    let trigger = CurrentValueSubject<[(Int, Int)]>([])
    let writer = effect {
      let writes = trigger.value
      guard !writes.isEmpty else { return }
      batch { for (index, value) in writes { subjects[index].value = value } }
    }
    var model = [0, 0, 0, 0, 0, 0]
    for round in 0..<StressSize.pick(default: 200, stress: 2_000) {
      let writes = (0...generator.next() % 3).map { _ in (Int(generator.next() % 6), Int(generator.next() % 100)) }
      log = []
      if generator.next() % 2 == 0 {
        batch { for (index, value) in writes { subjects[index].value = value } }
      } else {
        trigger.value = writes
      }
      let before = model
      for (index, value) in writes { model[index] = value }
      // Every write to a subject is a change; through a computed, only a new value is (rule 12).
      let written = Set(writes.map(\.0))
      let changed = written.filter { model[$0] != before[$0] }
      let expected = reads.indices.filter {
        !(readsThroughComputeds[$0] ? changed : written).isDisjoint(with: reads[$0])
      }.map { index in "e\(index) \(reads[index].map { model[$0] })" }
      #expect(log == expected, "seed \(seed), round \(round), writes \(writes)")
      if log != expected { break }
    }
    withExtendedLifetime((effects, writer)) {}
  }

  /// A plain read on this thread while another thread runs a computation is not a tracked read: the subject stays
  /// untracked, so an effect's write to it is delivered at once, as before the read.
  @Test func aReadWhileAnotherThreadComputesIsNotTracked() {
    let subject = CurrentValueSubject(0)
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let busy = Computed {
        entered.signal()
        release.wait()
        return 1
      }
      _ = busy.value
      done.signal()
    }
    entered.wait()
    _ = subject.value  // while the other thread is inside a computed's closure
    release.signal()
    done.wait()
    let trigger = CurrentValueSubject(0)
    var log: [String] = []
    let heard = subject.subscribe { log.append("heard \($0)") }
    let write = effect {
      if trigger.value > 0 {
        log.append("writing")
        subject.value = 1
        log.append("written")
      }
    }
    trigger.value = 1
    #expect(log == ["heard 0", "writing", "heard 1", "written"])
    withExtendedLifetime((heard, write)) {}
  }
}
