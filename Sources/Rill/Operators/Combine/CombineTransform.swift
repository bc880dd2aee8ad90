/// Combines the latest values of two signals with `transform`, as one node.
///
/// The same operator as ``combine(_:_:)->Signal<(A,B)>`` followed by ``Signal/map(_:)``, with the same semantics: emits
/// `transform(a, b)` once both signals have a value, and after that whenever either emits; glitch-free
/// (rule 6): at most once per propagation, after both have settled, so `transform` never sees a mix of old
/// and new values. Replays its last result when either signal replays. `transform` runs once per emission.
///
/// One node instead of two: no tuple node, no second replay cache, and no subscription (with its observer box)
/// between them — less memory and less work for each such value in a large graph (a derived value per model).
///
/// ```swift
/// let price = CurrentValueSubject(3)
/// let quantity = CurrentValueSubject(2)
/// let total = combine(price, quantity) { $0 * $1 }
/// let subscription = total.subscribe { print($0) }   // prints 6
/// quantity.value = 5                                  // prints 15
/// ```
///
/// - Complexity: O(1) per emission, plus `transform`.
@inlinable
public func combine<A, B, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ transform: @escaping (A, B) -> Output
) -> Signal<Output> {
  combineNode(a, b) { transform($0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped) }
}

/// Combines the latest values of three signals with `transform`, as one node.
///
/// The same operator as ``combine(_:_:_:)->Signal<(A,B,C)>`` followed by ``Signal/map(_:)``, in one node: glitch-free
/// (rule 6), and replays its last result when any signal replays, like the two-source form with a transform.
///
/// - Complexity: O(1) per emission, plus `transform`.
@inlinable
public func combine<A, B, C, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ transform: @escaping (A, B, C) -> Output
) -> Signal<Output> {
  combineNode(a, b, c) { transform($0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped, $0.c.unsafelyUnwrapped) }
}

/// Combines the latest values of four signals with `transform`, as one node.
///
/// The same operator as ``combine(_:_:_:_:)->Signal<(A,B,C,D)>`` followed by ``Signal/map(_:)``, in one node:
/// glitch-free (rule 6), and replays its last result when any signal replays, like the two-source form with a
/// transform.
///
/// - Complexity: O(1) per emission, plus `transform`.
@inlinable
public func combine<A, B, C, D, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  _ transform: @escaping (A, B, C, D) -> Output
) -> Signal<Output> {
  combineNode(a, b, c, d) {
    transform($0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped, $0.c.unsafelyUnwrapped, $0.d.unsafelyUnwrapped)
  }
}
