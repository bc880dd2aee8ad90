// What a computation reads: the running consumer of each thread, and the two global words that keep reads and
// writes cheap when no computation runs.

#if !canImport(Darwin) && !RILL_PORTABLE_ATOMICS
  public import Synchronization
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

#if canImport(Darwin) || RILL_PORTABLE_ATOMICS
  @usableFromInline typealias TrackingWord = AtomicWord
#else
  @usableFromInline typealias TrackingWord = Atomic<Int>
#endif

/// How many computations (computeds and effects) are running on any thread. While it is 0, a read of a
/// ``CurrentValueSubject``'s value and a send pay one relaxed load for tracking, and look nothing up.
@usableFromInline let runningComputations = TrackingWord(0)

/// The write epoch: bumped by every write to a source that some computation has read. An unobserved computed
/// that was found up to date at the current epoch is still up to date, whatever its depth (see
/// ``ReactiveNode/refresh()``).
@usableFromInline let trackedWrites = TrackingWord(0)

/// How many blocks of stamps threads have taken (see ``TrackingContext/nextStamp()``).
let stampBlocks = TrackingWord(0)

/// How many threads have made their ``TrackingContext`` (see ``TrackingContext/threadNumber``).
let trackingContextsMade = TrackingWord(0)

/// The tracking state of one thread: which consumer is running, and where its run is in its old dependencies.
///
/// A thread's context is made at its first tracked read or run and freed with the thread. Computations nest (a
/// computed read inside another re-evaluates inside it): each run saves the fields it changes and restores them.
@usableFromInline
final class TrackingContext {
  /// The innermost consumer running, or `nil`: its run records what it reads unless ``stamp`` says none does (inside
  /// ``untracked(_:)``); a write while it is a computed is an error.
  @usableFromInline @exclusivity(unchecked) var running: Unmanaged<ReactiveNode>?
  /// The stamp of ``running``'s run, which a node it reads keeps (``ReactiveNode/readStamp``), or ``noRunStamp``
  /// while no run records reads (none runs, or inside ``untracked(_:)``). A read of a node that has this stamp already
  /// is a repeated read: the node is up to date (nothing is written while a computation runs) and its edge recorded.
  ///
  /// Published by a run with ``running``, and nothing else: a run saves and restores two words.
  @usableFromInline @exclusivity(unchecked) var stamp = TrackingContext.noRunStamp
  /// The last stamp handed out, for runs and walks alike (see ``nextStamp()``): the first stamp of a block of this
  /// thread's until it hands one out.
  @usableFromInline @exclusivity(unchecked) var lastStamp = TrackingContext.takeStampBlock()
  /// The stamp of the outermost ``ReactiveNode/refresh()`` walk running, or 0.
  @usableFromInline @exclusivity(unchecked) var walkStamp: UInt = 0
  /// The walk's stack: a node, and the index of the dependency it checks.
  @usableFromInline @exclusivity(unchecked) var walk: ContiguousArray<(node: Unmanaged<ReactiveNode>, index: Int)> =
    []
  /// Nodes whose links change in a cascade (see ``ReactiveNode/observe()``), kept for the next cascade.
  @usableFromInline @exclusivity(unchecked) var cascade: ContiguousArray<Unmanaged<ReactiveNode>> = []
  /// The nodes an ``ReactiveNode/observe()`` linked, in the order it linked them, for its pass over their ranks.
  @usableFromInline @exclusivity(unchecked) var linked: ContiguousArray<Unmanaged<ReactiveNode>> = []
  /// The effect that checks the values Observation watches in this thread's domain after a propagation that wrote a
  /// value computations read (see `ObservationReads.swift`); made at the first such write.
  @exclusivity(unchecked) var observationChecker: EffectNode?
  /// How many runs on this thread ran inside a tracking of Observation that read properties (a first run that read
  /// one, every run of a consumer that did): Observation merges such a run's reads into a tracking around it, and a
  /// debug build's warning of a late read must not take them for the outer run's own.
  @exclusivity(unchecked) var runsThatReadObservation = 0
  /// The watches a check of this thread's domain takes, kept with their capacity for the next check.
  @exclusivity(unchecked) var observationDue: [(id: ObjectIdentifier, node: ReactiveNode, version: UInt)] = []
  /// This thread's number, from 1, never another thread's (a new thread may reuse an exited one's `pthread_self()`):
  /// how the Observation bridges tell a thread's domain (see `ObservationDomain`).
  let threadNumber = UInt(bitPattern: trackingContextsMade.wrappingAdd(1, ordering: .relaxed).newValue)

