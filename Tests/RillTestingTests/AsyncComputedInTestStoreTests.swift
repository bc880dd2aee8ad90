import Rill
import RillStore
import Testing

@testable import RillTesting

/// How the DocC article *Async derived state* says to test an `AsyncComputed` over a store: send the action, then
/// await its settled state.
@MainActor @Suite struct AsyncComputedInTestStoreTests {
  @Test func anAsyncComputedOverAStoreIsAwaitedWithSettled() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    let label = AsyncComputed { [store = store.store] () async throws -> String in
      let count = store.currentState.count  // read before the suspension: a dependency
      await Task.yield()
      return "count \(count)"
    }
    let first = await label.settled()
    #expect(first.value == "count 0")
    store.send(.increase) { $0.count = 1 }
    let next = await label.settled()
    #expect(next.value == "count 1")
    await store.finish()
  }
}
