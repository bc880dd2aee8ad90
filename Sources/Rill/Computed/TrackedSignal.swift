// The fields of a node that computations read — its version, the observed consumers that read it, the stamp of the
// run that last read it — kept only by the signals that can be read: a `CurrentValueSubject`, a store's state, a
// `Computed`. An operator's node, a `Subject`, an effect are never read by a computation, and carry none of them
// (24 bytes a node).
//
// The tracked graph's code runs on nodes whose value types it does not know, and reads these fields through
// ``ReactiveNode``'s accessors below, which view the node as a `_TrackedSignal<Never>`. No field of the class or of
// its bases has a size that depends on `Value`, so each field is at the same offset in every instantiation (as
// ``Signal/call(_:edgeTag:secondPorts:_:)`` reads a forwarding node's step); debug builds check that the node
// has the fields (``ReactiveFlags/hasSourceFields``).

/// A signal that computations can read: the base of ``CurrentValueSubject``, a store's state and ``Computed``, which
/// keeps what the tracked graph needs of something read (see the file's comment).
///
/// Not part of Rill's API: public only because ``CurrentValueSubject`` and ``Computed`` inherit from it, and a public
/// class's superclass must be public. It has no public members, and nothing outside Rill can make or subclass one.
public class _TrackedSignal<Value>: Signal<Value> {
  /// ``ReactiveNode/version``'s storage.
  @usableFromInline @exclusivity(unchecked) final var versionStorage: UInt = 0
  /// ``ReactiveNode/dependents``' storage.
  @usableFromInline @exclusivity(unchecked) final var dependentsStorage = DependentList()
  /// ``ReactiveNode/readStamp``'s storage.
  @usableFromInline @exclusivity(unchecked) final var readStampStorage: UInt = 0

  /// A signal that computations can read, in `graph` at `rank`, with `flags` (a computed's, when it is one).
  @usableFromInline override init(graph: Graph, rank: Int, flags: UInt32 = 0) {
    super.init(graph: graph, rank: rank, flags: flags | ReactiveFlags.hasSourceFields)
  }

  deinit {
    dependentsStorage.deallocate()
    if has(ReactiveFlags.reportsToObservation) { forgetForObservation() }
  }
}

/// Any node with the fields of a signal that computations read, viewed without its value type (see the file's
/// comment).
@usableFromInline typealias TrackedSourceFields = _TrackedSignal<Never>

extension ReactiveNode {
  /// Bumped each time the node's value changes: a source's write, a computed's re-evaluation to a new value.
  /// Only ever rises (a version rolled back could make a consumer think it is up to date). A signal that
  /// computations read has one (``ReactiveFlags/hasSourceFields``); no other node may ask.
  @inlinable @inline(__always) final var version: UInt {
    get { withSourceFields { $0.versionStorage } }
    set { withSourceFields { $0.versionStorage = newValue } }
  }

  /// The observed consumers that read this node, each with the index of its twin edge in their `dependencies`. A
  /// node without ``ReactiveFlags/hasSourceFields`` has none (see ``hasDependents``), and may not ask.
  @inlinable @inline(__always) final var dependents: DependentList {
    get { withSourceFields { $0.dependentsStorage } }
    // Not a `_modify` yielding the field in place: that held a reference to the node across the access (a retain
    // and a release per access). The list is one pointer, changed as a copy and stored back.
    set { withSourceFields { $0.dependentsStorage = newValue } }
  }

  /// The run that last read this node, so that a run reading it again keeps one edge, with one compare. (A nested
  /// run that reads it in between takes the stamp: the outer run's next read of it may add a second edge to it,
  /// harmless: kept, not added again, by the runs that read it the same way; dropped by one that reads it once.)
  /// A signal that computations read has one; no other node may ask.
  @inlinable @inline(__always) final var readStamp: UInt {
    get { withSourceFields { $0.readStampStorage } }
    set { withSourceFields { $0.readStampStorage = newValue } }
  }

  /// Whether observed consumers read this node: `false` for a node that computations cannot read.
  @inlinable @inline(__always) final var hasDependents: Bool {
    has(ReactiveFlags.hasSourceFields) && !dependents.isEmpty
  }

  /// Runs `body` with this node viewed as the signal whose fields computations read (checked in debug builds),
  /// without retaining it: whoever asks holds the node.
  @inlinable @inline(__always) final func withSourceFields<Result>(
    _ body: (TrackedSourceFields) -> Result
  ) -> Result {
    assert(has(ReactiveFlags.hasSourceFields), "Rill: a node that computations cannot read was read as one")
    // Not `unsafeDowncast`, whose debug check would find a `_TrackedSignal<Int>` no `_TrackedSignal<Never>`.
    return Unmanaged<TrackedSourceFields>.fromOpaque(Unmanaged.passUnretained(self).toOpaque())
      ._withUnsafeGuaranteedRef(body)
  }
}
