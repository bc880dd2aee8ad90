import Rill
import RillStore
import Testing

/// Dispatches inside `batch`: joins over the store's selections settle once, and a new subscriber always gets
/// the current state (rule 2), during the batch and after it.
@Suite struct StoreBatchTests {
  struct Rectangle: Equatable {
    var width = 1
    var height = 1
  }

  enum Resize: Equatable {
    case width(Int)
    case height(Int)
  }

  static func rectangleStore() -> Store<Rectangle, Resize> {
    Store(
      initialState: Rectangle(),
      reducer: Reducer { state, action in
        switch action {
        case .width(let width): state.width = width
        case .height(let height): state.height = height
        }
      })
  }

  @Test func aJoinOverTwoSelectionsEmitsOnceForABatchOfDispatches() {
    let store = Self.rectangleStore()
    var areas: [Int] = []
    let area = combine(store.select(\.width), store.select(\.height)) { $0 * $1 }.subscribe { areas.append($0) }
    batch {
      store.dispatch(.width(3))
      store.dispatch(.height(4))
    }
    #expect(areas == [1, 12])
    withExtendedLifetime(area) {}
  }

  /// The hostile run's case: the join left work after the first dispatch, so the batch held the graph, and the
  /// store kept the state before it for replay and never dropped it.
  @Test func aSubscriberAfterABatchOfDispatchesGetsTheCurrentState() {
    let store = Self.rectangleStore()
    let area = combine(store.select(\.width), store.select(\.height)) { $0 * $1 }.subscribe { _ in }
    batch {
      store.dispatch(.width(3))
      store.dispatch(.height(4))
    }
    var replayed: [Rectangle] = []
    let late = store.state.subscribe { replayed.append($0) }
    #expect(replayed == [Rectangle(width: 3, height: 4)])
    store.dispatch(.width(5))
    #expect(replayed == [Rectangle(width: 3, height: 4), Rectangle(width: 5, height: 4)])
    var replayedLater: [Rectangle] = []
    let later = store.state.subscribe { replayedLater.append($0) }
    #expect(replayedLater == [Rectangle(width: 5, height: 4)])
    withExtendedLifetime((area, late, later)) {}
  }

  @Test func aSubscriberJoiningInsideTheBatchGetsTheStateAsOfThen() {
    let store = Self.rectangleStore()
    let area = combine(store.select(\.width), store.select(\.height)) { $0 * $1 }.subscribe { _ in }
    var replayed: [Rectangle] = []
    var late: Subscription?
    batch {
      store.dispatch(.width(3))
      late = store.state.subscribe { replayed.append($0) }
      store.dispatch(.height(4))
    }
    #expect(replayed == [Rectangle(width: 3, height: 1), Rectangle(width: 3, height: 4)])
    withExtendedLifetime((area, late)) {}
  }

  /// What reads the store's replay — a closure `select`, and time travel's delivery — starts from the current state too.
  @Test func aClosureSelectionAfterABatchStartsFromTheCurrentState() {
    let store = Self.rectangleStore()
    let area = combine(store.select(\.width), store.select(\.height)) { $0 * $1 }.subscribe { _ in }
    batch {
      store.dispatch(.width(3))
      store.dispatch(.height(4))
    }
    var perimeters: [Int] = []
    let perimeter = store.select { 2 * ($0.width + $0.height) }.subscribe { perimeters.append($0) }
    #expect(perimeters == [14])
    withExtendedLifetime((area, perimeter)) {}
  }

  @MainActor @Test func anObservableStoreMadeAfterABatchStartsFromTheCurrentState() {
    let store = Self.rectangleStore()
    let area = combine(store.select(\.width), store.select(\.height)) { $0 * $1 }.subscribe { _ in }
    batch {
      store.dispatch(.width(3))
      store.dispatch(.height(4))
    }
    let rectangle = store.observable()
    #expect(rectangle.state == Rectangle(width: 3, height: 4))
    withExtendedLifetime(area) {}
  }

  @Test func theFirstEntityObserverAfterABatchStartsFromTheCurrentModel() {
    let store = directoryStore([User(id: 1, name: "Ada")])
    let titles = combine(store.select(\.title), store.select(\.users)) { title, _ in title }.subscribe { _ in }
    batch {
      store.dispatch(.retitled("Team"))
      store.dispatch(.patched([UserPatch(id: 1, name: "Ada L.")]))
    }
    var names: [String] = []
    let ada = store.entity(1, in: \.users).subscribe { names.append($0?.name ?? "-") }
    #expect(names == ["Ada L."])
    withExtendedLifetime((titles, ada)) {}
  }

  @Test func undoInsideABatchLeavesTheCurrentStateForTheNextSubscriber() {
    let store = Self.rectangleStore()
    let area = combine(store.select(\.width), store.select(\.height)) { $0 * $1 }.subscribe { _ in }
    batch {
      store.dispatch(.width(3))
      store.dispatch(.height(4))
      store.dispatch(.width(5))
      store.undo()
    }
    var replayed: [Rectangle] = []
    let late = store.state.subscribe { replayed.append($0) }
    #expect(replayed == [Rectangle(width: 3, height: 4)])
    withExtendedLifetime((area, late)) {}
  }

  /// A dispatch made while the state's graph delivers another signal's value is queued there (rule 5), and until
  /// its turn a new subscriber gets the last delivered state: the fix must keep that, inside a batch too.
  @Test func aDispatchQueuedInTheGraphInsideABatchHoldsTheDeliveredStateUntilItsTurn() {
    let store = Self.rectangleStore()
    let trigger = Subject<Int>()
    var log: [String] = []
    var late: Subscription?
    let dispatcher = trigger.subscribe { height in
      store.dispatch(.height(height))  // queued in the graph: it is delivering `trigger`
      late = store.state.subscribe { log.append("late \($0.width)x\($0.height)") }
    }
    // Joins `trigger` with the store's graph, and leaves a settle pending after each dispatch.
    let joined = combine(trigger, store.select(\.width)) { $0 * $1 }.subscribe { log.append("joined \($0)") }
    batch {
      store.dispatch(.width(3))
      trigger.send(9)
    }
    #expect(log == ["late 3x1", "joined 27", "late 3x9"])
    var replayed: [Rectangle] = []
    let last = store.state.subscribe { replayed.append($0) }
    #expect(replayed == [Rectangle(width: 3, height: 9)])
    withExtendedLifetime((dispatcher, joined, late, last)) {}
  }

  /// A dispatch from the batch's body while an earlier one waits in the graph's queue (made from an observer)
  /// is delivered after it: subscribers see the store's states in the order they were reached, and the last
  /// one they see is the current state.
  @Test func aDispatchBehindAQueuedOneIsDeliveredAfterIt() {
    let store = Self.rectangleStore()
    let trigger = Subject<Int>()
    var states: [String] = []
    let dispatcher = trigger.subscribe { store.dispatch(.height($0)) }
    let joined = combine(trigger, store.select(\.width)) { $0 * $1 }.subscribe { _ in }
    let observer = store.state.subscribe { states.append("\($0.width)x\($0.height)") }
    batch {
      store.dispatch(.width(3))
      trigger.send(9)
      store.dispatch(.width(5))
    }
    #expect(states == ["1x1", "3x1", "3x9", "5x9"])
    #expect(store.currentState == Rectangle(width: 5, height: 9))
    var replayed: [Rectangle] = []
    let last = store.state.subscribe { replayed.append($0) }
    #expect(replayed == [Rectangle(width: 5, height: 9)])
    withExtendedLifetime((dispatcher, joined, observer, last)) {}
  }
}
