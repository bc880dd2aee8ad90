import RillStore
import Testing

/// A reducer must be pure: dispatching, time travel or reading the state from inside it stops the
/// program with a clear message.
@Suite struct StoreMisuseTests {
  @Test func dispatchFromAReducerStopsTheProgramWithAClearMessage() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class Holder: @unchecked Sendable { var store: Store<Int, Int>? }
      let holder = Holder()
      let store = Store(
        initialState: 0,
        reducer: Reducer<Int, Int> { state, action in
          state += action
          holder.store?.dispatch(1)
        })
      holder.store = store
      store.dispatch(1)
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("Store.dispatch(1) was called from inside a reducer. A reducer must be pure"))
  }

  @Test func undoFromAReducerStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      final class Holder: @unchecked Sendable { var store: Store<Int, Int>? }
      let holder = Holder()
      let store = Store(
        initialState: 0,
        reducer: Reducer<Int, Int> { state, action in
          state += action
          holder.store?.undo()
        })
      holder.store = store
      store.dispatch(1)
    }
  }

  /// Issue 11.4: the reducer runs in every replay (import, trim) as in a dispatch, so a dispatch
  /// from it meets the same clear stop instead of running or being queued.
  @Test func dispatchFromAReducerDuringAnImportStopsTheProgram() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class Holder: @unchecked Sendable { var store: Store<Int, Int>? }
      let holder = Holder()
      let source = Store(initialState: 0, reducer: Reducer<Int, Int> { $0 += $1 }, recording: .unbounded)
      source.dispatch(5)
      let store = Store(
        initialState: 0,
        reducer: Reducer<Int, Int> { state, action in
          state += action
          if action == 5 { holder.store?.dispatch(1) }
        })
      holder.store = store
      try? store.importHistory(try! source.exportHistory())
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("Store.dispatch(1) was called from inside a reducer"))
  }

  @Test func dispatchFromAReducerDuringABoundedTrimStopsTheProgram() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class Holder: @unchecked Sendable {
        var store: Store<Int, Int>?
        var reductions = 0
      }
      let holder = Holder()
      let store = Store(
        initialState: 0,
        reducer: Reducer<Int, Int> { state, action in
          state += action
          holder.reductions += 1
          // Two dispatches reduce twice; the second makes the history trim, whose replay is the third.
          if holder.reductions == 3 { holder.store?.dispatch(100) }
        }, recording: .bounded(1))
      holder.store = store
      store.dispatch(1)
      store.dispatch(1)
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("Store.dispatch(100) was called from inside a reducer"))
  }

  /// Issue 11.4: the state is stored with `@exclusivity(unchecked)`, so reading it while the reducer
  /// changes it would be an unchecked overlapping access; the store makes it a clear stop instead.
  @Test func readingTheStateFromInsideTheReducerStopsTheProgram() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class Holder: @unchecked Sendable { var store: Store<[Int], Int>? }
      let holder = Holder()
      let store = Store(
        initialState: [],
        reducer: Reducer<[Int], Int> { state, action in
          state.append(action)
          _ = holder.store?.currentState
        })
      holder.store = store
      store.dispatch(1)
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("Store.currentState was read from inside a reducer"))
  }
}
