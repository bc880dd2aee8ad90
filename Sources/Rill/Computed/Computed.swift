/// A value derived from other values, recomputed when what it read changes: derived *state*, as `computed` is in
/// Preact, Solid, Vue and the TC39 proposal.
///
/// The closure reads other values — a ``CurrentValueSubject``'s `value`, another `Computed`'s `value`, a store's
/// current state, an `@Observable` model's properties (see <doc:ObservationAndSwiftUI> for when a change of those is
/// heard) — and `Computed` records what it read. Reading ``value`` gives the closure's result for the
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
/// library avoids: each level costs the stack of one closure call, one ``value`` read and Observation's tracking
/// scope (a first run's), under 2.5 KB in a debug build (so an 8 MB stack holds a first read about 3,000 levels
/// deep; reading a long chain as it is built, level by level, takes no depth at all).
///
/// Not `Sendable`, like every signal: a computed and what it reads live in one isolation domain.
public class Computed<Value>: _ComputedStorage<Value, Value?> {
  /// A computed whose every evaluation counts as a change (for a value that is not `Equatable`).
  ///
  /// The compiler picks this initializer wherever `Value` is not known to be `Equatable` where the call is written,
  /// also in generic code later called with an `Equatable` type: `Computed(compute)` in
  /// `func derived<T>(_ compute: @escaping () -> T) -> Computed<T>` has no cut-off, whatever `T` is. To get the
  /// cut-off there, constrain `T: Equatable` and spell it out, `Computed(equals: ==) { … }`, or take an `equals:`
  /// closure from the caller.
  @inlinable public convenience init(_ compute: @escaping () -> Value) {
    self.init(
      compute: compute, steps: Computed.deliverySteps(), evaluation: Computed.evaluation { _, _ in false })
  }

  /// A computed whose evaluation changes nothing when `equals` says the new value equals the last.
  ///
  /// `Computed(equals: ==) { … }` is also the spelling of the cut-off in generic code, where `Computed { … }` picks
  /// the always-changing initializer unless `Value` is known to be `Equatable` there.
  @inlinable public convenience init(equals: @escaping (Value, Value) -> Bool, _ compute: @escaping () -> Value) {
    self.init(compute: compute, steps: Computed.deliverySteps(), evaluation: Computed.evaluation(equals))
  }

  /// A computed of `compute`, with the `steps` and `evaluation` its initializer built for its value type.
  @usableFromInline init(
    compute: @escaping () -> Value, steps: @escaping (Computed<Value>, ComputedStep) -> Void,
    evaluation: @escaping (Computed<Value>) -> Bool
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

  /// The value for the current state of what the closure reads: evaluated now if something it read changed
  /// since its last evaluation (or it never ran), cached otherwise. Read inside another computation, it is a
  /// dependency of that computation.
  @inlinable public final var value: Value {
    read()
  }

  /// The value, brought up to date, the read noted (see ``value``). Not inlined into the reader: the computed is
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
    Computed.settleChain(from: next)
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
  @inlinable static func evaluation(_ isEqual: @escaping (Value, Value) -> Bool) -> (Computed<Value>) -> Bool {
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
  @inlinable static func deliverySteps() -> (Computed<Value>, ComputedStep) -> Void {
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

/// Calls `closure` where it is stored (see ``Computed/callCompute()``).
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

extension Computed where Value: Equatable {
  /// A computed whose evaluation changes nothing when the new value is equal (`==`) to the last.
  ///
  /// Picked only where `Value` is known to be `Equatable` at the call: inside a function generic over an
  /// unconstrained `T`, `Computed(compute)` is the always-changing initializer instead (write
  /// `Computed(equals: ==) { … }` there).
  @inlinable public convenience init(_ compute: @escaping () -> Value) {
    self.init(
      compute: compute, steps: Computed.deliverySteps(), evaluation: Computed.evaluationCutOffByEquality())
  }

  /// The evaluation of a computed cut off by `==`.
  @inlinable static func evaluationCutOffByEquality() -> (Computed<Value>) -> Bool {
    { node in
      node.store(node.track { node.callCompute() }, isEqual: ==)
    }
  }
}

/// What ``Computed/steps`` is asked to do.
@usableFromInline
enum ComputedStep {
  // The most frequent first: the switch tests it with one instruction.
  /// Tell the signal's observers the value.
  case deliver
  /// Remember how many observers the signal has now: its settle tells those (see ``Computed/deliveryEnd``).
  case notePendingDelivery
  /// Hand the closure, which the computed's `deinit` lets go of, to a loop that frees what it holds.
  case handOverClosure
}
