/// Emits every value of every one of `signals`, as it arrives.
///
/// Takes any number of signals of one type. Within a propagation, values arrive in the order the
/// sources deliver them. When sources replay, the merged signal replays one value — the last one
/// replayed on connection, then the last value it emitted — never a burst.
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
/// ``merge(_:)-(Signal<Value>...)``: values in delivery order, one replayed value at most.
///
/// ```swift
/// let rooms = [Subject<String>(), Subject<String>()]
/// let subscription = merge(rooms).subscribe { print($0) }
/// rooms[1].send("hi"); rooms[0].send("yo")   // prints "hi", "yo"
/// ```
///
/// - Complexity: O(1) per value; O(`signals.count`) to connect and disconnect.
@inlinable
public func merge<Value>(_ signals: [Signal<Value>]) -> Signal<Value> {
  DerivedSignal(upstreams: signals.map(AnyUpstream.init)) { node in
    let replayed = StateCell<Value?>(nil)
    let isConnecting = StateCell(true)
    let subscriptions = signals.map { signal in
      signal.subscribe { value in
        if isConnecting.value {
          replayed.value = value
        } else {
          node.emit(value)
        }
      }
    }
    isConnecting.value = false
    if let value = replayed.value.take() { node.emit(value) }
    return Subscription {
      for subscription in subscriptions { subscription.cancel() }
    }
  }
}
