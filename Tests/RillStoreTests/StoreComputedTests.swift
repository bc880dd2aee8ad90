import Rill
import RillStore
import Testing

/// The store's current state is a tracked read: a `Computed` or an `effect` that reads it runs again when the
/// state signal delivers a new state (issue 22).
@Suite struct StoreComputedTests {
  @Test @MainActor func aComputedOfTheCurrentStateFollowsDispatches() {
    let store = counterStore()
    var runs = 0
    let doubled = Computed {
      runs += 1
      return store.currentState.count * 2
    }
    #expect(doubled.value == 0)
    store.dispatch(.increase)
    store.dispatch(.increase)
    #expect(doubled.value == 4)
    #expect(runs == 2)
  }

  @Test @MainActor func anEffectRunsOncePerDispatchThatChangedWhatItRead() {
    let store = counterStore()
    let count = Computed { store.currentState.count }
    var seen: [Int] = []
    let subscription = effect { seen.append(count.value) }
    store.dispatch(.increase)
    store.dispatch(.rename("unrelated"))  // the state changes, the count does not: cut off
    store.dispatch(.add(2))
    #expect(seen == [0, 1, 3])
    withExtendedLifetime(subscription) {}
  }

  @Test @MainActor func aSubscribedComputedAndTheStateSignalAgree() {
    let store = counterStore()
    let title = Computed { store.currentState.title.uppercased() }
    var log: [String] = []
    let fromState = store.state.subscribe { log.append("state \($0.title)") }
    let fromComputed = title.subscribe { log.append("computed \($0)") }
    store.dispatch(.rename("a"))
    #expect(log == ["state ", "computed ", "state a", "computed A"])
    withExtendedLifetime((fromState, fromComputed)) {}
  }

  @Test @MainActor func undoIsAChangeLikeAnyOther() {
    let store = counterStore()
    let count = Computed { store.currentState.count }
    var seen: [Int] = []
    let subscription = effect { seen.append(count.value) }
    store.dispatch(.add(5))
    store.undo()
    #expect(seen == [0, 5, 0])
    withExtendedLifetime(subscription) {}
  }

  @Test @MainActor func aDispatchFromAnEffectRunsAfterThePropagation() {
    let store = counterStore()
    let source = CurrentValueSubject(0)
    var log: [String] = []
    let forward = effect {
      let value = source.value
      if value > 0 { store.dispatch(.add(value)) }
    }
    let watch = effect { log.append("count \(store.currentState.count)") }
    source.value = 3
    #expect(log == ["count 0", "count 3"])
    withExtendedLifetime((forward, watch)) {}
  }

  @Test func aDispatchFromInsideAComputedStopsTheProgram() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = counterStore()
      let writing = Computed {
        let count = store.currentState.count  // read first: the store's state is now tracked
        store.dispatch(.increase)
        return count
      }
      _ = writing.value
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("a write to a Store (dispatch) from inside a Computed's closure"))
  }
}
