/// Emits every value of every one of `signals`, as it arrives.
///
/// Takes any number of signals of one type. Within a propagation, values arrive in the order the
/// sources deliver them, every one of them (rule 5). When sources replay, the first subscriber gets every
/// value they replay on connection, in the order of `signals` (all of a `prepend`'s prefix, say); a later
/// subscriber gets the last value the merged signal emitted, like any derived signal.
///
/// ```swift
/// let taps = Subject<String>()
/// let keys = Subject<String>()
/// let subscription = merge(taps, keys).subscribe { print($0) }
/// taps.send("tap"); keys.send("k")   // prints "tap", "k"
/// ```
///
/// - Complexity: O(1) per value; O(number of signals) to connect and disconnect.
@inlinable
public func merge<Value>(_ signals: Signal<Value>...) -> Signal<Value> {
  merge(signals)
}

/// Emits every value of every signal in `signals`, as it arrives.
///
/// Use it when the number of signals is known only at run time. Same rules as
/// ``merge(_:)-(Signal<Value>...)``: every value, in delivery order.
///
/// ```swift
/// let rooms = [Subject<String>(), Subject<String>()]
/// let subscription = merge(rooms).subscribe { print($0) }
/// rooms[1].send("hi"); rooms[0].send("yo")   // prints "hi", "yo"
/// ```
///
/// - Complexity: O(1) per value; O(`signals.count`) to connect and disconnect. A merge of up to 4,095 signals is one
///   object fed by an edge from each; a merge of more subscribes to each.
@inlinable
public func merge<Value>(_ signals: [Signal<Value>]) -> Signal<Value> {
  if signals.count == 2 { return MergeOfTwo(signals[0], signals[1]) }
  if signals.count > 2 && signals.count <= MergeOfMany<Value>.portLimit { return MergeOfMany(signals) }
  return SubscribingSignal(upstreams: signals.map(AnyUpstream.init), kind: .merge) { node in
    let subscriptions = signals.map { signal in
      signal.subscribe(feeding: node) { node.emit($0) }
    }
    return Subscription {
      for subscription in subscriptions { subscription.cancel() }
    }
  }
}

/// The node of a `merge` of two signals: one object, fed by an edge from each (see ``TwoPortSignal``), emitting what
/// either delivers. Its connect adds the first's edge, then the second's, so their replays come in that order.
@usableFromInline
final class MergeOfTwo<Value>: TwoPortSignal<Value, Value, Value> {
  @inlinable init(_ first: Signal<Value>, _ second: Signal<Value>) {
    super.init(
      first, second, kind: .merge,
      receive: { node, value in
        #if DEBUG
          unsafeDowncast(node, to: MergeOfTwo<Value>.self).noteArrival(atPort: 0)
        #endif
        node.emit(value)
      },
      receiveSecond: { node, value in
        #if DEBUG
          unsafeDowncast(node, to: MergeOfTwo<Value>.self).noteArrival(atPort: 1)
        #endif
        node.emit(value)
      },
      connect: { unsafeDowncast($0, to: MergeOfTwo<Value>.self).toggleEdges() })
  }
}

/// The node of a `merge` of three to 4,095 signals (``ManyPortSignal/portLimit``): one object, fed by an edge from
/// each (see ``ManyPortSignal``), emitting what any delivers. Its connect adds the edges in the order of the signals,
/// so their replays come in that order, and its disconnect removes them all.
@usableFromInline
final class MergeOfMany<Value>: ManyPortSignal<Value, Value, Value> {
  @inlinable init(_ signals: [Signal<Value>]) {
    super.init(
      signals[0], signals[1], more: signals.dropFirst(2).map(AnyUpstream.init), kind: .merge,
      receive: { node, value in
        #if DEBUG
          unsafeDowncast(node, to: MergeOfMany<Value>.self).noteArrival(atPort: 0)
        #endif
        node.emit(value)
      },
      receiveSecond: { node, value in
        #if DEBUG
          unsafeDowncast(node, to: MergeOfMany<Value>.self).noteArrival(atPort: 1)
        #endif
        node.emit(value)
      },
      portStep: { node, address, port in
        let merge = unsafeDowncast(node, to: MergeOfMany<Value>.self)
        #if DEBUG
          merge.noteArrival(atPort: port)
        #endif
        merge.emit(JoinPort.value(at: address, as: Value.self))
      },
      connect: { node in
        let merge = unsafeDowncast(node, to: MergeOfMany<Value>.self)
        merge.toggleAllEdges {
          for port in 2..<merge.more.count + 2 { merge.togglePort(port, as: Value.self) }
        }
      })
  }
}
