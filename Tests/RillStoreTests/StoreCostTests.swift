import RillStore
import TestSupport
import Testing

/// What a dispatch costs: no allocation in steady state, no copy of the state.
@Suite struct StoreCostTests {
  @Test(.allocationsCounted)
  func dispatchAllocatesNothingInSteadyState() {
    let store = counterStore(recording: .disabled)
    var total = 0
    let subscription = store.state.subscribe { total &+= $0.count }
    let counts = store.select(\.count).subscribe { total &+= $0 }
    store.dispatch(.increase)
    let count = allocations {
      for _ in 0..<1_000 { store.dispatch(.increase) }
    }
    #expect(count == 0)
    #expect(total > 0)
    withExtendedLifetime((subscription, counts)) {}
  }

  @Test(.allocationsCounted)
  func dispatchThroughMiddlewareAndFromSubscribersAllocatesNothingInSteadyState() {
    let passThrough = Middleware<Counter, CounterAction> { _, action, next in next(action) }
    let store = counterStore(middleware: [passThrough, passThrough], recording: .disabled)
    let subscription = store.select(\.count).subscribe { count in
      if count % 2 == 1 { store.dispatch(.increase) }
    }
    store.dispatch(.increase)
    let count = allocations {
      for _ in 0..<1_000 { store.dispatch(.increase) }
    }
    #expect(count == 0)
    #expect(store.currentState == Counter(count: 2_002))
    withExtendedLifetime(subscription) {}
  }

  @Test(.allocationsCounted)
  func recordingHistoryAllocatesOnlyToGrowItsArrays() {
    let store = counterStore()
    let subscription = store.state.subscribe { _ in }
    store.dispatch(.increase)
    let count = allocations {
      for _ in 0..<10_000 { store.dispatch(.increase) }
    }
    #expect(count < 40)
    withExtendedLifetime(subscription) {}
  }

  /// A state whose storage counts the times it is copied: a reducer that appends copies it only
  /// when the storage is shared.
  struct Tally {
    final class Storage {
      var elements: [Int]
      let copies: CallCounter
      init(_ elements: [Int], copies: CallCounter) {
        self.elements = elements
        self.copies = copies
      }
    }
    var storage: Storage
    var count: Int { storage.elements.count }

    mutating func append(_ element: Int) {
      if !isKnownUniquelyReferenced(&storage) {
        storage.copies.count += 1
        storage = Storage(storage.elements, copies: storage.copies)
      }
      storage.elements.append(element)
    }
  }

  /// Issue 11.1: the state is held once, so a dispatch changes it in place, with subscribers of the
  /// state and of a selection attached.
  @Test(arguments: [HistoryRecording.bounded(100), .disabled, .bounded(3)])
  func aDispatchDoesNotCopyTheState(recording: HistoryRecording) {
    let copies = CallCounter()
    let store = Store(
      initialState: Tally(storage: Tally.Storage([], copies: copies)),
      reducer: Reducer<Tally, Int> { state, element in state.append(element) }, recording: recording)
    var counts: [Int] = []
    let subscriptions = [
      store.state.subscribe { counts.append($0.count) },
      store.select(\.count).subscribe { counts.append($0) },
    ]
    // The first dispatch copies the initial state, which stays for import; a bounded recording's first
    // trim copies it once more, into the state undo starts from. From then on, nothing.
    for element in 0..<300 { store.dispatch(element) }
    #expect(copies.count <= 2)
    copies.count = 0
    for element in 0..<1_000 { store.dispatch(element) }
    #expect(copies.count == 0)
    #expect(counts.count == 2 * 1_301)
    #expect(store.currentState.count == 1_300)
    withExtendedLifetime(subscriptions) {}
  }

  /// The state a subscriber keeps is its own copy: the next dispatch copies once, then no more.
  @Test func aSubscriberThatKeepsTheStateCostsOneCopy() {
    let copies = CallCounter()
    let store = Store(
      initialState: Tally(storage: Tally.Storage([], copies: copies)),
      reducer: Reducer<Tally, Int> { state, element in state.append(element) })
    store.dispatch(0)
    var kept: Tally?
    let subscription = store.state.subscribe { if $0.count == 2 { kept = $0 } }
    copies.count = 0
    for element in 1...100 { store.dispatch(element) }
    #expect(copies.count == 1)
    #expect(kept?.count == 2)
    withExtendedLifetime(subscription) {}
  }
}
