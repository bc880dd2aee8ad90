/// A value derived from other values, recomputed when what it read changes: derived *state*, as `computed` is in
/// Preact, Solid, Vue and the TC39 proposal.
///
/// The closure reads other values — a ``CurrentValueSubject``'s `value`, another `Computed`'s `value`, a store's
/// current state — and `Computed` records what it read. Reading ``value`` gives the closure's result for the
/// current state of what it read, evaluating the closure only when something it read changed since:
///
/// ```swift
/// let credit = CurrentValueSubject(0)
/// let color = Computed { credit.value < 30 ? "gray" : credit.value < 70 ? "purple" : "red" }
/// let grade = Computed { credit.value == 0 ? "not set" : credit.value < 70 ? "fail" : "pass" }
/// let label = Computed { "\(grade.value) (\(color.value))" }
/// print(label.value)   // "not set (gray)"
/// credit.value = 75
/// print(label.value)   // "pass (red)"
/// ```
///
/// A `Computed` is a ``Signal``: ``Signal/subscribe(_:)`` replays its value and then delivers each change, and every
/// operator, `combine`, `values` and `observable()` work on it.
///
/// The rules (the contract's rules 10–14):
/// - **Lazy.** Unobserved, it evaluates only when read, at most once per change of what it read, and holds no edge
///   from what it read: a long-lived source never keeps it alive.
/// - **Pushed once, glitch-free, when observed.** With observers (a subscriber, an effect, an observed computed
///   that reads it), it is re-evaluated at most once per propagation, after everything it read has settled, in
///   rank order with the operators' joins; nobody sees it half-updated.
/// - **Cut off by equality.** A re-evaluation whose result is equal to the last (`==` for an `Equatable` value, or
///   `equals:`) changes nothing downstream. A value that is neither counts as changed each time it is evaluated.
///   Which it is, the compiler settles where `Computed(…)` is written: in generic code that does not know its `T`
///   is `Equatable`, `Computed { … }` counts every evaluation as a change even for an `Equatable` `T` — write
///   `Computed(equals: ==) { … }` there (the initializers say more).
/// - **Dynamic.** It depends on exactly what its last evaluation read; re-reading the same values in the same
///   order allocates nothing.
/// - **No writes, no cycles.** Writing from inside the closure to what computations read (a `CurrentValueSubject`
///   a computation has read, a store), or a computed reading itself (directly or through others), stops the program
///   with a message that says so.
///
/// The library's own walks (observing, propagating, checking, unobserving, freeing) use no recursion, whatever
/// the depth. The first evaluation of a chain never read before is the closures calling each other, which no
/// library avoids: each level costs the stack of one closure call and one ``value`` read, under 2 KB in a debug
/// build (so an 8 MB stack holds a first read about 3,500 levels deep; reading a long chain as it is built, level
/// by level, takes no depth at all).
///
/// Not `Sendable`, like every signal: a computed and what it reads live in one isolation domain.
public final class Computed<Value>: Signal<Value> {
  /// The node that keeps the value and the edges, retained by hand: `deinit` hands that reference to a loop (see
  /// there). Read in place, without a retain, on the paths that count (an `unowned(unsafe)` reference would be
  /// retained and released at each read).
  @usableFromInline let unmanagedNode: Unmanaged<ComputedNode<Value>>

  /// The node, for the paths where a retain does not matter.
  @inlinable var node: ComputedNode<Value> { unmanagedNode.takeUnretainedValue() }

  /// A computed whose every evaluation counts as a change (for a value that is not `Equatable`).
  ///
  /// The compiler picks this initializer wherever `Value` is not known to be `Equatable` where the call is written,
  /// also in generic code later called with an `Equatable` type: `Computed(compute)` in
  /// `func derived<T>(_ compute: @escaping () -> T) -> Computed<T>` has no cut-off, whatever `T` is. To get the
  /// cut-off there, constrain `T: Equatable` and spell it out, `Computed(equals: ==) { … }`, or take an `equals:`
  /// closure from the caller.
  @inlinable public convenience init(_ compute: @escaping () -> Value) {
    self.init(
      node: ComputedNode(
        compute: compute, steps: ComputedNode.stepsAlwaysChanging(),
        evaluation: ComputedNode<Value>.evaluation { _, _ in false }))
  }

