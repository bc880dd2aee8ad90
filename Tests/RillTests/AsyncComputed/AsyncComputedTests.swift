import Testing

@testable import Rill

/// `AsyncComputed` (rule 15), against work the tests finish by hand: each rule of its documentation.
@MainActor @Suite(.freesEverything, .timeLimit(.minutes(5))) struct AsyncComputedTests {
  let query = CurrentValueSubject("a")
  let loads = Loads<String, String>()

  func searchResults() -> AsyncComputed<String> { loadingSearch(of: query, with: loads) }

  @Test func creatingItStartsNothing() async {
    let results = searchResults()
    #expect(loads.started.isEmpty)
    #expect(results.work.state(for: results.work.run).status == .idle)
    query.value = "b"
    #expect(loads.started.isEmpty)
  }

  @Test(arguments: ["value", "status", "error", "state"])
  func theFirstReadStartsTheWork(of property: String) async {
    let results = searchResults()
    switch property {
    case "value": #expect(results.value == nil)
    case "status": #expect(results.status == .loading)
    case "error": #expect(results.error == nil)
    default: #expect(brief(results.state) == "loading nil")
    }
    #expect(loads.started == ["a"])
    await loads.succeed("a", with: "A")
    #expect(brief(results.state) == "loaded A")
    #expect(loads.started == ["a"])
  }

  @Test func theFirstSubscriberStartsTheWorkAndHearsLoadingThenTheValue() async {
    let results = searchResults()
    var heard: [String] = []
    let subscription = results.subscribe { heard.append(brief($0)) }
    #expect(loads.started == ["a"])
    await loads.succeed("a", with: "A")
    #expect(heard == ["loading nil", "loaded A"])
    subscription.cancel()
  }

  @Test func theFirstEffectStartsTheWork() async {
    let results = searchResults()
    var seen: [String] = []
    let subscription = effect { seen.append("\(results.status) \(results.value ?? "nil")") }
    await loads.succeed("a", with: "A")
    #expect(seen == ["loading nil", "loaded A"])
    subscription.cancel()
  }

  @Test func whatItReadsBeforeItsFirstSuspensionIsWhatItDependsOn() async {
    let query = query
    let page = CurrentValueSubject(1)
    let loads = loads
    let results = AsyncComputed { () async throws -> String in
      let text = query.value
      let found = try await loads.load(text)
      return "\(found) page \(page.value)"  // read after the suspension: no dependency
    }
    var heard: [String] = []
    let subscription = results.subscribe { heard.append(brief($0)) }
    await loads.succeed("a", with: "A")
    page.value = 2
    #expect(loads.started == ["a"])
    query.value = "b"
    #expect(loads.started == ["a", "b"])
    await loads.succeed("b", with: "B")
    #expect(heard == ["loading nil", "loaded A page 1", "loading A page 1", "loaded B page 2"])
    subscription.cancel()
  }

  @Test func aChangeMarksItLoadingAtOnceKeepingTheLastValue() async {
    let results = searchResults()
    var heard: [String] = []
    let subscription = results.subscribe { heard.append(brief($0)) }
    await loads.succeed("a", with: "A")
    query.value = "b"
    #expect(heard.last == "loading A")  // synchronously with the write
    #expect(results.value == "A")
    await loads.succeed("b", with: "B")
    #expect(heard == ["loading nil", "loaded A", "loading A", "loaded B"])
    subscription.cancel()
  }

  @Test func aChangeWhileWorkRunsCancelsItAndDropsItsResult() async {
    let results = searchResults()
    var heard: [String] = []
    let subscription = results.subscribe { heard.append(brief($0)) }
    query.value = "b"  // a's work runs: cancelled
    await loads.succeed("b", with: "B")
    await loads.succeed("a", with: "A")  // returns anyway, after the newer work: dropped
    query.value = "c"
    query.value = "d"
    await loads.succeed("c", with: "C")  // returns before the newer work: dropped all the same
    await loads.succeed("d", with: "D")
    #expect(heard == ["loading nil", "loaded B", "loading B", "loaded D"])
    #expect(loads.cancelled == ["a", "c"])
    #expect(results.value == "D")
    subscription.cancel()
  }

  @Test func cancelledWorkSeesItsSleepThrow() async {
    let clock = ManualClock()
    let query = query
    var outcomes: [String] = []
    let results = AsyncComputed { () async throws -> String in
      let text = query.value
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        outcomes.append("\(text): \(type(of: error))")
        throw error
      }
      outcomes.append("\(text): slept")
      return text.uppercased()
    }
    var heard: [String] = []
    let subscription = results.subscribe { heard.append(brief($0)) }
    query.value = "b"
    #expect(await eventually { outcomes == ["a: CancellationError"] })
    #expect(await eventually { clock.sleeperCount == 1 })  // b's
    await clock.advance(by: .seconds(1))
    #expect(await eventually { outcomes == ["a: CancellationError", "b: slept"] })
    #expect(heard == ["loading nil", "loaded B"])  // the cancellation is no failure
    subscription.cancel()
  }

  @Test func aFailureKeepsTheValueAndTheNextSuccessClearsTheError() async {
    let results = searchResults()
    var heard: [String] = []
    let subscription = results.subscribe { heard.append(brief($0)) }
    await loads.succeed("a", with: "A")
    query.value = "b"
    await loads.fail("b", with: LoadError("offline"))
    #expect(results.status == .failed)
    #expect(results.value == "A")
    #expect((results.error as? LoadError) == LoadError("offline"))
    query.value = "c"
    #expect(results.error != nil)  // kept while it loads again
    await loads.succeed("c", with: "C")
    #expect(results.error == nil)
    #expect(heard == ["loading nil", "loaded A", "loading A", "failed offline A", "loading A", "loaded C"])
    subscription.cancel()
  }

  @Test func aFirstFailureHasNoValue() async {
    let results = searchResults()
    _ = results.status
    await loads.fail("a", with: LoadError("offline"))
    #expect(brief(results.state) == "failed offline nil")
  }

  @Test func theLastObserverLeavingCancelsTheWorkAndTheNextStartsItAgain() async {
    let results = searchResults()
    var subscription = results.subscribe { _ in }
    #expect(loads.started == ["a"])
    subscription.cancel()
    await loads.succeed("a", with: "A")  // its task was cancelled: dropped
    #expect(loads.cancelled == ["a"])
    var heard: [String] = []
    subscription = results.subscribe { heard.append(brief($0)) }
    #expect(loads.started == ["a", "a"])
    await loads.succeed("a", with: "A2")
    #expect(heard == ["loading nil", "loaded A2"])
    subscription.cancel()
  }

  @Test func theLastObserverLeavingALoadedValueKeepsIt() async {
    let results = searchResults()
    let subscription = results.subscribe { _ in }
    await loads.succeed("a", with: "A")
    subscription.cancel()
    #expect(brief(results.state) == "loaded A")
    #expect(loads.started == ["a"])
  }

  @Test func unobservedAWriteStartsNothingUntilTheNextRead() async {
    let results = searchResults()
    _ = results.value
    await loads.succeed("a", with: "A")
    query.value = "b"
    query.value = "c"
    #expect(loads.started == ["a"])
    #expect(brief(results.state) == "loading A")
    #expect(loads.started == ["a", "c"])
    await loads.succeed("c", with: "C")
    #expect(brief(results.state) == "loaded C")
  }

  @Test func reloadRunsAgainWithTheSameInputsKeepingTheValue() async {
    let results = searchResults()
    var heard: [String] = []
    let subscription = results.subscribe { heard.append(brief($0)) }
    await loads.succeed("a", with: "A")
    results.reload()
    #expect(heard.last == "loading A")
    await loads.succeed("a", with: "A2")
    #expect(heard == ["loading nil", "loaded A", "loading A", "loaded A2"])
    #expect(loads.started == ["a", "a"])
    subscription.cancel()
  }

  @Test func reloadWhileLoadingCancelsTheRunningWork() async {
    let results = searchResults()
    let subscription = results.subscribe { _ in }
    results.reload()
    await loads.succeed("a", with: "stale")
    #expect(results.status == .loading)
    await loads.succeed("a", with: "A")
    #expect(brief(results.state) == "loaded A")
    #expect(loads.cancelled == ["a"])
    subscription.cancel()
  }

  @Test func workThatDoesNotSuspendIsLoadedAtOnce() async {
    let query = query
    let results = AsyncComputed { query.value.uppercased() }
    var heard: [String] = []
    let subscription = results.subscribe { heard.append(brief($0)) }
    query.value = "b"
    #expect(heard == ["loaded A", "loaded B"])
    subscription.cancel()
  }

  @Test func workThatThrowsWithoutSuspendingFailsAtOnce() async {
    let results = AsyncComputed { () async throws -> Int in throw LoadError("bad") }
    #expect(brief(results.state) == "failed bad nil")
  }

  @Test func settledWaitsForTheCurrentInputsResult() async {
    let results = searchResults()
    let loads = loads
    let waiter = Task { @MainActor in brief(await results.settled()) }
    #expect(await eventually { loads.isWaiting("a") })
    query.value = "b"  // a's work goes stale: settled waits on
    await loads.succeed("a", with: "A")
    await loads.succeed("b", with: "B")
    #expect(await waiter.value == "loaded B")
    #expect(brief(await results.settled()) == "loaded B")  // at once
  }

  @Test func settledReturnsAFailure() async {
    let results = searchResults()
    let loads = loads
    let waiter = Task { @MainActor in brief(await results.settled()) }
    #expect(await eventually { loads.isWaiting("a") })
    await loads.fail("a", with: LoadError("offline"))
    #expect(await waiter.value == "failed offline nil")
  }

  @Test func aCancelledWaiterGetsTheStateThen() async {
    let results = searchResults()
    let loads = loads
    let waiter = Task { @MainActor in brief(await results.settled()) }
    #expect(await eventually { loads.isWaiting("a") })
    waiter.cancel()
    #expect(await waiter.value == "loading nil")
    await loads.succeed("a", with: "A")  // its observer left: cancelled, dropped
    #expect(loads.cancelled == ["a"])
  }
}
