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
public class Computed<Value>: _ComputedNode<Value> {
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

  /// The value for the current state of what the closure reads: evaluated now if something it read changed
  /// since its last evaluation (or it never ran), cached otherwise. Read inside another computation, it is a
  /// dependency of that computation.
  @inlinable public final var value: Value {
    read()
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
}
