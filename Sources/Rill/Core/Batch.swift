#if !canImport(Darwin) && !RILL_PORTABLE_ATOMICS
  import Synchronization
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs `body` as one propagation: the joins its sends touch settle once, at the end, with every new value.
///
/// Inside `body`, each send is delivered at once, depth first, as usual: every observer of a subject sent
/// twice hears both values, in order, and a ``CurrentValueSubject``'s `value` reads the new value as soon as
/// it is set. What waits for the end of the batch is what waits for the end of a propagation (rules 5 and
/// 6): the joins (``combine(_:)->Signal<(Source)>``, `withLatestFrom`) settle once, after the whole body, so a `combine` over
/// several subjects sent in the batch emits one tuple holding all their new values; and sends made from
/// inside observers are queued and delivered after those settles, first in first out.
///
/// ```swift
/// let width = CurrentValueSubject(1)
/// let height = CurrentValueSubject(1)
/// let subscription = combine(width, height).subscribe { print($0) }   // prints (1, 1)
/// batch {
///   width.value = 2
///   height.value = 3
/// }                                                                   // prints (2, 3), once
/// ```
///
/// - Every graph in which the batch leaves work (a join to settle, a queued send) is held until the end;
///   graphs that were not joined by an operator stay separate, and at the end each settles and drains in the
///   order the batch first left work in it.
/// - A nested `batch` joins the outermost one: nothing settles until the outermost returns.
/// - A subscriber that joins inside a batch gets the usual replay, as of that moment: the current value of a
///   subject, and the last value a join emitted (a join waiting to settle replays its previous value), then
///   the settled value at the end.
/// - A send made while a propagation of that graph is already running (a batch opened inside an observer) is
///   queued as usual (rule 5), and a graph that is busy when the batch first touches it is not held. The sends a
///   batch queues in one graph are delivered together, as one step of that graph's queue, in the order they were
///   made: its joins settle once, after all of them, so a `combine` over them still emits one tuple with every
///   new value. Until their turn, a ``CurrentValueSubject``'s `value` reads its old value.
/// - The batch belongs to the thread that runs `body`: a send from another thread or a task is not part of
///   it. If `body` throws, what it sent still settles before the error propagates.
///
/// - Complexity: O(1) per graph held, besides the deliveries, and no allocation once the thread has run a batch
///   (it keeps the last one's scope for the next). Outside a batch, a send pays nothing for it unless its
///   propagation ends with work left (a join to settle): then one relaxed atomic load.
@discardableResult
public func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
  if BatchScope.current != nil { return try body() }
  let scope = BatchScope.takeSpare()
  BatchScope.current = scope
  openBatches.add(1, ordering: .relaxed)
  defer {
    openBatches.subtract(1, ordering: .relaxed)
    BatchScope.current = nil
    scope.finish()
    BatchScope.keepAsSpare(scope)
  }
  return try body()
}

/// How many batches are open on any thread: a propagation that ends with work left checks it, and only when
/// it is not 0 looks for a batch on its own thread.
#if canImport(Darwin) || RILL_PORTABLE_ATOMICS
  let openBatches = AtomicWord(0)
#else
  let openBatches = Atomic<Int>(0)
#endif

/// The graphs an open batch holds, in the order it first touched them.
///
/// A thread keeps the scope of its last batch, emptied, for the next one, so a steady-state batch allocates
/// nothing (its object and the array of graphs it holds are reused).
@usableFromInline
final class BatchScope {
  var graphs: [Graph] = []
  /// The graphs in which this batch queued sends (see ``queue(_:in:)``).
  var graphsWithQueuedSends: [Graph] = []

  /// The largest array of graphs kept for the next batch; a batch that held more gives its array up.
  static var keptCapacity: Int { 64 }

  /// This thread's spare scope, or a new one when it has none (its first batch, or a batch that starts while
  /// another one ends and holds the spare).
  static func takeSpare() -> BatchScope {
    guard let pointer = pthread_getspecific(spareBatchKey) else { return BatchScope() }
    pthread_setspecific(spareBatchKey, nil)
    return Unmanaged<BatchScope>.fromOpaque(pointer).takeRetainedValue()
  }

