// The nodes of the `combine`s of separate signals, with a tuple (Combine.swift) or a transform
// (CombineTransform.swift): one body per fixed arity and one for a parameter pack, given how to build the output from
// the latest values.

/// The node of a `combine` of any number of sources, emitting `output` of the latest values.
@inlinable
func combinePackNode<each Source, Output>(
  _ sources: repeat Signal<each Source>,
  output: @escaping ((repeat each Source)) -> Output
) -> Signal<Output> {
  var upstreams: [AnyUpstream] = []
  repeat upstreams.append(AnyUpstream(each sources))
  let sourceCount = upstreams.count
  // Everything that touches the values is built here, in closures, so that it is specialized with this
  // function for the caller's types; only the decisions, which know no types, live in CombineConnection.
  return SubscribingSignal(upstreams: upstreams, kind: .combine) { node in
    let latest = (repeat emptyCell(of: (each Source).self))
    let connection = CombineConnection(sourceCount: sourceCount)
    let emit = { node.emit(output((repeat unwrapLatest(each latest)))) }
    // A cycle through the connection while it is connected (a scheduled settle keeps it alive); broken by
    // the cancel, which lets go of the settle.
    connection.joinSettle = JoinSettle.make {
      if connection.state.settle() { emit() }
    }
    repeat connection.upstream.append(
      (each sources).subscribe(feeding: node, combineObserver(storingIn: each latest, connection, node, emit)))
    if connection.state.connected() { emit() }
    return connection.subscription
  }
}

/// The node of a two-source `combine`, emitting `output` of the latest values (both set when it is called): one
/// object, fed by edges (see ``CombineOfTwo``).
@inlinable
func combineNode<A, B, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  output: @escaping (LatestOfTwo<A, B>) -> Output
) -> Signal<Output> {
  CombineOfTwo<A, B, LatestOfTwo<A, B>, Output>(a, b, output: output)
}

/// The node of a three-source `combine`, emitting `output` of the latest values: one object, fed by edges (see
/// ``CombineOfMany``).
@inlinable
func combineNode<A, B, C, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  output: @escaping (LatestOfThree<A, B, C>) -> Output
) -> Signal<Output> {
  typealias Node = CombineOfMany<A, B, LatestOfThree<A, B, C>, Output>
  return Node(
    a, b, more: [AnyUpstream(c)], output: output,
    receive: { node, value in
      let join = Node.join(node)
      #if DEBUG
        join.noteArrival(atPort: 0)
      #endif
      join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.a))
    },
    receiveSecond: { node, value in
      let join = Node.join(node)
      #if DEBUG
        join.noteArrival(atPort: 1)
      #endif
      join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.b))
    },
    portStep: { node, address, port in
      Node.join(node).take(address, at: port) { storeLatest($1 as C, in: &$0.c) }
    },
    connect: { node in
      let join = Node.join(node)
      join.toggleConnection { join.togglePort(2, as: C.self) }
    })
}

/// The node of a four-source `combine`, emitting `output` of the latest values: one object, fed by edges (see
/// ``CombineOfMany``).
@inlinable
func combineNode<A, B, C, D, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  output: @escaping (LatestOfFour<A, B, C, D>) -> Output
) -> Signal<Output> {
  typealias Node = CombineOfMany<A, B, LatestOfFour<A, B, C, D>, Output>
  return Node(
    a, b, more: [AnyUpstream(c), AnyUpstream(d)], output: output,
    receive: { node, value in
      let join = Node.join(node)
      #if DEBUG
        join.noteArrival(atPort: 0)
      #endif
      join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.a))
    },
    receiveSecond: { node, value in
      let join = Node.join(node)
      #if DEBUG
        join.noteArrival(atPort: 1)
      #endif
      join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.b))
    },
    portStep: { node, address, port in
      let join = Node.join(node)
      switch port {
      case 2: join.take(address, at: port) { storeLatest($1 as C, in: &$0.c) }
      default: join.take(address, at: port) { storeLatest($1 as D, in: &$0.d) }
      }
    },
    connect: { node in
      let join = Node.join(node)
      join.toggleConnection {
        join.togglePort(2, as: C.self)
        join.togglePort(3, as: D.self)
      }
    })
}

/// The node of a five-source `combine`, emitting `output` of the latest values: one object, fed by edges (see
/// ``CombineOfMany``).
@inlinable
func combineNode<A, B, C, D, E, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  _ e: Signal<E>,
  output: @escaping (LatestOfFive<A, B, C, D, E>) -> Output
) -> Signal<Output> {
  typealias Node = CombineOfMany<A, B, LatestOfFive<A, B, C, D, E>, Output>
  return Node(
    a, b, more: [AnyUpstream(c), AnyUpstream(d), AnyUpstream(e)], output: output,
    receive: { node, value in
      let join = Node.join(node)
      #if DEBUG
        join.noteArrival(atPort: 0)
      #endif
      join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.a))
    },
    receiveSecond: { node, value in
      let join = Node.join(node)
      #if DEBUG
        join.noteArrival(atPort: 1)
      #endif
      join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.b))
    },
    portStep: { node, address, port in
      let join = Node.join(node)
      switch port {
      case 2: join.take(address, at: port) { storeLatest($1 as C, in: &$0.c) }
      case 3: join.take(address, at: port) { storeLatest($1 as D, in: &$0.d) }
      default: join.take(address, at: port) { storeLatest($1 as E, in: &$0.e) }
      }
    },
    connect: { node in
      let join = Node.join(node)
      join.toggleConnection {
        join.togglePort(2, as: C.self)
        join.togglePort(3, as: D.self)
        join.togglePort(4, as: E.self)
      }
    })
}