  /// A computed whose evaluation changes nothing when `equals` says the new value equals the last.
  ///
  /// `Computed(equals: ==) { … }` is also the spelling of the cut-off in generic code, where `Computed { … }` picks
  /// the always-changing initializer unless `Value` is known to be `Equatable` there.
  @inlinable public convenience init(equals: @escaping (Value, Value) -> Bool, _ compute: @escaping () -> Value) {
    self.init(
      node: ComputedNode(
        compute: compute, steps: ComputedNode.steps(cutOffBy: equals),
        evaluation: ComputedNode<Value>.evaluation(equals)))
  }

  /// A computed signal of `node`.
  @usableFromInline init(node: ComputedNode<Value>) {
    unmanagedNode = .passRetained(node)
    super.init(graph: node.graph, rank: 1)
    node.signal = .passUnretained(self)
  }

  deinit {
    // The node lives on while an observed consumer reads it; only its deliveries end.
    node.signal = nil
    node.flags &= ~(ReactiveFlags.hasObservers | ReactiveFlags.deliveryPending)
    // The node goes in a loop, not from inside this deinit: its closure may hold the computed below, whose node's
    // closure holds the one below that, and so on (a chain built level by level), so freeing the top of a chain
    // from here would recurse once per level.
    StackGuard.releaseUpstream(unmanagedNode.takeRetainedValue())
  }

  /// The value for the current state of what the closure reads: evaluated now if something it read changed
  /// since its last evaluation (or it never ran), cached otherwise. Read inside another computation, it is a
  /// dependency of that computation.
  @inlinable public var value: Value {
    unmanagedNode._withUnsafeGuaranteedRef { $0.read() }
  }

  @usableFromInline override var isReplaying: Bool { true }

  /// The signal's graph is its node's: given to whichever of the two first needs one (see ``Graph/unassigned``).
  @usableFromInline override func graphForFirstUse() -> Graph {
    node.rootGraph
  }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    node.refresh()
    if isFirst {
      node.flags |= ReactiveFlags.hasObservers
      node.observe()
    }
    // The new observer (the last slot) hears the current value now: a settle to come does not tell it again.
    if node.has(ReactiveFlags.deliveryPending) { node.deliveryEnd = min(node.deliveryEnd, slots.count - 1) }
    observer(node.storedValue.unsafelyUnwrapped)
  }

  @usableFromInline override func lastObserverRemoved() {
    node.flags &= ~ReactiveFlags.hasObservers
    node.flags &= ~ReactiveFlags.deliveryPending
    if !node.isObserved { node.unobserve() }
  }

  @usableFromInline override var risingNode: (any RisingNode)? { self }

  override var liveKind: NodeKind { .computed }

  override func runReason() -> RunReason? {
    node.runReason()
  }

  override func startedTracing() {
    node.flags |= ReactiveFlags.isTraced
  }

  override func appendLiveUpstreams(to nodes: inout [AnyObject]) {
    node.appendLiveDependencies(to: &nodes)
  }

  override func appendLiveDownstreams(to nodes: inout [AnyObject]) -> Int {
    let subscribers = appendObservingNodes(to: &nodes)
    node.appendLiveDependents(to: &nodes)
    return subscribers
  }

  /// The operators below this computed whose rank must follow its own, with how many links each has to it.
  @usableFromInline @exclusivity(unchecked) var operatorDependents: [ObjectIdentifier: Dependent] = [:]
}

extension Computed: RisingNode {
  @usableFromInline func raiseRank(above floor: Int) {
    node.raiseRank(to: floor + 1)
  }

  @usableFromInline func addDependent(_ node: any RisingNode) {
    operatorDependents[ObjectIdentifier(node), default: Dependent(node: node)].links += 1
  }

  @usableFromInline func removeDependent(_ node: any RisingNode) {
    let key = ObjectIdentifier(node)
    guard let links = operatorDependents[key]?.links else { return }
    if links == 1 {
      operatorDependents[key] = nil
    } else {
      operatorDependents[key]?.links = links - 1
    }
  }

  /// The node's rank rose: the signal's follows, and so do the operators below it.
  func followRank(_ rank: Int) {
    guard self.rank < rank else { return }
    self.rank = rank
    for dependent in operatorDependents.values { dependent.node.raiseRank(above: rank) }
  }
}