  init() {}

  /// ``stamp`` while no run records reads: never handed out (block 0 is no thread's), and never a node's
  /// ``ReactiveNode/readStamp`` (0 until read).
  @inlinable static var noRunStamp: UInt { 1 }

  /// Whether a run records what is read now (see ``stamp``): then ``running`` is its consumer.
  @inlinable var isRecordingReads: Bool { stamp != Self.noRunStamp }

  /// How many low bits of a stamp count within its thread's block (see ``nextStamp()``, which reads them as a
  /// `UInt32`).
  @inlinable static var stampBlockBits: UInt { 32 }

  /// The first stamp of a block no thread has had: its number, taken from ``stampBlocks``, in the high bits.
  @usableFromInline static func takeStampBlock() -> UInt {
    UInt(bitPattern: stampBlocks.wrappingAdd(1, ordering: .relaxed).newValue) << stampBlockBits
  }

  /// This thread's context, made at its first use.
  @usableFromInline static var current: TrackingContext {
    currentUnmanaged.takeUnretainedValue()
  }

  /// This thread's context, made at its first use, not retained: the thread keeps it.
  @usableFromInline static var currentUnmanaged: Unmanaged<TrackingContext> {
    if let pointer = pthread_getspecific(trackingKey) { return Unmanaged.fromOpaque(pointer) }
    let context = Unmanaged.passRetained(TrackingContext())
    pthread_setspecific(trackingKey, context.toOpaque())
    return context
  }

  /// Runs `body` with this thread's context, read in place, without retaining it.
  @inlinable @inline(__always) static func withCurrent<Result>(_ body: (TrackingContext) -> Result) -> Result {
    currentUnmanaged._withUnsafeGuaranteedRef(body)
  }

  /// This thread's context if it has one: a thread that never ran a computation has none, and runs none now.
  @usableFromInline static var existing: TrackingContext? {
    guard let pointer = pthread_getspecific(trackingKey) else { return nil }
    return Unmanaged<TrackingContext>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// This thread's context if it has one, not retained.
  @usableFromInline static var existingUnmanaged: Unmanaged<TrackingContext>? {
    guard let pointer = pthread_getspecific(trackingKey) else { return nil }
    return Unmanaged.fromOpaque(pointer)
  }

  /// A new stamp, never handed out before on any thread, and never 0.
  ///
  /// A node keeps the stamp of the last run that read it and of the last walk that found it up to date, and one graph's
  /// computations run on whatever thread its isolation domain runs on now (an actor's jobs hop threads): a stamp from
  /// one thread must never be taken for another's. So each thread counts within a block of 2³² stamps of its own,
  /// numbered by a global counter (block 0 is never handed out), and takes a new block when it has used its block up.
  @inlinable @inline(__always) func nextStamp() -> UInt {
    let stamp = lastStamp &+ 1
    guard _fastPath(UInt32(truncatingIfNeeded: stamp) != 0) else { return stampInANewBlock() }
    lastStamp = stamp
    return stamp
  }

  /// Goes on in a new block of stamps: this thread has used its block up (see ``nextStamp()``).
  @usableFromInline @inline(never) func stampInANewBlock() -> UInt {
    lastStamp = Self.takeStampBlock() &+ 1
    return lastStamp
  }
}

/// The thread-specific slot of the context (retained), released when the thread exits.
private let trackingKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key) { releaseTrackingContext($0) }
  return key
}()

private func releaseTrackingContext(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<TrackingContext>.fromOpaque(pointer).release()
}

/// Whether a computation runs anywhere: one relaxed load.
@inlinable @inline(__always) var isComputationRunning: Bool {
  runningComputations.load(ordering: .relaxed) != 0
}

/// Whether a computation running on this thread records what it reads now: the thread's own answer, which the
/// process-wide count (``isComputationRunning``) only narrows down. Out of line: asked on the first tracked read of a
/// value only.
@usableFromInline var isTrackingOnThisThread: Bool {
  TrackingContext.existing?.isRecordingReads ?? false
}

