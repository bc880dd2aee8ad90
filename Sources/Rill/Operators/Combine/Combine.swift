/// Combines the latest values of several signals into tuples.
///
/// Emits once every source has emitted at least one value, and after that whenever any source emits,
/// with the latest value of each. Takes any number of signals of any types.
///
/// `combine` is glitch-free (rule 6): within one propagation it emits at most once, after all of its
/// sources have settled. In a diamond — `a` and `b` both derived from `s` — each `s.send(x)` yields
/// exactly one tuple `(f(x), g(x))`, never a mix of old and new.
///
/// When every source replays, it emits once inside `subscribe`, with their current values. When any
/// source replays, it replays its last tuple to later subscribers. Once every subscriber has left,
/// the next one starts afresh: the latest values are forgotten.
///
/// ```swift
/// let credit = CurrentValueSubject(0)
/// let color = credit.map { $0 < 30 ? "gray" : "purple" }
/// let status = credit.map { $0 == 0 ? "not set" : "fail" }
/// let view = combine(credit, color, status)
/// let subscription = view.subscribe { print($0) }   // prints (0, "gray", "not set")
/// credit.value = 30                                 // prints (30, "purple", "fail") — once
/// ```
///
/// Two to six sources take the fixed-arity overloads, from ``combine(_:_:)->Signal<(A,B)>`` to
/// ``combine(_:_:_:_:_:_:)->Signal<(A,B,C,D,E,F)>``, with the same semantics: the compiler specializes them for the
/// caller's types, which it does not do for code inside a parameter pack's `repeat` expansion, so an emission costs
/// about a third of this form's. They are also quick to type-check. For this form the compiler checks a closure over
/// the tuple before it knows the tuple's types: with seven or more sources, spell out the closure's types, as in
/// `.map { (v: (Int, Int, Int, Int, Int, Int, Int)) in v.0 + v.6 }`; a closure that chains operators over
/// anonymous arguments, `.map { $0 + $1 + $2 + $3 + $4 + $5 + $6 }`, fails to compile with "the compiler is unable
/// to type-check this expression in reasonable time; try breaking up the expression into distinct
/// sub-expressions". With a transform, `combine(a, b, …) { … }` (any number of sources) is one node emitting the
/// transform's result. For a list of signals of one type known only at run time, see
/// ``combine(_:)-([Signal<Value>])``.
///
/// - Complexity: O(number of sources) per emission.
@_disfavoredOverload
@inlinable
public func combine<each Source>(_ sources: repeat Signal<each Source>) -> Signal<(repeat each Source)> {
  combinePackNode(repeat each sources) { $0 }
}

/// Combines the latest values of two signals into pairs.
///
/// Emits once both signals have emitted at least one value, and after that whenever either emits, with
/// the latest value of each; glitch-free (rule 6): at most once per propagation, after both have
/// settled. Replays its last pair when either signal replays. The same operator as the parameter-pack
/// ``combine(_:)->Signal<(Source)>``; this fixed-arity form is chosen for two sources because the
/// compiler specializes it for the caller's types, which it does not do for code inside a `repeat`
/// expansion.
///
/// ```swift
/// let count = CurrentValueSubject(1)
/// let name = CurrentValueSubject("a")
/// let subscription = combine(count, name).subscribe { print($0, $1) }   // prints 1 a
/// ```
///
/// - Complexity: O(1) per emission.
@inlinable
public func combine<A, B>(_ a: Signal<A>, _ b: Signal<B>) -> Signal<(A, B)> {
  // The tuple is built in place: no transform to call per emission.
  combineNode(a, b) { ($0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped) }
}

/// Combines the latest values of three signals into triples.
///
/// Emits once every signal has emitted at least one value, and after that whenever any emits, with the
/// latest value of each; glitch-free (rule 6). Replays its last triple when any signal replays. The same
/// operator as the parameter-pack ``combine(_:)->Signal<(Source)>``; this fixed-arity form is
/// chosen for three sources because the compiler specializes it for the caller's types.
///
/// ```swift
/// let credit = CurrentValueSubject(0)
/// let view = combine(credit, credit.map { $0 < 30 }, credit.map { "\($0) €" })
/// let subscription = view.subscribe { print($0) }   // prints (0, true, "0 €")
/// ```
///
/// - Complexity: O(1) per emission.
@inlinable
public func combine<A, B, C>(_ a: Signal<A>, _ b: Signal<B>, _ c: Signal<C>) -> Signal<(A, B, C)> {
  combineNode(a, b, c) { ($0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped, $0.c.unsafelyUnwrapped) }
}

