/// The joins of a propagation waiting to settle (rule 6): taken nearest the sources first (lowest rank), first
/// come, first served within a rank.
///
/// Kept in one first-in-first-out bucket per rank, with a min-heap of the ranks whose bucket is not empty, so a
/// settle is scheduled and taken in O(1) plus O(log r) per distinct rank r pending, never a scan of everything
/// pending: a send that fans out to n joins of one rank settles them in O(n) in total.
///
/// A rank can rise while its node has a settle pending (a `flatMapLatest` above it switched): ``raise(_:to:)``
/// records the new rank in O(1), and the settle is filed again at that rank when its old bucket's turn comes,
/// after the settles already waiting there. So a rise costs O(1) here whatever is pending.
///
/// Memory: one bucket per rank up to the highest rank scheduled (a rank is at most the length of the longest
/// path in the graph), each keeping its capacity between propagations, so a steady-state settle allocates
/// nothing. The buckets and the heap are plain lists (``PlainList``), read in place with no copy-on-write check;
/// this value is noncopyable, and frees them when it goes.
@usableFromInline
struct PendingSettles: ~Copyable {
  /// Settles of one rank, first in first out from `head`.
  @usableFromInline
  struct Bucket {
    @usableFromInline var settles = PlainList<PendingSettle>()
    @usableFromInline var head = 0

    @inlinable init() {}

    /// Adds `settle` at the end; returns whether the bucket was empty.
    @inlinable mutating func append(_ settle: PendingSettle) -> Bool {
      settles.append(settle)
      return settles.count == 1
    }

    /// Removes the first settle; `isEmpty` tells whether that emptied the bucket, which keeps its capacity.
    @inlinable mutating func removeFirst() -> (settle: PendingSettle, isEmpty: Bool) {
      let settle = settles[head]
      head &+= 1
      guard head == settles.count else { return (settle, false) }
      settles.removeAll()
      head = 0
      return (settle, true)
    }
  }

  /// The only settle pending, when just one is: most propagations touch one join, and it skips the buckets
  /// and the heap. A second settle files it in its bucket first, so the order is kept.
  @usableFromInline var only: PendingSettle? = nil
  /// `buckets[rank]` holds the settles of that rank. Lists of their own (``PlainList``): filing and taking a settle
  /// make no copy-on-write check; this value owns the memory and frees it when it goes.
  @usableFromInline var buckets = PlainList<Bucket>()
  /// The ranks whose bucket is not empty, as a binary min-heap.
  @usableFromInline var ranks = PlainList<Int>()
  /// How many settles are pending.
  @usableFromInline var count = 0
  /// Nodes whose rank rose while a settle was pending, with their new rank; cleared when nothing is pending.
  @usableFromInline var raised: [ObjectIdentifier: Int] = [:]

  @inlinable init() {}

  // Inlinable: Swift 6.3.1's optimizer crashes ("inlining a resilient function into a fragile function") on the
  // setter of `Graph.pending` when this deinit is not.
  @inlinable deinit {
    var index = 0
    while index < buckets.count {
      buckets[index].settles.deallocateForDeinit()
      index &+= 1
    }
    buckets.deallocateForDeinit()
    ranks.deallocateForDeinit()
  }

  @inlinable var isEmpty: Bool { count == 0 }

  /// Adds `settle` after every pending settle of its rank.
  ///
  /// - Complexity: Amortized O(1); O(log r) more when its rank had nothing pending (r ranks pending).
  @inlinable mutating func append(_ settle: PendingSettle) {
    if count == 0 {
      appendToEmpty(settle)
      return
    }
    if count == 1 { fileOnly() }
    file(settle)
    count &+= 1
  }

  /// Adds `settle` when nothing is pending: it becomes the only one.
  @inlinable @inline(__always) mutating func appendToEmpty(_ settle: PendingSettle) {
    only = settle
    count = 1
  }

  /// Files the only settle in its bucket, as a second one comes. Out of line (once per propagation at most), as
  /// the other rare steps of a filing: the loops that schedule settles inline the common ones.
  @usableFromInline @inline(never) mutating func fileOnly() {
    if let only = only.take() { file(only) }
  }

  /// Puts `settle` in its rank's bucket, after the settles of that rank already there.
  @inlinable mutating func file(_ settle: PendingSettle) {
    let rank = settle.rank
    if _slowPath(rank >= buckets.count) { addBuckets(through: rank) }
    if buckets[rank].append(settle) { pushRank(rank) }
  }

  /// Adds empty buckets up to `rank`'s (the first settle of a rank deeper than any before).
  @usableFromInline @inline(never) mutating func addBuckets(through rank: Int) {
    while rank >= buckets.count { buckets.append(Bucket()) }
  }

