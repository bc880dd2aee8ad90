// Support code shared by every page of the playground.
public import Rill

#if canImport(PlaygroundSupport)
  import PlaygroundSupport
#endif

/// Records every value a signal delivers, printing each one as it arrives.
///
/// A timeline subscribes at once, so a replaying signal's current value is its first entry. It keeps
/// its subscription until ``cancel()`` or until the timeline itself is freed.
///
/// ```swift
/// let subject = Subject<Int>()
/// let numbers = Timeline("numbers", subject)
/// subject.send(1)           // prints "numbers: 1"
/// numbers.values            // [1]
/// ```
public final class Timeline<Value> {
  /// The label printed before each value.
  public let name: String
  /// Every value received so far, in order.
  public private(set) var values: [Value] = []
  private var subscription: Subscription?

  /// Subscribes to `signal` and starts recording.
  public init(_ name: String, _ signal: Signal<Value>) {
    self.name = name
    subscription = signal.subscribe { [unowned self] value in
      values.append(value)
      print("\(name): \(value)")
    }
  }

  /// Stops recording: the timeline hears nothing more.
  public func cancel() {
    subscription?.cancel()
    subscription = nil
  }
}

/// Prints a heading, to tell the parts of a page apart in the console.
public func section(_ title: String) {
  print("\n── \(title) ──")
}

/// Keeps the page running after its last line, so timers and tasks can still fire (needed in Xcode
/// only; on the command line the page's own `await` keeps it alive).
@MainActor public func playgroundShouldContinueIndefinitely() {
  #if canImport(PlaygroundSupport)
    PlaygroundPage.current.needsIndefiniteExecution = true
  #endif
}

/// Ends the page's execution (in Xcode; elsewhere it does nothing).
@MainActor public func finishPlaygroundPage() {
  #if canImport(PlaygroundSupport)
    PlaygroundPage.current.finishExecution()
  #endif
}