/// Combines the latest values of four signals into quadruples.
///
/// Emits once every signal has emitted at least one value, and after that whenever any emits, with the
/// latest value of each; glitch-free (rule 6). Replays its last quadruple when any signal replays. The
/// same operator as the parameter-pack ``combine(_:)->Signal<(Source)>``; this fixed-arity form is
/// chosen for four sources because the compiler specializes it for the caller's types.
///
/// - Complexity: O(1) per emission.
@inlinable
public func combine<A, B, C, D>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>
) -> Signal<(A, B, C, D)> {
  combineNode(a, b, c, d) {
    ($0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped, $0.c.unsafelyUnwrapped, $0.d.unsafelyUnwrapped)
  }
}

/// Combines the latest values of five signals into tuples.
///
/// Emits once every signal has emitted at least one value, and after that whenever any emits, with the
/// latest value of each; glitch-free (rule 6). Replays its last tuple when any signal replays. The same
/// operator as the parameter-pack ``combine(_:)->Signal<(Source)>``; this fixed-arity form is chosen for five
/// sources because the compiler specializes it for the caller's types, and because it type-checks a closure
/// over the tuple (`combine(a, b, c, d, e).map { $0 + $1 + $2 + $3 + $4 }`) at once, where the pack form
/// takes it seconds.
///
/// - Complexity: O(1) per emission.
@inlinable
public func combine<A, B, C, D, E>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  _ e: Signal<E>
) -> Signal<(A, B, C, D, E)> {
  combineNode(a, b, c, d, e) {
    (
      $0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped, $0.c.unsafelyUnwrapped, $0.d.unsafelyUnwrapped,
      $0.e.unsafelyUnwrapped
    )
  }
}

/// Combines the latest values of six signals into tuples.
///
/// Emits once every signal has emitted at least one value, and after that whenever any emits, with the
/// latest value of each; glitch-free (rule 6). Replays its last tuple when any signal replays. The same
/// operator as the parameter-pack ``combine(_:)->Signal<(Source)>``, chosen for six sources for the reasons
/// the five-source form gives.
///
/// - Complexity: O(1) per emission.
@inlinable
public func combine<A, B, C, D, E, F>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  _ e: Signal<E>,
  _ f: Signal<F>
) -> Signal<(A, B, C, D, E, F)> {
  combineNode(a, b, c, d, e, f) {
    (
      $0.a.unsafelyUnwrapped, $0.b.unsafelyUnwrapped, $0.c.unsafelyUnwrapped, $0.d.unsafelyUnwrapped,
      $0.e.unsafelyUnwrapped, $0.f.unsafelyUnwrapped
    )
  }
}

/// The observer of one source of a `combine`: records the value, then emits or schedules a settle as the
/// connection decides.
@inlinable
func combineObserver<Value, Output>(
  storingIn cell: StateCell<Value?>,
  _ connection: CombineConnection,
  _ node: DerivedSignal<Output>,
  _ emit: @escaping () -> Void
) -> (Value) -> Void {
  { value in
    let isFirst = storeLatest(value, in: &cell.value)
    switch connection.state.received(isFirstFromSource: isFirst, inPropagation: node.isPropagating) {
    case .emitNow:
      emit()
    case .settleLater:
      if let joinSettle = connection.joinSettle { node.scheduleSettle(joinSettle) }
    case .wait:
      break
    }
  }
}

/// One connection of a `combine` node, apart from its values: when to emit, and the subscriptions to the
/// sources.
@usableFromInline
final class CombineConnection {
  @usableFromInline @exclusivity(unchecked) var state: CombineState
  @usableFromInline @exclusivity(unchecked) var upstream: [Subscription] = []
  /// Emits the latest values if the settle is still wanted; `nil` once disconnected.
  @usableFromInline @exclusivity(unchecked) var joinSettle: Unmanaged<JoinSettle>? = nil

  @inlinable init(sourceCount: Int) {
    state = CombineState(sourceCount: sourceCount)
  }

  /// The subscription the node keeps: cancelling it disconnects every source and breaks the cycles
  /// through this connection, so it is freed (after a settle already scheduled, which then does nothing).
  @inlinable var subscription: Subscription {
    Subscription { [self] in
      let sources = upstream
      upstream = []
      joinSettle.connectionEnded()
      state.disconnected()
      for source in sources { source.cancel() }
    }
  }
}

@inlinable func emptyCell<Value>(of type: Value.Type) -> StateCell<Value?> {
  StateCell(nil)
}

@inlinable func unwrapLatest<Value>(_ cell: StateCell<Value?>) -> Value {
  cell.value.unsafelyUnwrapped
}
