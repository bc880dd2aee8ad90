// The node of a computed value: what `Computed` and `AsyncComputed` share — its evaluation, its settle, its
// delivery, its reads — below the public `value` each of them spells its own way.

/// The node of a computed value (see ``Computed``): everything but the public `value`, so that ``AsyncComputed``,
/// whose `value` is its last result, is the same node.
///
/// Not part of Rill's API: public only because ``Computed`` inherits from it, and a public class's superclass must
/// be public. It has no public members, and nothing outside Rill can make or subclass one.
public class _ComputedNode<Value>: _ComputedStorage<Value, Value?> {
  /// A computed node of `compute`, with the `steps` and `evaluation` its initializer built for its value type.
  @usableFromInline init(
    compute: @escaping () -> Value, steps: @escaping (_ComputedNode<Value>, ComputedStep) -> Void,
    evaluation: @escaping (_ComputedNode<Value>) -> Bool
  ) {
    super.init(compute: compute, steps: steps, evaluation: evaluation, storedValue: nil)
  }

  @usableFromInline override func evaluate() -> Bool {
    evaluation(self)
  }

  deinit {
    // The closure goes in a loop, not from inside this deinit: it may hold the computed below, whose closure holds
    // the one below that, and so on (a chain built level by level), so freeing the top of a chain from here would
    // recurse once per level. What it read goes the same way (see `ReactiveNode`'s deinit). Through `steps`, which
    // runs specialized: here, unspecialized, the closure's box would look its generic class up in the runtime.
    steps(self, .handOverClosure)
  }

  /// Calls the closure as it is stored, through an exclusive access to it: the call borrows it in place, where
  /// reading the variable would copy it (a retain and a release per evaluation). Nothing writes the variable but
  /// `deinit`.
  @inlinable @inline(__always) final func callCompute() -> Value {
    callInPlace(&compute)
  }

  /// The value, brought up to date, the read noted (see ``Computed/value``). Not inlined into the reader: the computed is
  /// guaranteed alive for the call, which reads it without a retain (inlined, the optimizer retains it around the
  /// slow path's call).
  @inlinable @inline(never) final func read() -> Value {
    if _slowPath(!readIfFresh()) { refreshAndNoteRead() }
    return storedValue.unsafelyUnwrapped
  }

  @usableFromInline override var isReplaying: Bool { true }

  @usableFromInline override func observerAdded(_ observer: (Value) -> Void, isFirst: Bool) {
    refresh()
    if isFirst {
      flags |= ReactiveFlags.hasObservers
      observe()
    }
    // The new observer (the last slot) hears the current value now: a settle to come does not tell it again.
    if has(ReactiveFlags.deliveryPending) { deliveryEnd = min(deliveryEnd, slots.count - 1) }
    observer(storedValue.unsafelyUnwrapped)
  }

  @usableFromInline override func lastObserverRemoved() {
    flags &= ~(ReactiveFlags.hasObservers | ReactiveFlags.deliveryPending)
    if !isObserved { unobserve() }
  }

  @usableFromInline override var risingNode: ReactiveNode? { self }

  override var kindDescription: String { "a Computed<\(Value.self)>" }

  override var liveKind: NodeKind { .computed }

  override func runReason() -> RunReason? {
    trackedRunReason()
  }

  override func appendLiveUpstreams(to nodes: inout [AnyObject]) {
    appendLiveDependencies(to: &nodes)
  }

  /// This computed's settle (``ReactiveNode/settleScheduled()``), calling its evaluation directly, then the settles
  /// of the chain below it that no queue needs to order (see ``settleInChain()``), in a loop.
  override func run() {
    guard let next = settle() else { return }
    _ComputedNode.settleChain(from: next)
  }

  /// Settles `first` and the computeds its settle chains to (see ``run()``), in a loop.
  static func settleChain(from first: Unmanaged<ReactiveNode>) {
    var next: Unmanaged<ReactiveNode>? = first
    while let node = next {
      next = node._withUnsafeGuaranteedRef { node in
        // Its turn, as the drain would give it: it is the only settle of its graph left.
        node.withRootGraph { $0.settlingRank = node.rank }
        return node.settleInChain()
      }
    }
  }

  /// Settles this computed; returns the computed to settle next when that is the sole consumer of a chain, which
  /// the drain would take next anyway (see ``ReactiveNode/markSoleOrEveryDependent(orChain:)``), marked and not
  /// queued. The common settle (linked, marked, not held, nothing pending to tell) reads and writes the flags once.
  override func settleInChain() -> Unmanaged<ReactiveNode>? {
    settle()
  }

  /// ``settleInChain()``, inlined into ``run()`` for the settle the drain runs.
  @inline(__always) final func settle() -> Unmanaged<ReactiveNode>? {
    let flags = self.flags
    let mask =
      ReactiveFlags.isHeldForSettle | ReactiveFlags.isLinked | ReactiveFlags.isDirty
      | ReactiveFlags.deliveryPending
    guard _fastPath(flags & mask == ReactiveFlags.isLinked | ReactiveFlags.isDirty) else {
      // Held, no longer observed, not marked (a read brought it up to date before its turn), or a value to tell.
      settleScheduled()
      return nil
    }
    self.flags = flags & ~(ReactiveFlags.isScheduled | ReactiveFlags.isDirty)
    guard evaluation(self) else { return nil }
    return settledToNewValue()
  }

