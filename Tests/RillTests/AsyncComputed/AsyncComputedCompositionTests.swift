import Foundation
import Testing

@testable import Rill

/// `AsyncComputed` with the rest of the library: operators, `combine`, computeds and effects that read it (glitch-free
/// with both graphs), results as propagations of their own, the debounce its cancellation gives, and the inspection.
@MainActor @Suite(.freesEverything, .timeLimit(.minutes(5))) struct AsyncComputedCompositionTests {
  let query = CurrentValueSubject("a")
  let loads = Loads<String, String>()

  func searchResults() -> AsyncComputed<String> { loadingSearch(of: query, with: loads) }

  @Test func operatorsSeeItsStates() async {
    let results = searchResults()
    var statuses: [AsyncStatus] = []
    let subscription = results.map(\.status).removeDuplicates().subscribe { statuses.append($0) }
    await loads.succeed("a", with: "A")
    query.value = "b"
    await loads.fail("b", with: LoadError("offline"))
    #expect(statuses == [.loading, .loaded, .loading, .failed])
    subscription.cancel()
  }

  /// In the write's propagation the query and the results' loading state arrive together: `combine` emits once,
  /// never the new query beside the old, loaded results.
  @Test func combineWithWhatItReadsIsGlitchFree() async {
    let results = searchResults()
    var pairs: [String] = []
    let subscription = combine(query, results).subscribe { pairs.append("\($0.0): \(brief($0.1))") }
    await loads.succeed("a", with: "A")
    query.value = "b"
    await loads.succeed("b", with: "B")
    #expect(pairs == ["a: loading nil", "a: loaded A", "b: loading A", "b: loaded B"])
    subscription.cancel()
  }

  @Test func computedsAndEffectsTrackValueStatusAndError() async {
    let results = searchResults()
    let query = query
    let label = Computed { "\(query.value) → \(results.value ?? "…") (\(results.status))" }
    let failure = Computed { results.error.map { "\($0)" } ?? "none" }
    var seen: [String] = []
    let subscription = effect { seen.append("\(label.value), error \(failure.value)") }
    await loads.succeed("a", with: "A")
    query.value = "b"
    await loads.fail("b", with: LoadError("offline"))
    #expect(
      seen == [
        "a → … (loading), error none", "a → A (loaded), error none", "b → A (loading), error none",
        "b → A (failed), error offline",
      ])
    subscription.cancel()
  }

  /// A result is a write of its own: an effect that reads the results and another value runs once for it, after
  /// the propagation that started the work is over.
  @Test func aResultArrivesAsAPropagationOfItsOwn() async {
    let results = searchResults()
    let other = CurrentValueSubject(0)
    var runs: [String] = []
    let subscription = effect { runs.append("\(other.value) \(brief(results.state))") }
    batch {
      query.value = "b"
      other.value = 1
    }
    await loads.succeed("a", with: "A")  // stale: dropped
    await loads.succeed("b", with: "B")
    #expect(runs == ["0 loading nil", "1 loading nil", "1 loaded B"])
    subscription.cancel()
  }

  /// A profile by id, then its posts: the posts depend on the profile's value alone.
  @Test func oneAsyncComputedReadsAnother() async {
    let user = CurrentValueSubject(1)
    let profiles = Loads<Int, String>()
    let posts = Loads<String, String>()
    let profile = AsyncComputed { try await profiles.load(user.value) }
    let feed = AsyncComputed { () async throws -> String in
      guard let name = profile.value else { return "" }  // read before the suspension: a dependency
      return try await posts.load(name)
    }
    var heard: [String] = []
    let subscription = feed.subscribe { heard.append(brief($0)) }
    await profiles.succeed(1, with: "ann")
    await posts.succeed("ann", with: "ann's posts")
    user.value = 2
    await profiles.succeed(2, with: "bob")
    await posts.succeed("bob", with: "bob's posts")
    // The profile's reload (loading, its value kept) does not restart the posts: they read its value alone.
    #expect(heard == ["loaded ", "loading ", "loaded ann's posts", "loading ann's posts", "loaded bob's posts"])
    #expect(posts.started == ["ann", "bob"])
    subscription.cancel()
  }

  /// Cancellation gives a debounce for free: a query typed within 300 ms of the last cancels the last one's sleep.
  /// (The deadline is read before the suspension, so that it does not depend on when the sleep reaches the clock.)
  @Test func sleepingFirstDebouncesByCancellation() async {
    let clock = ManualClock()
    let query = query
    let loads = loads
    let results = AsyncComputed { () async throws -> String in
      let text = query.value
      try await clock.sleep(until: clock.now.advanced(by: .milliseconds(300)))
      return try await loads.load(text)
    }
    let subscription = results.subscribe { _ in }
    await clock.advance(by: .milliseconds(100))
    query.value = "ab"
    await clock.advance(by: .milliseconds(100))
    query.value = "abc"
    await clock.advance(by: .milliseconds(300))
    #expect(await eventually { !loads.started.isEmpty })
    #expect(loads.started == ["abc"])
    await loads.succeed("abc", with: "ABC")
    #expect(brief(results.state) == "loaded ABC")
    subscription.cancel()
  }

  @Test func theLiveGraphShowsItAndItsWork() async {
    let results = searchResults()
    let subscription = results.subscribe { _ in }
    let graph = query.liveGraph()
    #expect(graph.nodes.contains { $0.kind == .asyncComputed && $0.valueType == "AsyncValue<String>" })
    #expect(graph.nodes.contains { $0.kind == .asyncComputedWork })
    await loads.succeed("a", with: "A")
    subscription.cancel()
  }

  @Test func printShowsItsStates() async {
    final class Lines: TextOutputStream {
      var text = ""
      func write(_ string: String) { text += string }
    }
    let lines = Lines()
    let results = searchResults()
    let subscription = results.print("results", to: lines).subscribe { _ in }
    await loads.succeed("a", with: "A")
    #expect(lines.text.contains("loading"))
    #expect(lines.text.contains("loaded A"))
    subscription.cancel()
  }

  @Test func valuesGivesItsStatesToAnAsyncLoop() async {
    let results = searchResults()
    let loads = loads
    let reader = Task { @MainActor in
      var seen: [String] = []
      for await state in results.values {
        seen.append(brief(state))
        if state.status == .loaded { break }
      }
      return seen
    }
    #expect(await eventually { loads.isWaiting("a") })  // the loop subscribed: the work runs
    await loads.succeed("a", with: "A")
    #expect(await reader.value == ["loading nil", "loaded A"])
  }
}