extension Computed where Value: Equatable {
  /// A computed whose evaluation changes nothing when the new value is equal (`==`) to the last.
  ///
  /// Picked only where `Value` is known to be `Equatable` at the call: inside a function generic over an
  /// unconstrained `T`, `Computed(compute)` is the always-changing initializer instead (write
  /// `Computed(equals: ==) { … }` there).
  @inlinable public convenience init(_ compute: @escaping () -> Value) {
    self.init(
      node: ComputedNode(
        compute: compute, steps: ComputedNode.stepsCutOffByEquality(),
        evaluation: ComputedNode<Value>.evaluationCutOffByEquality()))
  }
}

/// What ``ComputedNode/steps`` is asked to do.
@usableFromInline
enum ComputedStep {
  /// Run the closure as the node's run and store its value: returns whether it changed.
  case evaluate
  /// Remember how many observers the signal has now: its settle tells those (see ``ComputedNode/deliveryEnd``).
  case notePendingDelivery
  /// Tell the signal's observers the value.
  case deliver
}

/// The node of a ``Computed``: its closure, its value and its edges. It outlives its signal while an observed
/// consumer still reads it.
@usableFromInline
final class ComputedNode<Value>: ReactiveNode {
  @usableFromInline let compute: () -> Value
  /// The steps of this computed that touch its value (see ``ComputedStep``). Built by the inlinable initializers of
  /// ``Computed``, so they run specialized for the caller's value type: this class's own methods run unspecialized,
  /// and would look the generic types they touch up in the runtime at each use.
  @usableFromInline let steps: (ComputedNode<Value>, ComputedStep) -> Bool
  /// The last value, once the node has one (``ReactiveFlags/hasValue``): kept in the node, read and written by the
  /// specialized code (the `steps`, the evaluation, ``read()``) that knows its type.
  @usableFromInline @exclusivity(unchecked) final var storedValue: Value?
  /// The signal, while it lives: it delivers the changes to its observers.
  @usableFromInline @exclusivity(unchecked) var signal: Unmanaged<Computed<Value>>?

  @usableFromInline init(
    compute: @escaping () -> Value, steps: @escaping (ComputedNode<Value>, ComputedStep) -> Bool,
    evaluation: @escaping (ReactiveNode) -> Bool
  ) {
    self.compute = compute
    self.steps = steps
    super.init(flags: ReactiveFlags.isComputed, rank: 1, graph: .unassigned, evaluation: evaluation)
  }

  /// The evaluation of a computed cut off by `isEqual` (see ``ReactiveNode/evaluation``), built where the value type
  /// is known.
  @inlinable static func evaluation(_ isEqual: @escaping (Value, Value) -> Bool) -> (ReactiveNode) -> Bool {
    { node in
      let node = unsafeDowncast(node, to: ComputedNode<Value>.self)
      return node.store(node.track(node.compute), isEqual: isEqual)
    }
  }

  /// The value, brought up to date, the read noted (see ``Computed/value``). Not inlined into the reader: the node is
  /// guaranteed alive for the call, which reads it without a retain (inlined, the optimizer retains it around the
  /// slow path's call).
  @inlinable @inline(never) final func read() -> Value {
    if _slowPath(!readIfFresh()) { refreshAndNoteRead() }
    return storedValue.unsafelyUnwrapped
  }

  /// Stores `new` as the value; returns whether it changed, by `isEqual` (never, for a first value).
  @inlinable @inline(__always) final func store(_ new: consuming Value, isEqual: (Value, Value) -> Bool) -> Bool {
    if has(ReactiveFlags.hasValue) {
      if isEqual(storedValue.unsafelyUnwrapped, new) { return false }
    } else {
      flags |= ReactiveFlags.hasValue
    }
    storedValue = new
    return true
  }

  /// The steps of a computed whose every result is a change.
  @inlinable static func stepsAlwaysChanging() -> (ComputedNode<Value>, ComputedStep) -> Bool {
    { node, step in
      guard case .evaluate = step else { return node.performDelivery(step) }
      return node.store(node.track(node.compute)) { _, _ in false }
    }
  }

  /// The steps of a computed cut off by `equals`.
  @inlinable static func steps(cutOffBy equals: @escaping (Value, Value) -> Bool) -> (
    ComputedNode<Value>, ComputedStep
  ) -> Bool {
    { node, step in
      guard case .evaluate = step else { return node.performDelivery(step) }
      return node.store(node.track(node.compute), isEqual: equals)
    }
  }

