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
///   graphs that were not joined by an operator stay separate. At the end the joins and computeds of every one of
///   them settle, then the effects of all of them run, in the order the effects were created, then each graph's
///   queued sends run, in the order the batch first left work in it.
/// - A nested `batch` joins the outermost one: nothing settles until the outermost returns.
/// - A subscriber that joins inside a batch gets the usual replay, as of that moment: the current value of a
///   subject, and the last value a join emitted (a join waiting to settle replays its previous value), then
///   the settled value at the end.
/// - A send made while a propagation of that graph is already running (a batch opened inside an observer) is
///   queued as usual (rule 5), and a graph that is busy when the batch first touches it is not held. The sends a
///   batch queues in one graph are delivered together, as one step of that graph's queue, in the order they were
///   made: its joins settle once, after all of them, so a `combine` over them still emits one tuple with every
///   new value. Until their turn, a ``CurrentValueSubject``'s `value` reads its old value. The same goes for the
///   writes an ``effect(_:)``'s batch makes to values of another graph that computations read (queued behind the
///   effect's propagation): at their turn they are one propagation of that graph, seen whole.
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
  @exclusivity(unchecked) var graphs: [Graph] = []
  /// The graphs in which this batch queued sends (see ``queue(_:in:)``).
  @exclusivity(unchecked) var graphsWithQueuedSends: [Graph] = []

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

  /// The graphs whose effects a batch over several graphs runs, each with the creation sequence of its first waiting
  /// effect: a binary min-heap on it, so the earliest-created effect of all of them is found in O(log g), g graphs.
  /// Kept for the next batch, so a steady state allocates nothing.
  @exclusivity(unchecked) var effectGraphs = PlainList<(sequence: Int, graph: Unmanaged<Graph>)>()

  deinit {
    effectGraphs.deallocateForDeinit()
  }

  /// One propagation over every graph the batch holds (rules 5 and 14): settles the joins and computeds of each,
  /// until none is left in any, then runs the effects they marked, all of them in the order they were created,
  /// whichever graph each is in — merging the graphs' queues, each already in that order. What the effects queue
  /// runs after, graph by graph.
  ///
  /// - Complexity: O(log g) per effect besides its run, g graphs with effects; no scan of the graphs per effect.
  func settleThenRunEffectsInCreationOrder() {
    var settledAny = true
    while settledAny {
      // A settle in one graph can deliver to a node of another (an observer's send to a graph not held): round again.
      settledAny = false
      var index = 0
      while index < graphs.count {
        if graphs[index].root.settlePending() { settledAny = true }
        index += 1
      }
    }
    var index = 0
    while index < graphs.count {
      takeEffects(of: graphs[index].root)
      index += 1
    }
    var next = popEffectGraph()
    while let (sequence, graph) = next {
      let isRoot = graph._withUnsafeGuaranteedRef { $0.parent == nil }
      guard isRoot, let first = graph._withUnsafeGuaranteedRef({ $0.effects.firstSequence }) else {
        // Merged into another graph by an effect that ran (rare): that graph's entry, or a new one, runs the rest.
        takeEffects(of: graph._withUnsafeGuaranteedRef { $0.root })
        next = popEffectGraph()
        continue
      }
      guard first == sequence else {  // its queue took a merged graph's effects: filed again by its new first
        pushEffectGraph(first, graph.takeUnretainedValue())
        next = popEffectGraph()
        continue
      }
      // This graph's effects run on while they come before every other graph's first; then the graph whose first
      // comes next takes its turn, and this one takes that one's place in the heap.
      let others = effectGraphs.isEmpty ? .max : effectGraphs[0].sequence
      var following: Int? = nil
      repeat {
        let effect = graph._withUnsafeGuaranteedRef { $0.effects.pop().unsafelyUnwrapped }
        effect._withUnsafeGuaranteedRef { unsafeDowncast($0, to: EffectNode.self).runScheduled() }
        following = graph._withUnsafeGuaranteedRef { $0.parent == nil ? $0.effects.firstSequence : nil }
      } while (following ?? .max) < others
      if let following {
        next = effectGraphs.isEmpty ? (following, graph) : replaceFirstEffectGraph(with: (following, graph))
      } else {
        next = popEffectGraph()
      }
    }
    while let root = effectRoots.popLast() {
      root.settlingRank = 0
      root.endDraining()
    }
    if effectGraphs.capacity > BatchScope.keptCapacity { effectGraphs.deallocate() }
    if effectRoots.capacity > BatchScope.keptCapacity { effectRoots = [] }
  }

  /// The graphs whose effects ``settleThenRunEffectsInCreationOrder()`` runs, marked as draining while they run.
  @exclusivity(unchecked) var effectRoots: ContiguousArray<Graph> = []

  /// Makes `root`'s effects run with the batch's: marks it draining (its computeds read as settled, and its effects
  /// look the thread's tracking context up once, as in a drain), and files it by its first waiting effect. Nothing
  /// for a root marked already, or draining further up the stack (it runs its own effects).
  private func takeEffects(of root: Graph) {
    guard !root.isDraining else { return }
    root.isDraining = true
    root.settlingRank = .max
    effectRoots.append(root)
    if let first = root.effects.firstSequence { pushEffectGraph(first, root) }
  }

  /// Adds `graph` to ``effectGraphs`` with the sequence of its first waiting effect.
  private func pushEffectGraph(_ sequence: Int, _ graph: Graph) {
    var child = effectGraphs.count
    effectGraphs.append((sequence, .passUnretained(graph)))
    while child > 0 {
      let parent = (child &- 1) / 2
      guard effectGraphs[parent].sequence > sequence else { break }
      (effectGraphs[parent], effectGraphs[child]) = (effectGraphs[child], effectGraphs[parent])
      child = parent
    }
  }

  /// Puts `entry` in ``effectGraphs`` in place of the graph whose first waiting effect was created first, and
  /// returns that one (``effectGraphs`` is not empty): a pop and a push in one pass.
  private func replaceFirstEffectGraph(
    with entry: (sequence: Int, graph: Unmanaged<Graph>)
  ) -> (Int, Unmanaged<Graph>) {
    let first = effectGraphs[0]
    effectGraphs[0] = entry
    if effectGraphs.count > 1 { siftDownFirstEffectGraph() }  // two graphs, the common case: nothing to sift
    return first
  }

  /// Moves the first entry of ``effectGraphs`` down to its place in the heap.
  private func siftDownFirstEffectGraph() {
    var parent = 0
    while true {
      var child = 2 &* parent &+ 1
      guard child < effectGraphs.count else { break }
      if child &+ 1 < effectGraphs.count && effectGraphs[child &+ 1].sequence < effectGraphs[child].sequence {
        child &+= 1
      }
      guard effectGraphs[child].sequence < effectGraphs[parent].sequence else { break }
      (effectGraphs[parent], effectGraphs[child]) = (effectGraphs[child], effectGraphs[parent])
      parent = child
    }
  }

  /// Removes the graph of ``effectGraphs`` whose first waiting effect was created first.
  private func popEffectGraph() -> (Int, Unmanaged<Graph>)? {
    guard !effectGraphs.isEmpty else { return nil }
    let last = effectGraphs.removeLast()
    guard !effectGraphs.isEmpty else { return last }
    let first = effectGraphs[0]
    effectGraphs[0] = last
    siftDownFirstEffectGraph()
    return first
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
    // The holds go first: from here on each graph is busy with the batch's propagation, which its sends queue behind.
    var index = 0
    while index < graphs.count {
      graphs[index].root.batchHolds &-= 1
      index += 1
    }
    if graphs.count > 1 { settleThenRunEffectsInCreationOrder() }
    index = 0
    while index < graphs.count {
      let root = graphs[index].root
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

  /// Delivers every send, in the order they were made, as a batch again: a send queued here to go to another graph
  /// when its turn comes (an effect's write to a value of another graph, rule 14) is one propagation there with the
  /// batch's other sends to that graph, so its joins and computeds settle once, after all of them.
  func run() {
    batch {
      var index = 0
      while index < works.count {
        works[index]()
        index += 1
      }
    }
    works = []
  }
}
