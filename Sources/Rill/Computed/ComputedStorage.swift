// The fields of a `Computed`, in a base class whose generic arguments include the stored value's type.

/// The fields of a ``Computed``: its closure, its steps and its value.
///
/// Not part of Rill's API: public only because ``Computed`` inherits from it, and a public class's superclass must
/// be public. It has no public members, and nothing outside Rill can make or subclass one.
///
/// The value's type, `Stored`, is `Value?` (``Computed`` is a `_ComputedStorage<Value, Value?>`): a generic argument
/// of the class, so that freeing a computed looks no type up (see ``OptionalState``).
public class _ComputedStorage<Value, Stored>: _TrackedSignal<Value> {
  /// The closure. A variable only so that `deinit` can hand it to a loop (see there); called in place
  /// (``_ComputedNode/callCompute()``), so that a variable costs an evaluation no retain.
  @usableFromInline @exclusivity(unchecked) final var compute: () -> Value
  /// The delivery steps of this computed, which touch its value (see ``ComputedStep``). Built by the inlinable
  /// initializers, so they run specialized for the caller's value type: this class's own methods run unspecialized,
  /// and would look the generic types they touch up in the runtime at each use.
  @usableFromInline let steps: (_ComputedNode<Value>, ComputedStep) -> Void
  /// Recomputes the value, returns whether it changed: built where the value type is known, as ``steps``, so an
  /// evaluation is one call, specialized (a settle calls it directly; see ``ReactiveNode/evaluate()``).
  @usableFromInline let evaluation: (_ComputedNode<Value>) -> Bool
  /// The last value, once the computed has one (``ReactiveFlags/hasValue``): a `Value?` (see the class's comment),
  /// read and written by the specialized code (the `steps`, the evaluation, ``_ComputedNode/read()``) that knows its type.
  @usableFromInline @exclusivity(unchecked) final var storedValue: Stored
  /// How many slots the signal had when the value to deliver was last decided: its settle tells only those (the
  /// observers that joined since heard that value as their replay).
  @inlinable @inline(__always) final var deliveryEnd: Int {
    get { Int(truncatingIfNeeded: deliveryEndStorage) }
    set { deliveryEndStorage = Int32(clamping: newValue) }
  }
  /// ``deliveryEnd``, in 32 bits: the padding after a small value holds it.
  @usableFromInline @exclusivity(unchecked) final var deliveryEndStorage: Int32 = 0

  /// The fields of a computed of `compute`, with the `steps` and `evaluation` its initializer built for its value
  /// type, holding `storedValue` (none yet).
  @usableFromInline init(
    compute: @escaping () -> Value, steps: @escaping (_ComputedNode<Value>, ComputedStep) -> Void,
    evaluation: @escaping (_ComputedNode<Value>) -> Bool, storedValue: Stored
  ) {
    self.compute = compute
    self.steps = steps
    self.evaluation = evaluation
    self.storedValue = storedValue
    super.init(graph: .unassigned, rank: 1, flags: ReactiveFlags.isComputed | ReactiveFlags.looksAtObservation)
  }
}
