// The nodes of the fixed-arity `combine`s, with a tuple (Combine.swift) or a transform (CombineTransform.swift): one
// body per arity, given how to build the output from the latest values.

/// The node of a two-source `combine`, emitting `output` of the latest values (every one set when it is called).
/// Built once per node: a connection keeps `output` without allocating.
@inlinable
func combineNode<A, B, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  output: @escaping (LatestOfTwo<A, B>) -> Output
) -> Signal<Output> {
  DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b)]) { node in
    let join = CombineJoin(node, latest: LatestOfTwo(), sourceCount: 2, output: output)
    join.upstream.append(
      a.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.a)) })
    join.upstream.append(
      b.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.b)) })
    return join.connected()
  }
}

/// The node of a three-source `combine`, emitting `output` of the latest values.
@inlinable
func combineNode<A, B, C, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  output: @escaping (LatestOfThree<A, B, C>) -> Output
) -> Signal<Output> {
  DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b), AnyUpstream(c)]) { node in
    let join = CombineJoin(node, latest: LatestOfThree(), sourceCount: 3, output: output)
    join.upstream.append(
      a.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.a)) })
    join.upstream.append(
      b.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.b)) })
    join.upstream.append(
      c.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.c)) })
    return join.connected()
  }
}

/// The node of a four-source `combine`, emitting `output` of the latest values.
@inlinable
func combineNode<A, B, C, D, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  output: @escaping (LatestOfFour<A, B, C, D>) -> Output
) -> Signal<Output> {
  DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b), AnyUpstream(c), AnyUpstream(d)]) { node in
    let join = CombineJoin(node, latest: LatestOfFour(), sourceCount: 4, output: output)
    join.upstream.append(
      a.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.a)) })
    join.upstream.append(
      b.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.b)) })
    join.upstream.append(
      c.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.c)) })
    join.upstream.append(
      d.subscribe { [join] in join.received(isFirstFromSource: storeLatest($0, in: &join.latest.d)) })
    return join.connected()
  }
}

// The latest values of a fixed-arity join, one optional per source. Structs, not tuples: a closure taking a tuple
// takes its elements as separate arguments, so handing `output` to the join (generic over its latest values) would
// wrap it in a conversion thunk, called at every emission; a struct is passed the same way on both sides.

/// The latest values of a two-source join.
@usableFromInline
struct LatestOfTwo<A, B> {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @inlinable init() {}
}

/// The latest values of a three-source join.
@usableFromInline
struct LatestOfThree<A, B, C> {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @usableFromInline var c: C?
  @inlinable init() {}
}

/// The latest values of a four-source join.
@usableFromInline
struct LatestOfFour<A, B, C, D> {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @usableFromInline var c: C?
  @usableFromInline var d: D?
  @inlinable init() {}
}
