import Foundation
import RillStore
import Testing

@Suite struct HistoryTests {
  @Test func recordsEachActionWithItsDate() {
    let store = counterStore()
    let before = Date()
    store.dispatch(.increase)
    store.dispatch(.rename("a"))
    let after = Date()
    #expect(store.history.entries.map(\.action) == [.increase, .rename("a")])
    #expect(store.history.entries.allSatisfy { before <= $0.date && $0.date <= after })
    #expect(store.history.position == 2)
  }

  @Test func undoAndRedoMoveThroughTheHistory() {
    let store = counterStore()
    store.dispatch(.increase)
    store.dispatch(.add(10))
    store.undo()
    #expect(store.currentState == Counter(count: 1))
    #expect(store.history.position == 1)
    #expect(store.history.entries.count == 2)
    #expect(store.canRedo)
    store.undo()
    #expect(store.currentState == Counter())
    #expect(!store.canUndo)
    store.undo()
    #expect(store.currentState == Counter())
    store.redo()
    store.redo()
    #expect(store.currentState == Counter(count: 11))
    #expect(!store.canRedo)
    store.redo()
    #expect(store.currentState == Counter(count: 11))
  }

  @Test func timeTravelNotifiesSubscribers() {
    let store = counterStore()
    var counts: [Int] = []
    let subscription = store.select(\.count).subscribe { counts.append($0) }
    store.dispatch(.increase)
    store.dispatch(.increase)
    store.undo()
    store.jump(to: 0)
    store.redo()
    #expect(counts == [0, 1, 2, 1, 0, 1])
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchAfterUndoDropsTheUndoneFuture() {
    let store = counterStore()
    store.dispatch(.increase)
    store.dispatch(.add(10))
    store.dispatch(.add(100))
    store.undo()
    store.undo()
    store.dispatch(.rename("new"))
    #expect(store.history.entries.map(\.action) == [.increase, .rename("new")])
    #expect(store.history.position == 2)
    #expect(store.currentState == Counter(count: 1, title: "new"))
    #expect(!store.canRedo)
  }

  @Test func jumpRecomputesTheStateAtAnyPosition() {
    let store = counterStore()
    for amount in 1...200 { store.dispatch(.add(amount)) }
    for position in [0, 1, 63, 64, 65, 128, 150, 199, 200, 3] {
      store.jump(to: position)
      #expect(store.currentState == Counter(count: position * (position + 1) / 2))
    }
  }

  @Test func jumpNearTheEndOfALongHistoryReplaysFromASnapshot() {
    let calls = CallCounter()
    let store = counterStore(calls: calls)
    for _ in 0..<10_000 { store.dispatch(.increase) }
    calls.count = 0
    store.jump(to: 9_990)
    #expect(store.currentState == Counter(count: 9_990))
    #expect(calls.count < 64)
    calls.count = 0
    store.undo()
    #expect(store.currentState == Counter(count: 9_989))
    #expect(calls.count < 64)
    calls.count = 0
    store.redo()
    #expect(calls.count == 1)
  }

  @Test func replaysOnlyRecordedActionsWithoutRunningMiddlewareAgain() {
    let passes = CallCounter()
    let doubling = Middleware<Counter, CounterAction> { _, action, next in
      passes.count += 1
      if case .add(let amount) = action { next(.add(amount * 2)) } else { next(action) }
    }
    let store = counterStore(middleware: [doubling])
    store.dispatch(.add(1))
    store.dispatch(.add(2))
    store.jump(to: 0)
    store.jump(to: 2)
    #expect(store.currentState == Counter(count: 6))
    #expect(passes.count == 2)
  }

  @Test func undoFromASubscriberIsQueued() {
    let store = counterStore()
    var counts: [Int] = []
    let subscription = store.state.subscribe { state in
      counts.append(state.count)
      if state.count == 2 { store.undo() }
    }
    store.dispatch(.increase)
    store.dispatch(.increase)
    #expect(counts == [0, 1, 2, 1])
    #expect(store.history.position == 1)
    withExtendedLifetime(subscription) {}
  }

  @Test func boundedRecordingKeepsTheMostRecentActions() {
    let store = counterStore(recording: .bounded(100))
    for _ in 0..<1_000 { store.dispatch(.increase) }
    let history = store.history
    #expect((100..<200).contains(history.entries.count))
    #expect(history.position == history.entries.count)
    store.jump(to: 0)
    #expect(store.currentState == Counter(count: 1_000 - history.entries.count))
    store.jump(to: history.entries.count)
    #expect(store.currentState == Counter(count: 1_000))
    #expect(throws: HistoryExportError.entriesDropped(count: 1_000 - history.entries.count)) {
      try store.exportHistory()
    }
  }

