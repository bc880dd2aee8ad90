/// Combines the latest values of two signals with `transform`, as one node.
///
/// The same operator as ``combine(_:_:)`` followed by ``Signal/map(_:)``, with the same semantics: emits
/// `transform(a, b)` once both signals have a value, and after that whenever either emits; glitch-free
/// (rule 6): at most once per propagation, after both have settled, so `transform` never sees a mix of old
/// and new values. Replays its last result when either signal replays. `transform` runs once per emission.
///
/// One node instead of two: no tuple node, no second replay cache, one subscription less between them. In
/// a large graph — a derived value per model, say — that halves what each such value keeps in memory.
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
  // Built once per node, not per connection: a connection keeps it without allocating.
  let output: ((A?, B?)) -> Output = { transform($0.0.unsafelyUnwrapped, $0.1.unsafelyUnwrapped) }
  return DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b)]) { node in
    let join = CombineJoin(node, latest: (A?.none, B?.none), sourceCount: 2, output: output)
    join.upstream.append(
      a.subscribe { [join] value in
        let isFirst = join.latest.0 == nil
        join.latest.0 = value
        join.received(isFirstFromSource: isFirst)
      })
    join.upstream.append(
      b.subscribe { [join] value in
        let isFirst = join.latest.1 == nil
        join.latest.1 = value
        join.received(isFirstFromSource: isFirst)
      })
    return join.connected()
  }
}

/// Combines the latest values of three signals with `transform`, as one node.
///
/// The same operator as ``combine(_:_:_:)`` followed by ``Signal/map(_:)``, in one node: glitch-free
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
  let output: ((A?, B?, C?)) -> Output = {
    transform($0.0.unsafelyUnwrapped, $0.1.unsafelyUnwrapped, $0.2.unsafelyUnwrapped)
  }
  return DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b), AnyUpstream(c)]) { node in
    let join = CombineJoin(node, latest: (A?.none, B?.none, C?.none), sourceCount: 3, output: output)
    join.upstream.append(
      a.subscribe { [join] value in
        let isFirst = join.latest.0 == nil
        join.latest.0 = value
        join.received(isFirstFromSource: isFirst)
      })
    join.upstream.append(
      b.subscribe { [join] value in
        let isFirst = join.latest.1 == nil
        join.latest.1 = value
        join.received(isFirstFromSource: isFirst)
      })
    join.upstream.append(
      c.subscribe { [join] value in
        let isFirst = join.latest.2 == nil
        join.latest.2 = value
        join.received(isFirstFromSource: isFirst)
      })
    return join.connected()
  }
}

/// Combines the latest values of four signals with `transform`, as one node.
///
/// The same operator as ``combine(_:_:_:_:)`` followed by ``Signal/map(_:)``, in one node: glitch-free
/// (rule 6), and replays its last result when any signal replays, like the two-source form with a transform.
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
  let output: ((A?, B?, C?, D?)) -> Output = {
    transform($0.0.unsafelyUnwrapped, $0.1.unsafelyUnwrapped, $0.2.unsafelyUnwrapped, $0.3.unsafelyUnwrapped)
  }
  return DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b), AnyUpstream(c), AnyUpstream(d)]) { node in
    let join = CombineJoin(node, latest: (A?.none, B?.none, C?.none, D?.none), sourceCount: 4, output: output)
    join.upstream.append(
      a.subscribe { [join] value in
        let isFirst = join.latest.0 == nil
        join.latest.0 = value
        join.received(isFirstFromSource: isFirst)
      })
    join.upstream.append(
      b.subscribe { [join] value in
        let isFirst = join.latest.1 == nil
        join.latest.1 = value
        join.received(isFirstFromSource: isFirst)
      })
    join.upstream.append(
      c.subscribe { [join] value in
        let isFirst = join.latest.2 == nil
        join.latest.2 = value
        join.received(isFirstFromSource: isFirst)
      })
    join.upstream.append(
      d.subscribe { [join] value in
        let isFirst = join.latest.3 == nil
        join.latest.3 = value
        join.received(isFirstFromSource: isFirst)
      })
    return join.connected()
  }
}
