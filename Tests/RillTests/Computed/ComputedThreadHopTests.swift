import Foundation
import Testing

@testable import Rill

/// A graph lives in one isolation domain, but not on one thread: an actor's jobs, the main actor's `async`
/// functions after an await, a value handed from one thread to the next all run its computations on different
/// threads, one at a time. The stamps that let a run and a walk recognize the nodes they have seen must therefore
/// be unique across threads: a stamp a node kept from a run on one thread must never be the stamp of a later run on
/// another. (Each thread counted its own from 1, so two fresh threads handed out the same stamps in the same order.)
@Suite struct ComputedThreadHopTests {
  /// A run on the second thread whose stamp equals the one the subject kept from the first thread's run still
  /// records the read: the computed depends on the subject, and a write reaches it.
  @Test func aRunOnAnotherThreadRecordsWhatItReads() {
    let graph = Handoff<(CurrentValueSubject<Int>, Computed<Int>)>()
    onFreshThread {
      let source = CurrentValueSubject(1)
      let first = Computed { source.value }
      _ = first.value  // the subject keeps this run's stamp
      graph.value = (source, first)
    }
    let results = Handoff<[Int]>()
    onFreshThread {
      let (source, first) = graph.value!
      let second = Computed { source.value * 10 }
      var seen = [second.value]
      source.value = 2
      seen.append(second.value)
      seen.append(first.value)
      results.value = seen
    }
    #expect(results.value == [10, 20, 2])
  }

  /// A walk on the second thread whose stamp equals the one a node kept from the first thread's walk still checks
  /// the node: an unobserved chain read after a write gives the new value.
  @Test func aWalkOnAnotherThreadChecksWhatItReads() {
    let graph = Handoff<(CurrentValueSubject<Int>, Computed<Int>)>()
    onFreshThread {
      let source = CurrentValueSubject(1)
      let above = Computed { source.value }
      let below = Computed { above.value + 1 }
      _ = below.value  // the chain keeps this walk's stamp
      graph.value = (source, below)
    }
    let result = Handoff<Int>()
    onFreshThread {
      let (source, below) = graph.value!
      source.value = 5
      result.value = below.value
    }
    #expect(result.value == 6)
  }

  /// Observed, across the same kind of hop: an effect made on one thread and fed on another hears every change.
  @Test func anEffectFedOnAnotherThreadHearsEveryChange() {
    let graph = Handoff<(CurrentValueSubject<Int>, Subscription)>()
    let heard = Handoff<[Int]>()
    heard.value = []
    onFreshThread {
      let source = CurrentValueSubject(1)
      let doubled = Computed { source.value * 2 }
      let subscription = effect { heard.value!.append(doubled.value) }
      graph.value = (source, subscription)
    }
    onFreshThread {
      let (source, subscription) = graph.value!
      let tripled = Computed { source.value * 3 }
      let other = effect { heard.value!.append(tripled.value) }
      source.value = 2
      // Ended in the graph's domain, which is this thread's now (freed here, the first, made on the other thread,
      // would wait for a delivery to end: rule 8).
      subscription.cancel()
      other.cancel()
      graph.value = nil
    }
    #expect(heard.value == [2, 3, 4, 6])
  }

  /// Two threads' stamps never meet, and a thread that used its block up goes on in a block no one has had.
  @Test func stampsAreUniqueAcrossThreadsAndBlocks() {
    let first = TrackingContext()
    let second = TrackingContext()
    let firstStamps = (0..<3).map { _ in first.nextStamp() }
    let secondStamps = (0..<3).map { _ in second.nextStamp() }
    #expect(Set(firstStamps + secondStamps).count == 6)
    #expect(!firstStamps.contains(0) && !secondStamps.contains(0))
    let blockMask: UInt = 1 << TrackingContext.stampBlockBits &- 1
    first.lastStamp = first.lastStamp & ~blockMask | (blockMask &- 1)  // the block's last stamp comes next
    let last = first.nextStamp()
    let next = first.nextStamp()
    #expect(last & blockMask == blockMask)
    #expect(next & blockMask == 1)
    #expect(next >> TrackingContext.stampBlockBits > second.lastStamp >> TrackingContext.stampBlockBits)
  }
}

/// Something handed from one thread to the next, one at a time (each waits for the one before it).
private final class Handoff<Value>: @unchecked Sendable {
  var value: Value?
}

/// Runs `body` on a new thread, whose tracking context is new, and waits for it.
private func onFreshThread(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.start()
  done.wait()
}
