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
  combineListNode(signals, emitsTheArray: true) { $0 }
}

/// Combines the latest values of a runtime list of signals with `transform`, as one node.
///
/// The same operator as ``combine(_:)-([Signal<Value>])`` followed by ``Signal/map(_:)``, with the same
/// semantics: emits `transform` of the latest values, in the order of `signals`, once every signal has a value
/// and after that whenever any of them emits; glitch-free (rule 6): at most once per propagation, after all of
/// the signals have settled. Replays its last result when any signal replays. The empty list gives
/// `transform([])`, replayed once to each subscriber.
///
/// One node instead of two, and no copy of the values per emission: `transform` reads the array the node
/// writes each value into (if it keeps that array, the next change copies it once). For an aggregate over many
/// signals — a total, a count, an `allSatisfy` — this is the form to use.
///
/// ```swift
/// let prices = [CurrentValueSubject(3), CurrentValueSubject(4)]
/// let total = combine(prices) { $0.reduce(0, +) }
/// let subscription = total.subscribe { print($0) }   // prints 7
/// prices[0].value = 10                                 // prints 14
/// ```
///
/// - Complexity: Connecting is O(n) for n signals. A value of one signal costs O(1) to record; an emission
///   costs `transform`, and allocates nothing unless `transform` keeps the array.
@inlinable
public func combine<Value, Output>(
  _ signals: [Signal<Value>],
  _ transform: @escaping ([Value]) -> Output
) -> Signal<Output> {
  combineListNode(signals, emitsTheArray: false, output: transform)
}

/// The node of a list `combine`, emitting `output` of the array of latest values. `emitsTheArray` when `output`
/// returns that array itself: the node's replay cache then shares it, which the connection works around.
@inlinable
func combineListNode<Value, Output>(
  _ signals: [Signal<Value>],
  emitsTheArray: Bool,
  output: @escaping ([Value]) -> Output
) -> Signal<Output> {
  guard !signals.isEmpty else {
    return SubscribingSignal(upstreams: [], kind: .combine, replays: true) { node in
      node.emit(output([]))
      return Subscription {}
    }
  }
  return SubscribingSignal(upstreams: signals.map(AnyUpstream.init), kind: .combine) { node in
    CombineListConnection(
      node: node, signals: signals, emitsTheArray: emitsTheArray, output: output
    )
    .subscription
  }
}

/// One connection of a list `combine`: the latest value of each source, when to emit, and the
/// subscriptions.
@usableFromInline
final class CombineListConnection<Value, Output> {
  @usableFromInline let node: DerivedSignal<Output>
  /// What the node emits for the array of latest values (unused when ``emitsTheArray``).
  @usableFromInline let output: ([Value]) -> Output
  /// Whether the node emits the array itself (`Output` is `[Value]`): it is then given `latest` directly, not
  /// through the identity `output`, which would cost a call and a copy per emission.
  @usableFromInline let emitsTheArray: Bool
  @usableFromInline @exclusivity(unchecked) var state: CombineState
  /// The values recorded while some source has none yet; emptied once every source has one.
  @usableFromInline @exclusivity(unchecked) var partial: ContiguousArray<Value?>
  /// The latest value of each source, once every source has one: the array the node emits.
  @usableFromInline @exclusivity(unchecked) var latest: [Value] = []
  /// When ``sharesEmittedArrays``, the array emitted before `latest`: the node's replay cache holds `latest` once it
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

  /// Whether the node keeps each emitted array in its replay cache (it emits the array itself, and replays):
  /// the next change is then written into ``spare``.
  @inlinable var sharesEmittedArrays: Bool { emitsTheArray && node.replays }

  /// Subscribes to every signal, in order, and emits once if every one replayed a value.
  @inlinable init(
    node: DerivedSignal<Output>,
    signals: [Signal<Value>],
    emitsTheArray: Bool,
    output: @escaping ([Value]) -> Output
  ) {
    self.node = node
    self.output = output
    assert(!emitsTheArray || Output.self == [Value].self, "a list combine emits its array only as [Value]")
    self.emitsTheArray = emitsTheArray
    state = CombineState(sourceCount: signals.count)
    partial = ContiguousArray(repeating: nil, count: signals.count)
    joinSettle = JoinSettle.make { [self] in settle() }
    upstream.reserveCapacity(signals.count)
    for (index, signal) in signals.enumerated() {
      upstream.append(signal.subscribe(feeding: node) { [self] value in received(value, at: index) })
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
      isFirst = storeLatest(value, in: &partial[index])
      if isFirst && state.missing == 1 {
        latest = partial.map { $0.unsafelyUnwrapped }
        if sharesEmittedArrays { spare = latest }
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
  /// node's cache keeps the array emitted last (``sharesEmittedArrays``): `spare` becomes `latest`, brought up to
  /// date from it (an O(n) copy, no allocation unless a subscriber kept `spare`). Otherwise `latest` is unique
  /// already, unless a subscriber (or a transform) kept it, which costs one copy.
  @inlinable func makeLatestUnique() {
    isLatestEmitted = false
    if sharesEmittedArrays {
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
    if emitsTheArray {
      // The node as the `DerivedSignal<[Value]>` it is, read in place (a cast reference would be retained).
      let arrayNode = Unmanaged<DerivedSignal<[Value]>>.fromOpaque(Unmanaged.passUnretained(node).toOpaque())
      arrayNode._withUnsafeGuaranteedRef { $0.emit(latest) }
    } else {
      node.emit(output(latest))
    }
  }
}
