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
/// - Complexity: O(1) per value; O(`signals.count`) to connect and disconnect. A merge of up to seven signals is one
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
          node.noteArrival(atPort: 1)
        #endif
        node.emit(value)
      },
      connect: { unsafeDowncast($0, to: MergeOfTwo<Value>.self).toggleEdges() })
  }
}

/// The node of a `merge` of three to seven signals (``portLimit``): one object, fed by an edge from each, emitting
/// what any delivers. The first two feed ports 0 and 1 as a ``TwoPortSignal``'s; the others feed ports 2 and up,
/// whose edges' tags name them, and call the second port's step, which emits. The upstreams from the third on and
/// their edges' slots are in one array. Its connect adds the edges in the order of the signals, so their replays
/// come in that order, and its disconnect removes them all.
@usableFromInline
final class MergeOfMany<Value>: TwoPortSignal<Value, Value, Value> {
  /// An upstream from the third on, and the slot of its edge (-1 while disconnected).
  @usableFromInline
  struct MorePort {
    @usableFromInline let upstream: Signal<Value>
    @usableFromInline var slot: Int

    @inlinable init(upstream: Signal<Value>) {
      self.upstream = upstream
      slot = -1
    }
  }

  /// The upstreams from the third on, port 2 first.
  @usableFromInline @exclusivity(unchecked) var more: ContiguousArray<MorePort>

  /// The most signals a merge of edges takes: as many ports as an edge's tag can name (a merge of more subscribes to
  /// each).
  @inlinable static var portLimit: Int { ObserverSlot.lastPort + 1 }

  @inlinable init(_ signals: [Signal<Value>]) {
    more = ContiguousArray(signals.dropFirst(2).map { MorePort(upstream: $0) })
    super.init(
      signals[0], signals[1], kind: .merge,
      receive: { node, value in
        #if DEBUG
          unsafeDowncast(node, to: MergeOfMany<Value>.self).noteArrival(atPort: 0)
        #endif
        node.emit(value)
      },
      receiveSecond: { node, value in
        #if DEBUG
          node.noteArrival(atPort: node.arrivingPort)
        #endif
        node.emit(value)
      },
      moreUpstreams: signals.dropFirst(2).map(AnyUpstream.init),
      connect: { unsafeDowncast($0, to: MergeOfMany<Value>.self).toggleAllEdges() })
  }

  /// Adds every edge when this node has none (its connect, in the order of the signals, each replaying into its
  /// port), removes them all when it has them (its disconnect).
  @inlinable final func toggleAllEdges() {
    if upstreamSlot < 0 {
      addFirstEdge()
      #if DEBUG
        arrivingPort = 1  // the second's replay, if any, comes through the step itself
      #endif
      addSecondEdge()
      for index in more.indices {
        let port = index + 2
        let upstream = more[index].upstream
        more[index].slot = upstream.slots.count  // before the edge's connect, which may compact (see addEdge)
        #if DEBUG
          arrivingPort = port
        #endif
        upstream.addEdge(toPort: port, of: self) { receiveSecond(self, $0) }
      }
    } else {
      removeFirstEdge()
      removeSecondEdge()
      for index in more.indices {
        let slot = more[index].slot
        more[index].slot = -1
        more[index].upstream.removeObserver(at: slot)
      }
    }
  }

  @usableFromInline override func morePortSlotMoved(to index: Int, port: Int) {
    more[port - 2].slot = index
  }

  @usableFromInline override func upstream(atPort port: Int) -> AnyObject {
    port < 2 ? super.upstream(atPort: port) : more[port - 2].upstream
  }

  override var otherUpstreams: [AnyObject] { [second] + more.map(\.upstream) }
}
