// The flags of a node of the tracked graph (``ReactiveNode/flags``): one word, read and written in the node's
// domain, that every walk and run tests.

/// The bits of ``ReactiveNode/flags``.
@usableFromInline
enum ReactiveFlags {
  /// A computed: a consumer with a value that others can read.
  @inlinable static var isComputed: UInt32 { 1 << 0 }
  /// An effect: a consumer that others cannot read, always observed while it lives.
  @inlinable static var isEffect: UInt32 { 1 << 1 }
  /// Linked into the `dependents` of everything it read: an observed consumer, kept up to date by push.
  @inlinable static var isLinked: UInt32 { 1 << 2 }
  /// Something it read changed since it last ran: it must run before its value is used.
  @inlinable static var isDirty: UInt32 { 1 << 3 }
  /// Waiting in its graph: a computed's settle, an effect's run.
  @inlinable static var isScheduled: UInt32 { 1 << 4 }
  /// Its closure is running: reading it now is a cycle.
  @inlinable static var isRunning: UInt32 { 1 << 5 }
  /// A computed that has a value (it ran at least once).
  @inlinable static var hasValue: UInt32 { 1 << 6 }
  /// A computed whose signal has observers.
  @inlinable static var hasObservers: UInt32 { 1 << 7 }
  /// A computed whose value changed in this propagation and whose signal's observers are still to be told.
  @inlinable static var deliveryPending: UInt32 { 1 << 8 }
  /// An effect that was cancelled: it never runs again.
  @inlinable static var isDisposed: UInt32 { 1 << 9 }
  /// A computed that stopped being observed while scheduled, retained by itself until its settle has run.
  @inlinable static var isHeldForSettle: UInt32 { 1 << 10 }
  /// An effect that was given a name (see ``effect(named:trace:_:)``), which ``NodeNames`` keeps until it goes.
  @inlinable static var isLabelled: UInt32 { 1 << 11 }
  /// A computed or an effect that writes a line at each run saying why (debug builds; see ``RunReason``).
  @inlinable static var isTraced: UInt32 { 1 << 12 }
  /// A subject (a `CurrentValueSubject`, a store's state) whose value a computation has read: its reads are noted
  /// and its writes mark what read it (see ``ReactiveNode/becomeTrackedSource()``).
  @inlinable static var isTrackedSource: UInt32 { 1 << 13 }
  /// A node a rise is walking below (see `RankRise.swift`): a rise that comes back to it went round a cycle.
  @inlinable static var isRaisingRank: UInt32 { 1 << 14 }
  /// A node with rise links: connected operators below it that follow its rank, kept by its graph
  /// (``Graph/riseLinks``).
  @inlinable static var hasRiseLinks: UInt32 { 1 << 15 }
  /// A signal with observers retired (removed while they may run) that its graph keeps until its outermost
  /// delivery ends (see ``Signal/retire(_:)``).
  @inlinable static var hasRetired: UInt32 { 1 << 16 }
  /// A forwarding node's last observer left and the removal of its edge upstream waits in the graph's disconnect
  /// loop (see ``ForwardingSignal``).
  @inlinable static var isEdgeDisconnectPending: UInt32 { 1 << 17 }
  /// A ``ForwardingSignal``: its connect toggles its edges, and it keeps no other reference upstream.
  @inlinable static var connectsByEdge: UInt32 { 1 << 18 }
  /// A signal whose observers were removed during one of its deliveries: their tombstones wait for the outermost
  /// delivery to end, which compacts the slots and releases the observers it retired.
  @inlinable static var isCompactionDue: UInt32 { 1 << 19 }
  /// A ``ForwardingSignal`` whose connect and disconnect are ``ForwardingSignal/toggleEdge()`` alone: it keeps no
  /// per-connection state, and a disconnect removes its edge without a virtual call.
  @inlinable static var onlyTogglesEdge: UInt32 { 1 << 20 }
  /// A ``DerivedSignal`` with more than one upstream (a join).
  @inlinable static var isJoin: UInt32 { 1 << 21 }
  /// A derived node that forwards its one upstream's values, the last step of its observer (a `map`, `filter`, …;
  /// see ``ForwardingSignal``).
  @inlinable static var isForwardingNode: UInt32 { 1 << 22 }
  /// A signal that a node connects to as the last step of the node's connect (see ``ReactiveNode/isTailConnect``).
  @inlinable static var isTailConnect: UInt32 { 1 << 23 }
  /// A signal that computations can read (``_TrackedSignal``): it has a version, dependents and a read stamp.
  @inlinable static var hasSourceFields: UInt32 { 1 << 24 }
  /// A ``DerivedSignal`` whose rank can rise: it switches upstreams itself, or an upstream can rise.
  @inlinable static var canRise: UInt32 { 1 << 25 }
  /// Where a ``DerivedSignal`` keeps its ``OperatorKind``'s raw value, in the five bits from here.
  @inlinable static var operatorKindShift: UInt32 { 26 }
  /// The bits of ``operatorKindShift``.
  @inlinable static var operatorKindMask: UInt32 { 0b11111 << operatorKindShift }
  /// A signal computations read (a ``Computed``, a ``CurrentValueSubject``) whose reads outside Rill's computations
  /// report to Observation (see ``Computed/reportingToObservation()``). The lowest bit of an operator's kind:
  /// such a signal is never a ``DerivedSignal``, which alone keeps a kind there.
  @inlinable static var reportsToObservation: UInt32 { 1 << operatorKindShift }
  /// A consumer (a computed, an effect) whose first run read `@Observable` properties: each of its runs runs inside
  /// Observation's tracking, and reads the consumer's input (see `ObservationInputs.swift`). The second bit of an
  /// operator's kind: a consumer is never a ``DerivedSignal``.
  @inlinable static var readsObservation: UInt32 { 1 << (operatorKindShift + 1) }
  /// A consumer whose first run is still to come: Observation looks at it (see `ObservationInputs.swift`). Set at
  /// creation, so that a run tests one mask for both. The third bit of an operator's kind.
  @inlinable static var looksAtObservation: UInt32 { 1 << (operatorKindShift + 2) }
  /// Debug builds: a consumer whose first run read no `@Observable` property, whose later runs are looked at too, to
  /// warn once if one reads a property (which it does not depend on: see `ObservationInputs.swift`). Never set in a
  /// release build. The fourth bit of an operator's kind.
  @inlinable static var checksLateObservationReads: UInt32 { 1 << (operatorKindShift + 3) }
  /// An effect in its first run, made with no graph: the graph it takes during the run (from the first value it
  /// reads, or made for a write it makes first) runs a propagation until the run ends (see
  /// ``EffectNode/runFirst()``). (An operator's kind, in the bits below, is a signal's, never an effect's.)
  @inlinable static var isInFirstRun: UInt32 { 1 << 31 }
}
