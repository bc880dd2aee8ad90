/// Combines the latest values of a runtime list of signals into arrays.
///
/// The array has one element per signal in `signals`, in the same order. Emits once every signal has
/// emitted at least one value, and after that whenever any of them emits, with the latest value of each.
/// A signal may appear more than once: each occurrence has its own element.
///
/// Like the tuple form ``combine(_:)->Signal<(Source)>``, it is glitch-free (rule 6): within one
/// propagation it emits at most once, after all of its sources have settled, so signals derived from one
/// source never yield a mix of old and new values. When every signal replays, it emits once inside
/// `subscribe`; when any signal replays, it replays its last array to later subscribers. Once every
/// subscriber has left, the next one starts afresh.
///
/// The empty list has no source to wait for: its array of latest values is `[]` from the start. So
/// `combine([])` replays `[]` once to each subscriber, inside `subscribe`, and never emits again, which
/// keeps `combine(checks).map { $0.allSatisfy { $0 } }` true for an empty form.
///
/// ```swift
/// let fields = [CurrentValueSubject("ann"), CurrentValueSubject("")]
/// let filled = combine(fields.map { $0.map { !$0.isEmpty } })
/// let subscription = filled.subscribe { print($0) }   // prints [true, false]
/// fields[1].value = "bob"                               // prints [true, true]
/// ```
///
/// - Complexity: Connecting is O(n) for n signals. A value of one signal costs O(1) to record, plus, when
///   a signal replays, an O(n) copy into a second array once per emission (the node's replay cache keeps the
///   last array emitted, so the next one is written into the other, without allocating). A subscriber that
///   keeps an emitted array costs one more copy, with one allocation; otherwise a steady-state emission
///   allocates nothing.
@inlinable
public func combine<Value>(_ signals: [Signal<Value>]) -> Signal<[Value]> {
  guard !signals.isEmpty else {
    return DerivedSignal(upstreams: [], replays: true) { node in
      node.emit([])
      return Subscription {}
    }
  }
  return DerivedSignal(upstreams: signals.map(AnyUpstream.init)) { node in
    CombineListConnection(node: node, signals: signals).subscription
  }
}

/// One connection of a list `combine`: the latest value of each source, when to emit, and the
/// subscriptions.
@usableFromInline
final class CombineListConnection<Value> {
  @usableFromInline let node: DerivedSignal<[Value]>
  @usableFromInline @exclusivity(unchecked) var state: CombineState
  /// The values recorded while some source has none yet; emptied once every source has one.
  @usableFromInline @exclusivity(unchecked) var partial: ContiguousArray<Value?>
  /// The latest value of each source, once every source has one: the array the node emits.
  @usableFromInline @exclusivity(unchecked) var latest: [Value] = []
  /// When the node replays, the array emitted before `latest`: the node's replay cache holds `latest` once it
  /// is emitted, so the next change is written here instead, after bringing it up to date, and the two swap.
  /// Copying n values into an array that is no longer shared costs no allocation, where changing the shared
  /// array would copy it into a new one at every emission.
  @usableFromInline @exclusivity(unchecked) var spare: [Value] = []
  /// Whether `latest` was emitted since it last changed: a subscriber, or the node's replay cache, may share it,
  /// so ``latestElements`` must be found again (in a unique array) before the next change.
  @usableFromInline @exclusivity(unchecked) var isLatestEmitted = false
  /// The elements of `latest`, written in place by each value received: valid while `latest` is unique and
  /// unchanged in size, that is from ``makeLatestUnique()`` to the next emission.
  @usableFromInline @exclusivity(unchecked) var latestElements: UnsafeMutablePointer<Value>? = nil
  @usableFromInline @exclusivity(unchecked) var upstream: [Subscription] = []
  /// Emits the latest values if the settle is still wanted; `nil` once disconnected.
  @usableFromInline @exclusivity(unchecked) var joinSettle: Unmanaged<JoinSettle>? = nil

  /// Subscribes to every signal, in order, and emits once if every one replayed a value.
  @inlinable init(node: DerivedSignal<[Value]>, signals: [Signal<Value>]) {
    self.node = node
    state = CombineState(sourceCount: signals.count)
    partial = ContiguousArray(repeating: nil, count: signals.count)
    joinSettle = JoinSettle.make { [self] in settle() }
    upstream.reserveCapacity(signals.count)
    for (index, signal) in signals.enumerated() {
      upstream.append(signal.subscribe { [self] value in received(value, at: index) })
    }
    if state.connected() { emit() }
  }

  /// The subscription the node keeps: cancelling it disconnects every source and breaks the cycle
  /// through `joinSettle` (a settle already scheduled then does nothing).
  @inlinable var subscription: Subscription {
    Subscription { [self] in
      let sources = upstream
      upstream = []
      joinSettle.connectionEnded()
      state.disconnected()
      for source in sources { source.cancel() }
    }
  }

  /// Records `value` as the latest of the source at `index`, then emits or schedules a settle as the
  /// state decides. O(1), except once per connection, when the last source gets its first value, and once per
  /// emission (see ``makeLatestUnique()``).
  @inlinable @inline(__always) func received(_ value: Value, at index: Int) {
    let isFirst: Bool
    if state.missing == 0 {
      if isLatestEmitted { makeLatestUnique() }
      // In bounds: `index` is this source's place, and `latest` has one per source.
      latestElements.unsafelyUnwrapped[index] = value
      isFirst = false
    } else {
      isFirst = partial[index] == nil
      partial[index] = value
      if isFirst && state.missing == 1 {
        latest = partial.map { $0.unsafelyUnwrapped }
        if node.replays { spare = latest }
        partial = []
        findLatestElements()  // copies `latest` away from `spare`
      }
    }
    switch state.received(isFirstFromSource: isFirst, inPropagation: node.isPropagating) {
    case .emitNow:
      emit()
    case .settleLater:
      if let joinSettle { node.scheduleSettle(joinSettle) }
    case .wait:
      break
    }
  }

  /// Makes `latest` an array that nothing else shares, and finds its elements for the values to come. When the
  /// node replays, its cache keeps the array emitted last: `spare` becomes `latest`, brought up to date from it
  /// (an O(n) copy, no allocation unless a subscriber kept `spare`). Otherwise `latest` is unique already, unless a
  /// subscriber kept it, which costs one copy.
  @inlinable func makeLatestUnique() {
    isLatestEmitted = false
    if node.replays {
      // The emitted array's elements, still where the values were written: read without retaining `spare`.
      let emitted = latestElements.unsafelyUnwrapped
      swap(&latest, &spare)
      let count = spare.count
      latest.withUnsafeMutableBufferPointer { target in
        target.baseAddress.unsafelyUnwrapped.update(from: emitted, count: count)
        latestElements = target.baseAddress
      }
    } else {
      findLatestElements()
    }
  }

  /// Makes `latest` unique (copying it if anything shares it) and keeps the address of its elements.
  @inlinable func findLatestElements() {
    latest.withUnsafeMutableBufferPointer { latestElements = $0.baseAddress }
  }

  @inlinable func settle() {
    if state.settle() { emit() }
  }

  /// Emits the latest values; only called once every source has one.
  @inlinable func emit() {
    isLatestEmitted = true
    node.emit(latest)
  }
}