/// Runs `body` without recording what it reads: the values it reads are not dependencies of the computation
/// running (if any), so their changes do not make it run again.
///
/// ```swift
/// let total = Computed { price.value * untracked { quantity.value } }   // re-runs when price changes only
/// ```
///
/// Outside a computation it just runs `body`. Writes stay forbidden inside a computed's closure, untracked or not.
@inlinable
public func untracked<T>(_ body: () throws -> T) rethrows -> T {
  guard isComputationRunning, let context = TrackingContext.existing, context.isRecordingReads else {
    return try body()
  }
  let stamp = context.stamp
  context.stamp = TrackingContext.noRunStamp
  defer { context.stamp = stamp }
  return try body()
}

extension ReactiveNode {
  /// Records a read of this node by the computation running on this thread, if any. Call it after the node is
  /// up to date, with its version of the value read. `orReportToObservation` (a constant: a subject's read) reports
  /// a read that no computation records to Observation, when the node reports (see `ObservationReads.swift`): out of
  /// line, where no run records the read, so a repeated read in a run pays nothing for it and the reader's inlined
  /// code stays as small as it was.
  @inlinable @inline(__always) final func noteRead(orReportToObservation reports: Bool = false) {
    // A draining graph keeps this thread's context. Read in the graph as it is, root or not: a drain sets it on the
    // graph it runs in, and a member merged into another since leaves the read to the thread's look-up below, which
    // follows the node's graph to its root for next time.
    if let context = Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef({ $0.drainContext }) {
      context._withUnsafeGuaranteedRef { context in
        let stamp = context.stamp
        if readStamp == stamp { return }  // read before in this run
        if stamp == TrackingContext.noRunStamp {  // no run records reads
          if reports { noteUnrecordedRead() }
          return
        }
        context.running.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.record(self, stamp: stamp) }
      }
      return
    }
    if _slowPath(isComputationRunning) {
      noteReadAskingTheThread(orReportToObservation: reports)
    } else if reports {
      noteUnrecordedRead()
    }
  }

  /// A read of a subject that no computation records: reported to Observation if the subject reports.
  @usableFromInline @inline(never) final func noteUnrecordedRead() {
    if has(ReactiveFlags.reportsToObservation) { noteReadForObservation() }
  }

  /// ``noteRead()`` when this node's graph is not draining on this thread: the thread's context says.
  /// `orReportToObservation`: a subject's read, which no computation on this thread may record (see ``noteRead()``).
  @usableFromInline final func noteReadAskingTheThread(orReportToObservation reports: Bool = false) {
    if graph.parent != nil { followGraphToRootForReading() }
    guard let context = TrackingContext.existingUnmanaged else {
      if reports { noteUnrecordedRead() }
      return
    }
    context._withUnsafeGuaranteedRef { context in
      let stamp = context.stamp
      if readStamp == stamp { return }
      guard stamp != TrackingContext.noRunStamp else {
        if reports { noteUnrecordedRead() }
        return
      }
      context.running.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.record(self, stamp: stamp) }
    }
  }

}

/// Checks a write made while a computation runs on this thread: stops the program if a computed's closure is
/// running (it must not write); returns the graph of the effect running, if one is, for the write to be queued
/// behind its propagation (rule 14), or `nil` when the write goes ahead as usual. The message calls the write `what`,
/// or by the name of `target`, the object written, when it has one.
@usableFromInline func checkWriteFromComputation(to what: String, of target: AnyObject? = nil) -> Graph? {
  guard let running = TrackingContext.existing?.running else { return nil }
  return running._withUnsafeGuaranteedRef { node -> Graph? in
    guard !node.has(ReactiveFlags.isComputed) else {
      preconditionFailure(
        "Rill: a write to \(nameForFailure(of: target) ?? what) from inside \(node.closureForFailure). A computation "
          + "reads state and returns a value; write from an effect, an observer or an action instead.")
    }
    let graph = node.rootGraph
    return graph.depth != 0 ? graph : nil
  }
}

extension Graph {
  /// The drain that counted in ``runningComputations`` for its computations ends: it stops counting.
  func releaseDrainTrackingGate() {
    drainHoldsTrackingGate = false
    runningComputations.wrappingAdd(-1, ordering: .relaxed)
  }
}