  /// Removes and returns the settle nearest the sources, first come first served among equal ranks; `nil` when
  /// nothing is pending. A settle whose node's rank rose is filed again at the new rank instead.
  ///
  /// - Complexity: Amortized O(1); O(log r) more when it empties its rank's bucket.
  @inlinable @inline(__always) mutating func takeFirst() -> PendingSettle? {
    if count == 1, only != nil, let settle = only.take() {
      count = 0
      if _slowPath(!raised.isEmpty) { raised.removeAll() }  // nothing else is pending, so no other can move
      return settle
    }
    return takeFirstFiled()
  }

  /// ``takeFirst()`` when the settles are in their buckets (more than one was pending).
  @inlinable mutating func takeFirstFiled() -> PendingSettle? {
    // `ranks[0]`, not `ranks.first`: unspecialized (in a debug build), `first` allocates a coroutine frame.
    while !ranks.isEmpty {
      let rank = ranks[0]
      var (settle, emptied) = buckets[rank].removeFirst()
      if emptied { popRank() }
      count &-= 1
      if _slowPath(!raised.isEmpty) {
        if let newRank = raised[settle.node], newRank > settle.rank {
          settle.rank = newRank
          // Filed in its bucket, never as the only settle: the loop looks in the buckets.
          file(settle)
          count &+= 1
          continue
        }
        if count == 0 { raised.removeAll() }
      }
      return settle
    }
    return nil
  }

  /// The rank of `node` rose to `rank`: a settle it has pending moves there when its turn comes.
  ///
  /// - Complexity: O(1) (amortized; nothing when nothing is pending).
  @usableFromInline mutating func raise(_ node: ObjectIdentifier, to rank: Int) {
    guard count != 0 else { return }
    if let known = raised[node], known >= rank { return }
    raised[node] = rank
  }

  /// Moves every settle of `other` here, after the ones of the same rank already here, leaving `other` empty.
  @usableFromInline mutating func absorb(_ other: inout PendingSettles) {
    for (node, rank) in other.raised {
      raised[node] = max(raised[node] ?? rank, rank)
    }
    other.raised = [:]
    if let only = other.only.take() {
      other.count = 0
      append(only)
    }
    let otherCount = other.count
    // Taken without re-filing, so each keeps its own rank; the raised ranks came along above.
    var index = 0
    while index < otherCount {
      let rank = other.ranks[0]
      let (settle, emptied) = other.buckets[rank].removeFirst()
      if emptied { other.popRank() }
      other.count -= 1
      append(settle)
      index += 1
    }
    // `other` keeps its (empty) buckets' memory until it goes.
  }

  @inlinable mutating func pushRank(_ rank: Int) {
    var child = ranks.count
    ranks.append(rank)
    while child > 0 {
      let parent = (child &- 1) / 2
      guard ranks[parent] > rank else { break }
      ranks[child] = ranks[parent]
      child = parent
    }
    ranks[child] = rank
  }

  @inlinable mutating func popRank() {
    let last = ranks.removeLast()
    guard !ranks.isEmpty else { return }
    var parent = 0
    let count = ranks.count
    while true {
      var child = 2 &* parent &+ 1
      guard child < count else { break }
      if child &+ 1 < count && ranks[child &+ 1] < ranks[child] { child &+= 1 }
      guard ranks[child] < last else { break }
      ranks[parent] = ranks[child]
      parent = child
    }
    ranks[parent] = last
  }
}

/// A join that asked to emit at the end of the depth-first pass of a propagation. A plain value: copying or moving
/// it retains nothing (see ``JoinSettle``).
@usableFromInline
struct PendingSettle {
  @usableFromInline var rank: Int
  /// The join's node.
  @usableFromInline let node: ObjectIdentifier
  /// The join's settle, not retained: it outlives every run scheduled for it.
  @usableFromInline let join: Unmanaged<PendingRun>

  @inlinable init(rank: Int, node: ObjectIdentifier, join: Unmanaged<PendingRun>) {
    self.rank = rank
    self.node = node
    self.join = join
  }

  /// A join's settle, pending.
  @inlinable init(rank: Int, node: ObjectIdentifier, join: Unmanaged<JoinSettle>) {
    self.init(rank: rank, node: node, join: Unmanaged<PendingRun>.fromOpaque(join.toOpaque()))
  }

  /// Runs the join's settle; the settle may be freed by the time this returns.
  @inlinable func settle() {
    join._withUnsafeGuaranteedRef { $0.run() }
  }
}
