extension Signal {
  /// Ignores the first `count` values, then emits every value.
  ///
  /// Counting starts when the signal gets its first subscriber (a replayed value counts); all
  /// subscribers share the count. Replays the last value emitted, when the upstream replays.
  ///
  /// ```swift
  /// let numbers = Subject<Int>()
  /// let afterTwo = numbers.skip(2)
  /// let subscription = afterTwo.subscribe { print($0) }
  /// for n in 1...4 { numbers.send(n) }   // prints 3, 4
  /// ```
  ///
  /// - Complexity: O(1) per value.
  /// - Precondition: `count >= 0`.
  @inlinable
  public func skip(_ count: Int) -> Signal<Value> {
    precondition(count >= 0, "skip(_:) needs a count of zero or more, not \(count)")
    return SkipSignal(self, count)
  }
}

/// The node of ``Signal/skip(_:)``: it skips afresh at each connect.
@usableFromInline
final class SkipSignal<Value>: StatefulForwardingSignal<Value, Value> {
  @usableFromInline let count: Int
  @usableFromInline @exclusivity(unchecked) var toSkip: Int

  @inlinable init(_ upstream: Signal<Value>, _ count: Int) {
    self.count = count
    toSkip = count
    super.init(upstream, kind: .skip, forwards: false) { node, value in
      let node = unsafeDowncast(node, to: SkipSignal<Value>.self)
      if node.toSkip > 0 {
        node.toSkip -= 1
      } else {
        node.emit(value)
      }
    } connect: { node in
      let node = unsafeDowncast(node, to: SkipSignal<Value>.self)
      node.toSkip = node.count
      return node.toggleEdge()
    }
  }
}
