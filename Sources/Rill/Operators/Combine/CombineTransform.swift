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

/// Combines the latest values of five signals with `transform`, as one node.
///
/// The same operator as ``combine(_:_:_:_:_:)->Signal<(A,B,C,D,E)>`` followed by ``Signal/map(_:)``, in one node:
/// glitch-free (rule 6), and replays its last result when any signal replays, like the two-source form with a
/// transform.
///
/// ```swift
/// let sizes = (CurrentValueSubject(1), CurrentValueSubject(2), CurrentValueSubject(3), CurrentValueSubject(4),
///              CurrentValueSubject(5))
/// let total = combine(sizes.0, sizes.1, sizes.2, sizes.3, sizes.4) { $0 + $1 + $2 + $3 + $4 }
/// let subscription = total.subscribe { print($0) }   // prints 15
/// sizes.4.value = 10                                  // prints 20
/// ```
///
/// - Complexity: O(1) per emission, plus `transform`.
@inlinable
public func combine<A, B, C, D, E, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  _ e: Signal<E>,
  _ transform: @escaping (A, B, C, D, E) -> Output
) -> Signal<Output> {
  combineNode(a, b, c, d, e) {
    transform(
      $0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped, $0.c.unsafelyUnwrapped, $0.d.unsafelyUnwrapped,
      $0.e.unsafelyUnwrapped)
  }
}

/// Combines the latest values of six signals with `transform`, as one node.
///
/// The same operator as ``combine(_:_:_:_:_:_:)->Signal<(A,B,C,D,E,F)>`` followed by ``Signal/map(_:)``, in one
/// node: glitch-free (rule 6), and replays its last result when any signal replays, like the two-source form with
/// a transform.
///
/// - Complexity: O(1) per emission, plus `transform`.
@inlinable
public func combine<A, B, C, D, E, F, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  _ e: Signal<E>,
  _ f: Signal<F>,
  _ transform: @escaping (A, B, C, D, E, F) -> Output
) -> Signal<Output> {
  combineNode(a, b, c, d, e, f) {
    transform(
      $0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped, $0.c.unsafelyUnwrapped, $0.d.unsafelyUnwrapped,
      $0.e.unsafelyUnwrapped, $0.f.unsafelyUnwrapped)
  }
}

/// Combines the latest values of any number of signals with `transform`, as one node.
///
/// The form for seven or more sources (two to six take the fixed-arity forms, which the compiler specializes, so an
/// emission costs about a third of this form's): ``combine(_:)->Signal<(Source)>`` followed by ``Signal/map(_:)``,
/// in one node, with the semantics of the other forms with a transform. Emits `transform` of the latest values once
/// every signal has a value, and after that whenever any emits; glitch-free (rule 6): at most once per propagation,
/// after every signal has settled. Replays its last result when any signal replays; `transform` runs once per
/// emission. Once every subscriber has left, the next one starts afresh.
///
/// ```swift
/// let parts = (1...7).map { CurrentValueSubject($0) }
/// let total = combine(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6]) {
///   (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) in a + b + c + d + e + f + g
/// }
/// let subscription = total.subscribe { print($0) }   // prints 28
/// parts[6].value = 10                                 // prints 31
/// ```
///
/// Spell out the transform's parameter types (or its result type, `a, b, c, d, e, f, g -> Int in`), as above,
/// when it chains arithmetic operators. The compiler checks a closure for a parameter pack before it knows the
/// pack's types, so `{ $0 + $1 + $2 + $3 + $4 + $5 + $6 }` fails to compile with "the compiler is unable to
/// type-check this expression in reasonable time; try breaking up the expression into distinct sub-expressions".
/// A body that calls a function or interpolates (`"\($0) \($1) …"`) is quick to check as it is.
///
/// - Parameters:
///   - sources: The signals, any number of them, of any types.
///   - transform: The output for the latest value of each signal, in the order of `sources`. Passed with its
///     label, it takes this form at any arity.
/// - Complexity: O(number of sources) per emission, plus `transform`.
@_disfavoredOverload
@inlinable
public func combine<each Source, Output>(
  _ sources: repeat Signal<each Source>,
  transform: @escaping (repeat each Source) -> Output
) -> Signal<Output> {
  func output(_ latest: (repeat each Source)) -> Output { transform(repeat each latest) }
  return combinePackNode(repeat each sources, output: output)
}
