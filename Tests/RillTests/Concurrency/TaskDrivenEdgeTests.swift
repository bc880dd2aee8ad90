import Testing

@testable import Rill

extension ConcurrencyTests {
  /// The time operators and `asyncMap` are one node each, fed by an edge (``TaskDrivenSignal``): no subscription,
  /// observer box or state cell upstream; the node keeps its task and its per-connection state, which the disconnect
  /// cancels and forgets.
  @MainActor @Suite(.timeLimit(.minutes(5))) struct TaskDrivenEdgeTests {
    enum Operator: CaseIterable {
      case debounce, throttle, throttleLatest, delay, timeout, asyncMap
    }

    static func apply(_ operator: Operator, to input: Signal<Int>, clock: ManualClock) -> Signal<Int> {
      switch `operator` {
      case .debounce: input.debounce(for: .seconds(10), clock: clock)
      case .throttle: input.throttle(for: .seconds(10), clock: clock, latest: false)
      case .throttleLatest: input.throttle(for: .seconds(10), clock: clock, latest: true)
      case .delay: input.delay(for: .seconds(10), clock: clock)
      case .timeout: input.timeout(.seconds(10), clock: clock, fallback: -1)
      case .asyncMap: input.map(.queue) { $0 * 2 }
      }
    }

    /// Connected, with a value on its way (a timer or a task running), the node is the one signal below the
    /// subject, and the subscriber's the one subscription; cancelled, the subject has no observer left.
    @Test(arguments: Operator.allCases)
    func isOneObjectWithNoSubscriptionUpstream(_ operator: Operator) {
      let clock = ManualClock()
      let scope = LiveObjectScope()
      let input = Subject<Int>()
      let subscription = LiveObjectScope.$current.withValue(scope) {
        let subscription = Self.apply(`operator`, to: input, clock: clock).subscribe { _ in }
        input.send(1)
        return subscription
      }
      #expect(scope.counts.signals == 1)
      #expect(scope.counts.subscriptions == 1)
      #expect(input.observerCount == 1)
      subscription.cancel()
      #expect(input.observerCount == 0)
    }

    /// A reconnect starts afresh: what the last connection had waiting (a delayed value, a throttle's held value and
    /// open window) is forgotten with its timer, and the new connection's first value is treated as a first value.
    @Test func aReconnectForgetsWhatTheLastConnectionHadWaiting() async {
      let clock = ManualClock()
      let input = Subject<Int>()
      let delayed = input.delay(for: .seconds(10), clock: clock)
      let throttled = input.throttle(for: .seconds(10), clock: clock, latest: true)
      var got: [String] = []
      var subscriptions = [
        delayed.subscribe { got.append("delay \($0)") }, throttled.subscribe { got.append("throttle \($0)") },
      ]
      input.send(1)  // the throttle emits 1 and opens a window; the delay holds 1
      input.send(2)  // the throttle holds 2; the delay holds 2
      subscriptions.removeAll()
      await clock.advance(toSecond: 5)
      subscriptions = [
        delayed.subscribe { got.append("delay \($0)") }, throttled.subscribe { got.append("throttle \($0)") },
      ]
      input.send(3)  // a first value again: the throttle emits it at once, the delay holds it alone
      await clock.advance(toSecond: 30)
      #expect(got == ["throttle 1", "throttle 3", "delay 3"])
      withExtendedLifetime(subscriptions) {}
    }
  }
}
