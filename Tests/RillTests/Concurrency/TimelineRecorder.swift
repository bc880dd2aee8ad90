import Rill

extension ConcurrencyTests {
  /// Records what a signal emits as `"<seconds on the clock>:<value>"`, for timeline tests of the time
  /// operators.
  @MainActor final class TimelineRecorder<Value> {
    let clock: ManualClock
    private(set) var events: [String] = []
    private var subscription: Subscription?

    init(_ signal: Signal<Value>, clock: ManualClock) {
      self.clock = clock
      subscription = signal.subscribe { [unowned self] value in
        events.append("\(clock.now.offset.components.seconds):\(value)")
      }
    }

    func cancel() {
      subscription?.cancel()
      subscription = nil
    }
  }
}

extension ManualClock {
  /// Moves the clock to `seconds` after its start.
  func advance(toSecond seconds: Int64) async {
    await advance(to: .zero.advanced(by: .seconds(seconds)))
  }
}
