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

  /// A dispatch from an observer of a value that the same computeds read: until the store's new state is delivered
  /// (queued behind the propagation, rule 5), computations read the state they have been told of, so none of them
  /// sees two states of one store at once (issue 30).
  @Test @MainActor func computationsReadTheDeliveredStateWhileADispatchWaits() {
    let store = counterStore()
    let page = CurrentValueSubject(0)
    let mixed = Computed { page.value * 100 + store.currentState.count }
    let count = Computed { store.currentState.count }
    var pairs: [String] = []
    let pair = combine(mixed, count).subscribe { pairs.append("\($0)/\($1)") }
    var seen: [String] = []
    let watch = effect { seen.append("\(mixed.value)/\(count.value)") }
    let dispatcher = page.subscribe { if $0 > 0 { store.dispatch(.increase) } }
    page.value = 1
    #expect(pairs == ["0/0", "100/0", "101/1"])
    #expect(seen == ["0/0", "100/0", "101/1"])
    #expect(store.currentState.count == 1)
    withExtendedLifetime((pair, watch, dispatcher)) {}
  }

  /// Outside a computation the state is the store's own, already new while its delivery waits (as documented).
  @Test @MainActor func anObserverReadsTheNewStateWhileItsDeliveryWaits() {
    let store = counterStore()
    let page = CurrentValueSubject(0)
    let count = Computed { store.currentState.count }
    let joined = Computed { page.value + count.value }  // the store's graph and the page's are one
    var read: [Int] = []
    let reader = page.subscribe { value in
      if value > 0 {
        store.dispatch(.increase)
        read.append(store.currentState.count)
        read.append(untracked { store.currentState.count })
      }
    }
    let keep = joined.subscribe { _ in }
    page.value = 1
    #expect(read == [1, 1])
    withExtendedLifetime((reader, keep)) {}
  }

  /// Rule 14 for a store: a dispatch from an effect to a store whose state computations read, in another graph, is
  /// queued behind the effect's propagation, as a write to a `CurrentValueSubject` of another graph is.
  @Test @MainActor func aDispatchFromAnEffectToAStoreOfAnotherGraphIsQueued() {
    let store = counterStore()
    let trigger = CurrentValueSubject(0)
    let mirror = CurrentValueSubject(0)
    var log: [String] = []
    let watch = effect { log.append("count \(store.currentState.count)") }
    let watchMirror = effect { log.append("mirror \(mirror.value)") }
    let dispatching = effect {
      if trigger.value > 0 {
        log.append("dispatching")
        store.dispatch(.increase)
        mirror.value = 1
        log.append("dispatched")
      }
    }
    log = []
    trigger.value = 1
    #expect(log == ["dispatching", "dispatched", "count 1", "mirror 1"])
    #expect(store.currentState.count == 1)
    withExtendedLifetime((watch, watchMirror, dispatching)) {}
  }

  /// Time travel from an effect is a write too: queued the same way.
  @Test @MainActor func anUndoFromAnEffectToAStoreOfAnotherGraphIsQueued() {
    let store = counterStore()
    store.dispatch(.increase)
    let trigger = CurrentValueSubject(0)
    var log: [String] = []
    let watch = effect { log.append("count \(store.currentState.count)") }
    let undoing = effect {
      if trigger.value > 0 {
        log.append("undoing")
        store.undo()
        log.append("undone")
      }
    }
    log = []
    trigger.value = 1
    #expect(log == ["undoing", "undone", "count 0"])
    withExtendedLifetime((watch, undoing)) {}
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