extension AsyncComputedCompositionTests {
  /// Marked, its reads under Observation's tracking (a SwiftUI body) are told of the next change: the status of the
  /// next state, the value of the next success only.
  @Test func readsUnderObservationTrackingAreToldOfTheNextChange() async {
    let results = searchResults().reportingToObservation()
    let statusChanges = ChangeCounter()
    statusChanges.track { _ = results.status }
    let valueChanges = ChangeCounter()
    valueChanges.track { _ = results.value }
    await loads.succeed("a", with: "A")
    #expect(statusChanges.count == 1)
    #expect(valueChanges.count == 1)
    let statusAgain = ChangeCounter()
    statusAgain.track { _ = results.status }
    let valueAgain = ChangeCounter()
    valueAgain.track { _ = results.value }
    query.value = "b"  // loading: a new status, the same value
    #expect(statusAgain.count == 1)
    #expect(valueAgain.count == 0)
    await loads.succeed("b", with: "B")
    #expect(valueAgain.count == 1)
  }
}

extension AsyncComputedCompositionTests {
  /// An `Equatable` value: a reload that brings the same value back runs nothing that read the value.
  @Test func anEqualResultChangesNothingThatReadTheValue() async {
    let results = searchResults()
    var runs: [String] = []
    let subscription = effect { runs.append(results.value ?? "nil") }
    await loads.succeed("a", with: "A")
    results.reload()
    await loads.succeed("a", with: "A")
    #expect(runs == ["nil", "A"])
    results.reload()
    await loads.succeed("a", with: "A2")
    #expect(runs == ["nil", "A", "A2"])
    subscription.cancel()
  }

  /// A value that is not `Equatable`: every success is a change of the value.
  @Test func everySuccessOfAValueThatIsNotEquatableIsAChange() async {
    struct Page { let text: String }
    let query = query
    let pages = Loads<String, String>()
    let results = AsyncComputed { Page(text: try await pages.load(query.value)) }
    var runs: [String] = []
    let subscription = effect { runs.append(results.value?.text ?? "nil") }
    await pages.succeed("a", with: "A")
    results.reload()
    await pages.succeed("a", with: "A")
    #expect(runs == ["nil", "A", "A"])
    subscription.cancel()
  }
}
