extension Signal {
  /// Prints a line for each event of this signal's connection, and passes every value on unchanged: `subscribe`
  /// when it connects upstream (its first observer), `value <value>` for each value, `last observer left` when it
  /// disconnects, and `resubscribe` when an observer comes back after that. Each line starts with `prefix` and a
  /// colon when `prefix` is not empty.
  ///
  /// ```swift
  /// let credit = CurrentValueSubject(0)
  /// let subscription = credit.print("credit").subscribe { _ in }   // prints "credit: subscribe", "credit: value 0"
  /// credit.value = 5                                                // prints "credit: value 5"
  /// subscription.cancel()                                           // prints "credit: last observer left"
  /// ```
  ///
  /// The lines go to standard output, or to `stream` (kept by the signal; written in its isolation domain). A value
  /// is written as `String(describing:)` writes it. See ``handleEvents(receiveSubscription:receiveOutput:receiveCancel:)``
  /// for closures of your own. Combine's `print(_:to:)`; RxSwift's `debug(_:)`.
  ///
  /// - Complexity: O(1) per value, plus describing it.
  @inlinable
  public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Signal<Value> {
    let log = EventLog(prefix: prefix, stream: stream)
    return handleEvents(
      kind: .print,
      receiveSubscription: { log.write(log.hasConnected ? "resubscribe" : "subscribe", connecting: true) },
      receiveOutput: { log.write("value \($0)") },
      receiveCancel: { log.write("last observer left") })
  }
}

/// Where ``Signal/print(_:to:)`` writes its lines, and whether its signal has connected before.
@usableFromInline
final class EventLog {
  @usableFromInline let prefix: String
  @usableFromInline var stream: (any TextOutputStream)?
  /// Whether the signal has connected once: its next connection is a resubscription.
  @usableFromInline var hasConnected = false

  @usableFromInline init(prefix: String, stream: (any TextOutputStream)?) {
    self.prefix = prefix
    self.stream = stream
  }

  /// Writes `event` as one line, after the prefix.
  @usableFromInline func write(_ event: String, connecting: Bool = false) {
    if connecting { hasConnected = true }
    let line = prefix.isEmpty ? event : "\(prefix): \(event)"
    if stream != nil {
      stream!.write(line + "\n")
    } else {
      Swift.print(line)
    }
  }
}
