import Testing

@testable import Rill

/// An actor other than the main actor, to show that the operators run their tasks in any caller's actor.
actor Searcher {
  let clock = ManualClock()
  let query = Subject<String>()
  var heard: [String] = []
  var subscriptions: [Subscription] = []

  /// Builds each operator here, with its default `#isolation` (this actor), and records what they emit.
  func start() {
    let debounced = query.debounce(for: .seconds(10), clock: clock).map { "debounce \($0)" }
    let throttled = query.throttle(for: .seconds(10), clock: clock, latest: false).map { "throttle \($0)" }
    let delayed = query.delay(for: .seconds(10), clock: clock).map { "delay \($0)" }
    let task = Signal<String>.task { send in send("task") }
    for signal in [debounced, throttled, delayed, task] {
      subscriptions.append(
        signal.subscribe { [unowned self] value in
          self.assertIsolated("each operator delivers in the actor that built it")
          self.heard.append(value)
        })
    }
  }

  func send(_ value: String) { query.send(value) }

  /// Cancels explicitly, in the actor: freed on another thread than the one that made them (an actor's calls
  /// run on any thread), subscriptions would only be posted to their signals' inboxes (rule 8).
  func end() {
    for subscription in subscriptions { subscription.cancel() }
    subscriptions.removeAll()
  }
}

/// Builds a `Signal.task` in the actor passed as `isolation`: a nonisolated function can use the operators
/// when it has an isolated parameter to hand them.
func taskSignal(on isolation: isolated any Actor = #isolation) -> Signal<Int> {
  Signal<Int>.task(isolation: isolation) { send in send(1) }
}

extension ConcurrencyTests {
  /// The time operators, `Signal.task` and `Signal.from` take `isolation: isolated any Actor = #isolation`:
  /// an actor-isolated caller compiles and its actor runs their tasks. A nonisolated caller does not compile
  /// — there `#isolation` is `nil`, which the non-optional parameter rejects ("'nil' is not compatible with
  /// expected argument type 'any Actor'"); `Scripts/check-isolation-misuse.sh` pins that.
  @Suite(.timeLimit(.minutes(5))) struct IsolationParameterTests {
    @Test func theOperatorsRunInTheActorThatBuildsThem() async {
      let searcher = Searcher()
      await searcher.start()
      await searcher.send("r")
      await searcher.send("rill")
      await searcher.clock.advance(by: .seconds(10))
      await searcher.end()
      let heard = await searcher.heard
      #expect(heard.sorted() == ["debounce rill", "delay r", "delay rill", "task", "throttle r"])
    }

    @Test func anIsolatedParameterHandsItsActorToTheOperators() async {
      let values = await Task { @MainActor in
        var heard: [Int] = []
        let (ended, end) = AsyncStream<Void>.makeStream()
        let subscription = taskSignal().subscribe { value in
          heard.append(value)
          end.yield()
        }
        for await _ in ended { break }
        subscription.cancel()
        return heard
      }.value
      #expect(values == [1])
    }
  }
}