  /// The settle's evaluation gave a new value: its version moves, the observed consumers that read it are marked,
  /// and its signal's observers hear it now, every one subscribed now (one that joins while they are told hears it
  /// as its replay). Returns the sole consumer to settle next, when there is one to chain to.
  @inline(__always) final func settledToNewValue() -> Unmanaged<ReactiveNode>? {
    version &+= 1
    guard has(ReactiveFlags.isLinked) else { return nil }  // its closure stopped what observed it
    guard has(ReactiveFlags.hasObservers) else {
      return dependents.isEmpty ? nil : markSoleOrEveryDependent(orChain: true)
    }
    // A computed with observers of its own tells them now, which may schedule settles nearer the sources: its
    // consumer waits in the queue then.
    if !dependents.isEmpty { markSoleOrEveryDependent() }
    deliveryEnd = .max
    steps(self, .deliver)
    return nil
  }

  override func noteDeliveryPending() {
    steps(self, .notePendingDelivery)
  }

  override func deliverChange() {
    steps(self, .deliver)
  }

  override func didLink() {
    // The graph follows to the merged root, so the graph it was made with can go.
    _ = rootGraph
  }

  /// The evaluation of a computed cut off by `isEqual` (see ``ReactiveNode/evaluation``), built where the value type
  /// is known.
  @inlinable static func evaluation(_ isEqual: @escaping (Value, Value) -> Bool) -> (_ComputedNode<Value>) -> Bool {
    { node in
      node.store(node.track { node.callCompute() }, isEqual: isEqual)
    }
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

  /// The steps of a computed: its delivery, whatever its cut-off (the evaluation is ``evaluation``). Captures
  /// nothing: no allocation.
  @inlinable static func deliverySteps() -> (_ComputedNode<Value>, ComputedStep) -> Void {
    { node, step in node.performDelivery(step) }
  }

  /// Runs a delivery step (see ``ComputedStep``), specialized where the steps are built (see ``steps``), and kept
  /// out of the evaluation's way.
  @inlinable @inline(never) final func performDelivery(_ step: ComputedStep) {
    switch step {
    case .notePendingDelivery:
      deliveryEnd = slots.count
    case .deliver:
      // Held for the delivery: an observer may let go of the last reference to this computed while it delivers.
      let held = Unmanaged.passUnretained(self).retain()
      deliverFromSettle(storedValue.unsafelyUnwrapped, end: deliveryEnd)
      held.release()
    case .handOverClosure:
      handOverClosure()
    }
  }

  /// Lets go of the closure, for `deinit`, in the release loop (see there): freed from no loop (a computed freed on
  /// its own), as the loop's first step, with no object to hand it over in. Out of line: in the delivery's switch it
  /// cost each delivery 4 instructions (callgrind's fanout_computed_10).
  @inlinable @inline(never) final func handOverClosure() {
    if !StackGuard.releaseUnlessReleasing({ dropCompute() }) {
      let closure = ReleasedClosure(compute)
      dropCompute()
      StackGuard.releaseUpstream(closure)
    }
  }

  /// Lets go of the closure (for `deinit`), leaving one that stops the program if called.
  @inlinable @inline(__always) final func dropCompute() {
    compute = { preconditionFailure("Rill: a freed Computed was evaluated") }
  }

  /// Delivers `value` to the observers of the first `end` slots (those subscribed when it was decided; a later one
  /// heard it as its replay), from this computed's settle (a propagation of its graph is running).
  @inlinable final func deliverFromSettle(_ value: Value, end: Int) {
    deliverToObservers(value, tailSteps: -1, end: end)
  }
}

/// Calls `closure` where it is stored (see ``_ComputedNode/callCompute()``).
@inlinable @inline(__always) func callInPlace<Value>(_ closure: inout () -> Value) -> Value {
  closure()
}

/// A computed's closure on its way out, handed to ``StackGuard/releaseUpstream(_:)`` so that what it holds is freed
/// in a loop (see `Computed`'s `deinit`).
@usableFromInline
final class ReleasedClosure<Value> {
  @usableFromInline let closure: () -> Value

  @inlinable init(_ closure: @escaping () -> Value) {
    self.closure = closure
  }
}

/// What ``_ComputedNode/steps`` is asked to do.
@usableFromInline
enum ComputedStep {
  // The most frequent first: the switch tests it with one instruction.
  /// Tell the signal's observers the value.
  case deliver
  /// Remember how many observers the signal has now: its settle tells those (see ``_ComputedNode/deliveryEnd``).
  case notePendingDelivery
  /// Hand the closure, which the computed's `deinit` lets go of, to a loop that frees what it holds.
  case handOverClosure
}

extension _ComputedNode where Value: Equatable {
  /// The evaluation of a computed cut off by `==`.
  @inlinable static func evaluationCutOffByEquality() -> (_ComputedNode<Value>) -> Bool {
    { node in
      node.store(node.track { node.callCompute() }, isEqual: ==)
    }
  }
}
