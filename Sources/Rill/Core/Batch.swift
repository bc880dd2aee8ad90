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
/// - A send made while a propagation of that graph is already running (from an observer) is queued as usual,
///   and a graph that is busy when the batch first touches it is not held.
/// - The batch belongs to the thread that runs `body`: a send from another thread or a task is not part of
///   it. If `body` throws, what it sent still settles before the error propagates.
///
/// - Complexity: O(1) per graph held, besides the deliveries. Outside a batch, a send pays nothing for it
///   unless its propagation ends with work left (a join to settle): then one relaxed atomic load.
@discardableResult
public func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
  if BatchScope.current != nil { return try body() }
  let scope = BatchScope()
  BatchScope.current = scope
  openBatches.add(1, ordering: .relaxed)
  defer {
    openBatches.subtract(1, ordering: .relaxed)
    BatchScope.current = nil
    scope.finish()
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
@usableFromInline
final class BatchScope {
  var graphs: [Graph] = []

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

  /// If a batch is open on this thread, makes it hold `graph` (a root ending its outermost propagation with
  /// work left): the propagation's count becomes the batch's hold, and the work waits for the batch's end.
  /// Returns whether it did.
  static func holdIfBatching(_ graph: Graph) -> Bool {
    guard openBatches.load(ordering: .relaxed) != 0, let scope = current else { return false }
    graph.batchHolds &+= 1
    scope.graphs.append(graph)
    return true
  }

  /// Lets go of each graph in turn: the last hold on it runs its pending joins and queued sends. Called once
  /// the scope is no longer current, so the drain is not held again.
  func finish() {
    for graph in graphs {
      let root = graph.root
      root.batchHolds &-= 1
      if root.depth == 1 && root.hasWork {
        root.drainAndFinish()
      } else {
        root.depth &-= 1
      }
    }
    graphs = []
  }
}

/// The thread-specific slot of the open batch.
private let batchKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()