  /// Runs a delivery step (see ``ComputedStep``), specialized where the steps are built (see ``steps``), and kept
  /// out of the evaluation's way.
  @inlinable @inline(never) final func performDelivery(_ step: ComputedStep) -> Bool {
    switch step {
    case .evaluate:
      preconditionFailure("an evaluation is not a delivery step")
    case .notePendingDelivery:
      deliveryEnd = signal?._withUnsafeGuaranteedRef { $0.slots.count } ?? 0
    case .deliver:
      // Held for the delivery: an observer may let go of the last reference to it while it delivers.
      guard let signal = signal?.takeUnretainedValue() else { return false }
      signal.deliverFromSettle(storedValue.unsafelyUnwrapped, end: deliveryEnd)
    }
    return false
  }

  override var kindDescription: String { "a Computed<\(Value.self)>" }

  override var liveObject: AnyObject { signal?.takeUnretainedValue() ?? self }

  override var liveKind: NodeKind { .computed }

  override var liveValueType: Any.Type? { Value.self }

  override func appendLiveDependencies(to nodes: inout [AnyObject]) {
    super.appendLiveDependencies(to: &nodes)
    if let follower, follower.subscription != nil { nodes.append(follower.signal) }
  }

  /// This computed's settle (``ReactiveNode/settleScheduled()``), calling its evaluation directly. The common one
  /// (linked, marked, not held, nothing pending to tell) reads and writes the flags once.
  override func run() {
    let flags = self.flags
    let mask =
      ReactiveFlags.isHeldForSettle | ReactiveFlags.isLinked | ReactiveFlags.isDirty
      | ReactiveFlags.deliveryPending
    guard _fastPath(flags & mask == ReactiveFlags.isLinked | ReactiveFlags.isDirty) else {
      // Held, no longer observed, not marked (a read brought it up to date before its turn), or a value to tell.
      settleScheduled()
      return
    }
    self.flags = flags & ~(ReactiveFlags.isScheduled | ReactiveFlags.isDirty)
    if evaluation(self) { settledToNewValue() }
  }

  /// The settle's evaluation gave a new value: its version moves, the observed consumers that read it are marked,
  /// and its signal's observers hear it now, every one subscribed now (one that joins while they are told hears it
  /// as its replay).
  @inline(__always) final func settledToNewValue() {
    version &+= 1
    guard has(ReactiveFlags.isLinked) else { return }  // its closure stopped what observed it
    if !dependents.isEmpty { markSoleOrEveryDependent() }
    if has(ReactiveFlags.hasObservers) {
      deliveryEnd = .max
      _ = steps(self, .deliver)
    }
  }

  /// How many slots the signal had when the value to deliver was last decided: its settle tells only those (the
  /// observers that joined since heard that value as their replay).
  @usableFromInline @exclusivity(unchecked) var deliveryEnd = 0

  override func noteDeliveryPending() {
    _ = steps(self, .notePendingDelivery)
  }

  override func deliverChange() {
    _ = steps(self, .deliver)
  }

  override func signalRankRose(to rank: Int) {
    signal?._withUnsafeGuaranteedRef { $0.followRank(rank) }
  }

  /// The signal this computed follows, for ``Signal/tracked(initial:)``: connected while the computed is observed.
  @usableFromInline @exclusivity(unchecked) var follower: SignalFollower<Value>?

  override func didLink() {
    // The node's and the signal's graph follow to the merged root, so the graph they were made with can go.
    _ = rootGraph
    signal?._withUnsafeGuaranteedRef { _ = $0.currentGraph }
    follower?.connect(self)
  }

  override func didUnlink() {
    follower?.disconnect()
  }
}

extension Computed {
  /// Delivers `value` to the observers of the first `end` slots (those subscribed when it was decided; a later one
  /// heard it as its replay), from this computed's settle (a propagation of its graph is running).
  @inlinable func deliverFromSettle(_ value: Value, end: Int) {
    deliverToObservers(value, tailSteps: -1, end: end)
  }
}

extension ComputedNode where Value: Equatable {
  /// The evaluation of a computed cut off by `==`.
  @inlinable static func evaluationCutOffByEquality() -> (ReactiveNode) -> Bool {
    { node in
      let node = unsafeDowncast(node, to: ComputedNode<Value>.self)
      return node.store(node.track(node.compute), isEqual: ==)
    }
  }

  /// The steps of a computed cut off by `==`.
  @inlinable static func stepsCutOffByEquality() -> (ComputedNode<Value>, ComputedStep) -> Bool {
    { node, step in
      guard case .evaluate = step else { return node.performDelivery(step) }
      return node.store(node.track(node.compute), isEqual: ==)
    }
  }
}