/// The node of a six-source `combine`, emitting `output` of the latest values: one object, fed by edges (see
/// ``CombineOfMany``).
@inlinable
func combineNode<A, B, C, D, E, F, Output>(
  _ a: Signal<A>,
  _ b: Signal<B>,
  _ c: Signal<C>,
  _ d: Signal<D>,
  _ e: Signal<E>,
  _ f: Signal<F>,
  output: @escaping (LatestOfSix<A, B, C, D, E, F>) -> Output
) -> Signal<Output> {
  typealias Node = CombineOfMany<A, B, LatestOfSix<A, B, C, D, E, F>, Output>
  return Node(
    a, b, more: [AnyUpstream(c), AnyUpstream(d), AnyUpstream(e), AnyUpstream(f)], output: output,
    receive: { node, value in
      let join = Node.join(node)
      #if DEBUG
        join.noteArrival(atPort: 0)
      #endif
      join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.a))
    },
    receiveSecond: { node, value in
      let join = Node.join(node)
      #if DEBUG
        join.noteArrival(atPort: 1)
      #endif
      join.received(isFirstFromSource: storeLatest(value, in: &join.latestValues.b))
    },
    portStep: { node, address, port in
      let join = Node.join(node)
      switch port {
      case 2: join.take(address, at: port) { storeLatest($1 as C, in: &$0.c) }
      case 3: join.take(address, at: port) { storeLatest($1 as D, in: &$0.d) }
      case 4: join.take(address, at: port) { storeLatest($1 as E, in: &$0.e) }
      default: join.take(address, at: port) { storeLatest($1 as F, in: &$0.f) }
      }
    },
    connect: { node in
      let join = Node.join(node)
      join.toggleConnection {
        join.togglePort(2, as: C.self)
        join.togglePort(3, as: D.self)
        join.togglePort(4, as: E.self)
        join.togglePort(5, as: F.self)
      }
    })
}

// The latest values of a fixed-arity join, one optional per source. Structs, not tuples: a closure taking a tuple
// takes its elements as separate arguments, so handing `output` to the join (generic over its latest values) would
// wrap it in a conversion thunk, called at every emission; a struct is passed the same way on both sides.

/// The latest values of a two-source join, as a generic argument of its node's class (``CombineOfTwo``), so that
/// freeing the node looks no type up (see ``OptionalState``).
@usableFromInline
protocol LatestPair: LatestValues {
  associatedtype First
  associatedtype Second
  /// Stores `value` as the first source's latest; returns whether it is that source's first value. A method, not a
  /// settable property: unspecialized (a debug build), changing a property of a generic argument in place goes
  /// through an accessor coroutine that allocates its frame, twice per send.
  mutating func storeFirst(_ value: First) -> Bool
  /// ``storeFirst(_:)`` for the second source.
  mutating func storeSecond(_ value: Second) -> Bool
}

/// The latest values of a two-source join.
@usableFromInline
struct LatestOfTwo<A, B>: LatestPair {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @inlinable init() {}

  @inlinable @inline(__always) mutating func storeFirst(_ value: A) -> Bool { storeLatest(value, in: &a) }
  @inlinable @inline(__always) mutating func storeSecond(_ value: B) -> Bool { storeLatest(value, in: &b) }
}

/// The latest values of a three-source join.
@usableFromInline
struct LatestOfThree<A, B, C>: LatestValues {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @usableFromInline var c: C?
  @inlinable init() {}
}

/// The latest values of a four-source join.
@usableFromInline
struct LatestOfFour<A, B, C, D>: LatestValues {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @usableFromInline var c: C?
  @usableFromInline var d: D?
  @inlinable init() {}
}

/// The latest values of a five-source join.
@usableFromInline
struct LatestOfFive<A, B, C, D, E>: LatestValues {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @usableFromInline var c: C?
  @usableFromInline var d: D?
  @usableFromInline var e: E?
  @inlinable init() {}
}

/// The latest values of a six-source join.
@usableFromInline
struct LatestOfSix<A, B, C, D, E, F>: LatestValues {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @usableFromInline var c: C?
  @usableFromInline var d: D?
  @usableFromInline var e: E?
  @usableFromInline var f: F?
  @inlinable init() {}
}