  /// Keeps `scope`, finished and empty, for this thread's next batch, unless the thread has a spare already.
  /// Freed with the thread.
  static func keepAsSpare(_ scope: BatchScope) {
    guard pthread_getspecific(spareBatchKey) == nil else { return }
    pthread_setspecific(spareBatchKey, Unmanaged.passRetained(scope).toOpaque())
  }

  /// The batch open on this thread, if any.
  static var current: BatchScope? {
    get {
      guard let pointer = pthread_getspecific(batchKey) else { return nil }
      return Unmanaged<BatchScope>.fromOpaque(pointer).takeUnretainedValue()
    }
    set {
      // Unretained: `batch(_:)` keeps the scope alive while it is current.
      let pointer = newValue.map { Unmanaged.passUnretained($0).toOpaque() }
      pthread_setspecific(batchKey, pointer)
    }
  }

  /// The batch open on this thread, found without a thread-specific look-up when no batch is open anywhere.
  static var openOnThisThread: BatchScope? {
    guard openBatches.load(ordering: .relaxed) != 0 else { return nil }
    return current
  }

  /// If a batch is open on this thread, makes it hold `graph` (a root ending its outermost propagation with
  /// work left): the propagation's count becomes the batch's hold, and the work waits for the batch's end.
  /// Returns whether it did.
  static func holdIfBatching(_ graph: Graph) -> Bool {
    guard let scope = openOnThisThread else { return false }
    graph.batchHolds &+= 1
    scope.graphs.append(graph)
    return true
  }

  /// Queues `work`, a send made in this batch while `graph` (a root) is delivering, with the batch's other sends
  /// queued there: the first one puts the group in the graph's queue, and the group delivers every send in it as
  /// one step, so the joins they touch settle once, after all of them.
  func queue(_ work: @escaping () -> Void, in graph: Graph) {
    if let group = graph.batchedSends {
      group.works.append(work)
      return
    }
    let group = BatchedSends(work)
    graph.batchedSends = group
    graphsWithQueuedSends.append(graph)
    graph.queue.append { group.run() }
  }

  /// Lets go of each graph in turn: the last hold on it runs its pending joins and queued sends. Called once
  /// the scope is no longer current, so the drain is not held again.
  func finish() {
    // The groups of queued sends are complete: a send queued from now on is a step of its own.
    if !graphsWithQueuedSends.isEmpty {
      for graph in graphsWithQueuedSends { graph.batchedSends = nil }
      graphsWithQueuedSends = []
    }
    // By index: nothing is added while the scope is not current, and a debug build's array iterator allocates.
    var index = 0
    while index < graphs.count {
      let root = graphs[index].root
      root.batchHolds &-= 1
      if root.depth == 1 && root.hasWork {
        root.drainAndFinish()
      } else {
        root.depth &-= 1
      }
      index += 1
    }
    // Emptied, so a kept scope holds no graph; its array is kept for the next batch unless it grew large.
    if graphs.capacity > BatchScope.keptCapacity {
      graphs = []
    } else {
      // One by one: unspecialized (in a debug build), `removeAll(keepingCapacity:)` allocates.
      while !graphs.isEmpty { graphs.removeLast() }
    }
  }
}

/// The thread-specific slot of the open batch.
private let batchKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()

/// The thread-specific slot of the spare scope (retained), released when the thread exits.
private let spareBatchKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key) { releaseSpareScope($0) }
  return key
}()

/// Releases a thread's spare scope, at the thread's exit.
private func releaseSpareScope(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<BatchScope>.fromOpaque(pointer).release()
}

/// The sends one batch queued in one graph while it was delivering, delivered together as one step of its queue.
final class BatchedSends {
  var works: ContiguousArray<() -> Void>

  init(_ first: @escaping () -> Void) {
    works = [first]
  }

  /// Delivers every send, in the order they were made.
  func run() {
    var index = 0
    while index < works.count {
      works[index]()
      index += 1
    }
    works = []
  }
}
