import RillStore
import Synchronization
import Testing

@Suite struct SelectTests {
  @Test func equatableKeyPathReplaysThenSkipsRepeats() {
    let store = counterStore()
    var counts: [Int] = []
    let subscription = store.select(\.count).subscribe { counts.append($0) }
    store.dispatch(.rename("a"))
    store.dispatch(.increase)
    store.dispatch(.add(0))
    store.dispatch(.increase)
    #expect(counts == [0, 1, 2])
    withExtendedLifetime(subscription) {}
  }

  @Test func skipsRepeatsComparedWithTheLastEmittedValue() {
    let store = counterStore()
    var counts: [Int] = []
    let subscription = store.select(\.count).subscribe { counts.append($0) }
    store.dispatch(.increase)
    store.dispatch(.decrease)
    store.dispatch(.decrease)
    store.dispatch(.increase)
    #expect(counts == [0, 1, 0, -1, 0])
    withExtendedLifetime(subscription) {}
  }

  @Test func sameKeyPathGivesTheSameSharedSignal() {
    let store = counterStore()
    #expect(store.select(\.count) === store.select(\.count))
    #expect(store.select(\.title) === store.select(\.title))
    #expect(store.select(\.count) !== store.state)
  }

  /// A field whose `==` counts its calls (in the task-local counter), to count comparisons.
  struct Score: Equatable {
    @TaskLocal static var comparisons: Counter?
    var value: Int

    /// A thread-safe count, as a task-local value must be.
    final class Counter: Sendable {
      let count = Mutex(0)
    }

    static func == (lhs: Score, rhs: Score) -> Bool {
      comparisons?.count.withLock { $0 += 1 }
      return lhs.value == rhs.value
    }
  }

  struct Board {
    var changing = Score(value: 0)
    var steady = Score(value: 0)
  }

  /// The store_dispatch_1000 benchmark's shape: 990 subscribers of a field that stays, 10 of one that
  /// changes. Each distinct key path is one shared node, so a dispatch costs one comparison per field
  /// and calls only the 10 subscribers whose field changed.
  @Test func subscribersOfOneFieldShareOneComparison() {
    let store = Store(initialState: Board(), reducer: Reducer<Board, Int> { $0.changing.value += $1 })
    var calls = 0
    var subscriptions: [Subscription] = []
    for index in 0..<1_000 {
      let field = index % 100 == 0 ? \Board.changing : \Board.steady
      store.select(field).subscribe { _ in calls += 1 }.store(in: &subscriptions)
    }
    calls = 0
    let comparisons = Score.Counter()
    Score.$comparisons.withValue(comparisons) {
      store.dispatch(1)
      store.dispatch(2)
    }
    #expect(comparisons.count.withLock { $0 } == 4)
    #expect(calls == 20)
    #expect(store.select(\.changing) === store.select(\.changing))
  }

  @Test func latecomerGetsTheLastEmittedValue() {
    let store = counterStore()
    let first = store.select(\.count).subscribe { _ in }
    store.dispatch(.add(7))
    var seen: [Int] = []
    let second = store.select(\.count).subscribe { seen.append($0) }
    #expect(seen == [7])
    withExtendedLifetime((first, second)) {}
  }

  @Test func nonEquatableKeyPathEmitsForEveryState() {
    struct Box { var value: Int }
    let store = Store(initialState: Box(value: 1), reducer: Reducer<Box, Int> { $0.value = $1 })
    var seen: [Int] = []
    let subscription = store.select(\.self).subscribe { seen.append($0.value) }
    store.dispatch(1)
    store.dispatch(2)
    #expect(seen == [1, 1, 2])
    #expect(store.select(\.self) === store.select(\.self))
    withExtendedLifetime(subscription) {}
  }

  @Test func equatableClosureSkipsRepeats() {
    let store = counterStore()
    var seen: [Bool] = []
    let subscription = store.select { $0.count % 2 == 0 }.subscribe { seen.append($0) }
    store.dispatch(.add(2))
    store.dispatch(.increase)
    store.dispatch(.rename("x"))
    store.dispatch(.increase)
    #expect(seen == [true, false, true])
    withExtendedLifetime(subscription) {}
  }

  @Test func nonEquatableClosureEmitsForEveryState() {
    struct Label { var text: String }
    let store = counterStore()
    var seen: [String] = []
    let subscription = store.select { Label(text: "\($0.count)") }.subscribe { seen.append($0.text) }
    store.dispatch(.rename("x"))
    store.dispatch(.increase)
    #expect(seen == ["0", "0", "1"])
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchFromASelectionSubscriberIsQueued() {
    let store = counterStore()
    var log: [String] = []
    let first = store.select(\.count).subscribe { count in
      log.append("count \(count)")
      if count == 1 { store.dispatch(.rename("one")) }
    }
    let second = store.select(\.title).subscribe { log.append("title \($0)") }
    store.dispatch(.increase)
    #expect(log == ["count 0", "title ", "count 1", "title one"])
    withExtendedLifetime((first, second)) {}
  }

  /// Issue 11.3: the store shares a `select(keyPath)` node while it is in use and frees it with its
  /// last subscriber (and with the caller's last reference to it).
  @Test func selectionNodesAreFreedWithTheirLastSubscriber() {
    struct Grid { var cells = Array(repeating: 0, count: 1_000) }
    let store = Store(initialState: Grid(), reducer: Reducer<Grid, Int> { $0.cells[$1] += 1 })
    var nodes: [Weak] = []
    var subscriptions: [Subscription] = []
    for index in 0..<1_000 {
      let node = store.select(\Grid.cells[index])
      nodes.append(Weak(node))
      subscriptions.append(node.subscribe { _ in })
    }
    #expect(nodes.count { $0.object != nil } == 1_000)
    store.dispatch(7)
    for subscription in subscriptions { subscription.cancel() }
    subscriptions = []
    #expect(nodes.count { $0.object != nil } == 0)
  }

  @Test func aSelectionInUseIsSharedAndAFreedOneIsMadeAgain() {
    let store = counterStore()
    var seen: [Int] = []
    let subscription = store.select(\.count).subscribe { seen.append($0) }
    #expect(store.select(\.count) === store.select(\.count))
    store.dispatch(.increase)
    subscription.cancel()
    let again = store.select(\.count).subscribe { seen.append($0) }
    #expect(seen == [0, 1, 1])
    withExtendedLifetime(again) {}
  }

  final class Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }
}
