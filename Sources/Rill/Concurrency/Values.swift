extension Signal {
  /// This signal's values as an `AsyncSequence`, keeping every value from the moment the sequence is
  /// made until it is consumed.
  ///
  /// The same as ``values(bufferingPolicy:)`` with ``BufferingPolicy/unbounded``: nothing is lost, neither
  /// while the consumer is busy nor between making the sequence and the loop's first `next()`.
  ///
  /// ```swift
  /// let credit = CurrentValueSubject(0)
  /// for await value in credit.values {
  ///   print(value)   // prints 0, then every later credit
  /// }
  /// ```
  public var values: SignalValues<Value> {
    SignalValues(signal: self, policy: .unbounded)
  }

  /// This signal's values as an `AsyncSequence`, buffered by `bufferingPolicy` while the consumer is
  /// busy.
  ///
  /// Making the sequence subscribes: a replaying signal's current value is the first element, and every
  /// value emitted from then on is buffered under `bufferingPolicy` until `next()` takes it, in emission
  /// order — also the values sent before the loop starts (say, while the task that runs the loop is not
  /// scheduled yet). The first iterator takes that subscription; a further iterator of the same sequence
  /// subscribes when it is made. A sequence freed without being iterated unsubscribes.
  ///
  /// The sequence never finishes by itself — signals do not complete — so iteration ends when the
  /// iterating task is cancelled (`next()` then returns `nil`) or when the loop is left; either way the
  /// subscription is cancelled, at the latest when the iterator is freed.
  ///
  /// The sequence is not `Sendable`, like the signal: it is iterated in the signal's isolation domain
  /// (the compiler keeps it there), so no value crosses a domain and `Value` need not be `Sendable`.
  /// To deliver into another domain, see `subscribe(on:bufferingPolicy:_:)`.
  ///
  /// ```swift
  /// let taps = Subject<Int>()
  /// let task = Task { @MainActor in
  ///   for await tap in taps.values(bufferingPolicy: .bufferingNewest(1)) { print(tap) }
  /// }
  /// taps.send(1)   // the task prints 1 (or, if it lags behind, only the newest tap)
  /// task.cancel()  // ends the loop and the subscription
  /// ```
  ///
  /// - Parameter bufferingPolicy: What to keep while the consumer lags (see ``BufferingPolicy``).
  /// - Complexity: O(1) amortized per value.
  public func values(bufferingPolicy: BufferingPolicy) -> SignalValues<Value> {
    SignalValues(signal: self, policy: bufferingPolicy.validated())
  }
}

/// The values of a ``Signal`` as an `AsyncSequence` (see ``Signal/values(bufferingPolicy:)``).
///
/// The sequence subscribes when it is made, so no value is lost before the loop starts; its first iterator
/// takes that subscription, and each further iterator is a subscription of its own, with its own buffer.
/// The sequence never finishes by itself; it ends with the iterating task's cancellation.
public struct SignalValues<Value>: AsyncSequence {
  /// The signal's value type.
  public typealias Element = Value
  /// Never: a signal does not fail.
  public typealias Failure = Never

  let signal: Signal<Value>
  let policy: BufferingPolicy
  /// The subscription made with the sequence, until the first iterator takes it.
  let firstBridge: FirstBridge

  init(signal: Signal<Value>, policy: BufferingPolicy) {
    self.signal = signal
    self.policy = policy
    firstBridge = FirstBridge(ValuesBridge(signal: signal, policy: policy))
  }

  /// The first call takes the subscription the sequence made, with the values buffered since; a later
  /// call subscribes, so values emitted from now on (and a replayed current value) are buffered for it.
  public func makeAsyncIterator() -> Iterator {
    Iterator(bridge: firstBridge.take() ?? ValuesBridge(signal: signal, policy: policy))
  }

  /// Holds the sequence's own subscription for its first iterator (the sequence is a value, so a box).
  final class FirstBridge {
    private var bridge: ValuesBridge<Value>?

    init(_ bridge: ValuesBridge<Value>) {
      self.bridge = bridge
    }

    func take() -> ValuesBridge<Value>? {
      defer { bridge = nil }
      return bridge
    }
  }

  /// Takes the buffered values of one subscription, in order.
  public struct Iterator: AsyncIteratorProtocol {
    let bridge: ValuesBridge<Value>

    /// The next value, waiting for one if none is buffered; `nil` once the task is cancelled.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
      await bridge.next(isolation: actor)
    }

    /// The next value, waiting for one if none is buffered; `nil` once the task is cancelled.
    public mutating func next() async -> Value? {
      await bridge.next(isolation: nil)
    }
  }
}

/// Connects a subscription to an iterator: values wait in a ``ValueBuffer`` in the signal's domain, and
/// a doorbell with no payload (an `AsyncStream<Void>`) wakes the waiting `next()`. Only the doorbell is
/// touched from outside the domain (by task cancellation, which finishes it), so no value and no lock
/// is shared across threads.
final class ValuesBridge<Value> {
  private var buffer: ValueBuffer<Value>
  private var subscription: Subscription?
  private var doorbell: AsyncStream<Void>.Iterator
  private let doorbells: AsyncStream<Void>
  private let ring: AsyncStream<Void>.Continuation

  init(signal: Signal<Value>, policy: BufferingPolicy) {
    buffer = ValueBuffer(policy: policy)
    let (stream, ring) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    doorbell = stream.makeAsyncIterator()
    doorbells = stream
    self.ring = ring
    // Weak: the iterator owns the bridge, and freeing it (leaving the loop) cancels the subscription.
    subscription = signal.subscribe { [weak self] value in self?.receive(value) }
  }

  /// Buffers a value from the signal and wakes the consumer.
  private func receive(_ value: Value) {
    buffer.append(value)
    ring.yield()
  }

  /// The next value; `waitsOffActor` takes the path of the systems before `next(isolation:)` (for its tests).
  func next(isolation actor: isolated (any Actor)?, waitsOffActor: Bool = false) async -> Value? {
    while true {
      if let value = buffer.popFirst() { return value }
      guard subscription != nil, !Task.isCancelled, await ring(isolation: actor, offActor: waitsOffActor) else {
        finish()
        return nil
      }
    }
  }

  /// Waits for the doorbell in `actor`; `false` once it is finished. Before `next(isolation:)` (macOS 15, iOS
  /// 18) it waits with `next()`, off the actor, on an iterator of its own (an `AsyncStream`'s iterators share
  /// its buffer), since the stored one cannot leave `actor`: only the wake-up differs.
  private func ring(isolation actor: isolated (any Actor)?, offActor: Bool) async -> Bool {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), !offActor {
      return await doorbell.next(isolation: actor) != nil
    } else {
      var iterator = doorbells.makeAsyncIterator()
      return await iterator.next() != nil
    }
  }

  private func finish() {
    subscription?.cancel()
    subscription = nil
    ring.finish()
  }

  deinit {
    subscription?.cancel()
    ring.finish()
  }
}