  /// Issue 20.9: the default recording, `.bounded(100)`, exports the whole session until it holds 200
  /// actions; then it has folded the oldest 100 into its starting state, and the error says to record
  /// with `.unbounded`.
  @Test func theDefaultRecordingExportsUntilItFoldsThenSaysToRecordUnbounded() throws {
    let store = Store(initialState: Counter(), reducer: counterReducer())
    for _ in 0..<199 { store.dispatch(.increase) }
    let replay = Store(initialState: Counter(), reducer: counterReducer())
    try replay.importHistory(store.exportHistory())
    #expect(replay.history == store.history)
    #expect(replay.currentState == Counter(count: 199))
    for _ in 0..<51 { store.dispatch(.increase) }
    #expect(store.history.entries.count == 150)
    let error = try #require(throws: HistoryExportError.self) { try store.exportHistory() }
    #expect(error == .entriesDropped(count: 100))
    #expect(
      error.description
        == "cannot export the history: its bounded recording has folded the 100 oldest actions into the state "
        + "undo starts from (the default, .bounded(100), does so at 200), so the session no longer replays from "
        + "the initial state; to export whole sessions, create the store with `recording: .unbounded`")
  }

  @Test func boundedRecordingAfterUndoStillTrimsCorrectly() {
    let store = counterStore(recording: .bounded(3))
    for amount in 1...5 { store.dispatch(.add(amount)) }
    store.undo()
    for _ in 0..<4 { store.dispatch(.increase) }
    #expect(store.currentState == Counter(count: 1 + 2 + 3 + 4 + 4))
    // At 6 entries (2 × 3) the 3 oldest, add(1...3), were folded into the starting state.
    #expect(store.history.entries.map(\.action) == [.add(4), .increase, .increase, .increase, .increase])
    store.jump(to: 0)
    #expect(store.currentState == Counter(count: 1 + 2 + 3))
  }

  @Test func disabledRecordingKeepsNothing() {
    let store = counterStore(recording: .disabled)
    store.dispatch(.increase)
    #expect(store.history.entries.isEmpty)
    #expect(!store.canUndo)
    store.undo()
    #expect(store.currentState == Counter(count: 1))
    #expect(throws: HistoryExportError.recordingDisabled) { try store.exportHistory() }
  }

  /// Issue 11.4: a jump queued behind a dispatch that drops the undone future is checked when its
  /// turn comes, like undo and redo: out of range by then, it does nothing.
  @Test func aQueuedJumpThatIsNoLongerInRangeDoesNothing() async {
    await #expect(processExitsWith: .success) {
      let store = Store(initialState: 0, reducer: Reducer<Int, Int> { $0 += $1 }, recording: .unbounded)
      store.dispatch(1)
      store.dispatch(10)
      store.dispatch(100)
      store.jump(to: 0)
      var armed = true
      let subscription = store.state.subscribe { _ in
        guard armed, store.history.position == 1 else { return }
        armed = false
        store.dispatch(1_000)  // queued: drops the two undone entries
        store.jump(to: 3)  // in range now, out of range when its turn comes
      }
      store.redo()
      precondition(store.currentState == 1_001 && store.history.entries.count == 2)
      precondition(store.history.position == 2)
      withExtendedLifetime(subscription) {}
    }
  }

  /// A jump queued behind a dispatch that makes a bounded recording trim is checked the same way.
  @Test func aQueuedJumpPastABoundedTrimDoesNothing() async {
    await #expect(processExitsWith: .success) {
      let store = Store(initialState: 0, reducer: Reducer<Int, Int> { $0 += $1 }, recording: .bounded(2))
      store.dispatch(1)
      store.dispatch(10)
      var armed = true
      let subscription = store.state.subscribe { _ in
        guard armed, store.history.entries.count == 3 else { return }
        armed = false
        store.dispatch(1_000)  // queued: the history reaches 4 entries and trims to 2
        store.jump(to: 3)  // in range now (3 entries), out of range when its turn comes
      }
      store.dispatch(100)
      precondition(store.currentState == 1_111 && store.history.entries.count == 2)
      precondition(store.history.position == 2)
      withExtendedLifetime(subscription) {}
    }
  }

  /// Issue 11.3: the default recording is bounded, so a long-running app's history stays flat;
  /// undo still reaches back 100 actions.
  @Test func theDefaultRecordingKeepsTheLast100ActionsAtLeast() {
    let store = Store(initialState: 0, reducer: Reducer<Int, Int> { $0 += $1 })
    for _ in 0..<10_000 { store.dispatch(1) }
    #expect((100..<200).contains(store.history.entries.count))
    for _ in 0..<100 { store.undo() }
    #expect(store.currentState == 9_900)
    store.jump(to: store.history.entries.count)
    #expect(store.currentState == 10_000)
  }

  /// Issue 11.3: an app keeps chosen actions out of the history. They change the state as usual;
  /// undo goes back past them with the recorded action before them, and redo brings both back.
  @Test(arguments: [HistoryRecording.unbounded, .bounded(2)])
  func unrecordedActionsChangeTheStateButAreNoEntries(recording: HistoryRecording) {
    let store = Store(
      initialState: Counter(), reducer: counterReducer(), recording: recording,
      records: { if case .rename = $0 { false } else { true } })
    store.dispatch(.increase)
    store.dispatch(.rename("hover"))
    store.dispatch(.rename("hover again"))
    #expect(store.history.entries.map(\.action) == [.increase])
    #expect(store.currentState == Counter(count: 1, title: "hover again"))
    store.undo()
    #expect(store.currentState == Counter())
    store.redo()
    #expect(store.currentState == Counter(count: 1, title: "hover again"))
    store.dispatch(.add(10))
    store.dispatch(.rename("x"))
    store.dispatch(.add(100))
    store.dispatch(.increase)
    store.undo()
    store.undo()
    #expect(store.currentState == Counter(count: 11, title: "x"))
    store.redo()
    store.redo()
    #expect(store.currentState == Counter(count: 112, title: "x"))
  }

  /// Unrecorded actions stay out of a bounded history's count, and its folding keeps their changes.
  @Test func aBoundedHistoryFoldsUnrecordedChanges() {
    let store = Store(
      initialState: Counter(), reducer: counterReducer(), recording: .bounded(3),
      records: { if case .rename = $0 { false } else { true } })
    for round in 0..<50 {
      store.dispatch(.increase)
      store.dispatch(.rename("\(round)"))
      for _ in 0..<10 { store.dispatch(.rename("r\(round)")) }
    }
    #expect((3..<6).contains(store.history.entries.count))
    let depth = store.history.position
    for _ in 0..<depth { store.undo() }
    #expect(store.currentState == Counter(count: 50 - depth, title: "r\(49 - depth)"))
    store.jump(to: depth)
    #expect(store.currentState == Counter(count: 50, title: "r49"))
  }
}
