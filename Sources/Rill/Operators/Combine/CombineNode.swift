// The nodes of the fixed-arity `combine`s, with a tuple (Combine.swift) or a transform (CombineTransform.swift): one
// body per arity, given how to build the output from the latest values.

/// The node of a two-source `combine`, emitting `output` of the latest values (every one set when it is called).
/// Built once per node: a connection keeps `output` without allocating.
@inlinable
func combineNode<A, B, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  output: @escaping ((A?, B?)) -> Output
) -> Signal<Output> {
  DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b)]) { node in
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

/// The node of a three-source `combine`, emitting `output` of the latest values.
@inlinable
func combineNode<A, B, C, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  output: @escaping ((A?, B?, C?)) -> Output
) -> Signal<Output> {
  DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b), AnyUpstream(c)]) { node in
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

/// The node of a four-source `combine`, emitting `output` of the latest values.
@inlinable
func combineNode<A, B, C, D, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  output: @escaping ((A?, B?, C?, D?)) -> Output
) -> Signal<Output> {
  DerivedSignal(upstreams: [AnyUpstream(a), AnyUpstream(b), AnyUpstream(c), AnyUpstream(d)]) { node in
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
