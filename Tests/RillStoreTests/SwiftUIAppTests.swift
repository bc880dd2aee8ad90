import Dispatch
import Observation
import RillStore
import Testing

/// The view model of the article "Rill in a SwiftUI app", without SwiftUI: a store, plain `@Observable` properties,
/// and computeds that read both, read by "the view" through `withObservationTracking`.
@MainActor @Observable final class CartScreen {
  var discountPercent = 0
  var pricePerItem = 3

  @ObservationIgnored let store = Store(initialState: AppCart(), reducer: appCartReducer)
  @ObservationIgnored var evaluations = 0

  @ObservationIgnored lazy var itemCount = Computed { [store] in
    store.currentState.quantities.values.reduce(0, +)
  }.reportingToObservation()

  @ObservationIgnored lazy var total = Computed { [unowned self] in
    evaluations += 1
    return itemCount.value * pricePerItem * (100 - discountPercent) / 100
  }.reportingToObservation()

  @ObservationIgnored lazy var summary = Computed { [unowned self] in
    itemCount.value == 0 ? "Your cart is empty" : "\(itemCount.value) items, \(total.value) €"
  }.reportingToObservation()
}

struct AppCart: Equatable {
  var quantities: [String: Int] = [:]
}

enum AppCartAction: Equatable {
  case add(String)
  case removeAll(String)
}

let appCartReducer = Reducer<AppCart, AppCartAction> { state, action in
  switch action {
  case .add(let name): state.quantities[name, default: 0] += 1
  case .removeAll(let name): state.quantities[name] = nil
  }
}

/// What a body does: reads `read` under tracking, and counts the times it is told.
@MainActor final class ViewRenders {
  var told = 0

  func render(_ read: () -> Void) {
    withObservationTracking(read) { [self] in MainActor.assumeIsolated { told += 1 } }
  }
}

/// Lets the main queue run what it has queued before now.
@MainActor func nextMainQueueTurn() async {
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { done.resume() }
  }
}

@MainActor @Suite struct SwiftUIAppTests {
  @Test func aDispatchTellsTheViewOnceWhenTheSummaryChanges() {
    let screen = CartScreen()
    let view = ViewRenders()
    var shown = ""
    view.render { shown = screen.summary.value }
    #expect(shown == "Your cart is empty")
    screen.store.dispatch(.add("apple"))
    #expect(view.told == 1)
    view.render { shown = screen.summary.value }
    #expect(shown == "1 items, 3 €")
    screen.store.dispatch(.removeAll("pear"))  // nothing the computeds read changes
    #expect(view.told == 1)
  }

  @Test func aPropertyOfTheModelIsNewAtOnceAndTellsTheViewOnTheNextTurn() async {
    let screen = CartScreen()
    screen.store.dispatch(.add("apple"))
    screen.store.dispatch(.add("apple"))
    let view = ViewRenders()
    view.render { _ = screen.summary.value }
    screen.discountPercent = 50
    #expect(screen.total.value == 3)  // new as soon as the write returned
    await nextMainQueueTurn()
    #expect(view.told == 1)
    #expect(screen.summary.value == "2 items, 3 €")
  }

  @Test func aDiscountOnAnEmptyCartTellsTheViewNothing() async {
    let screen = CartScreen()
    let view = ViewRenders()
    view.render { _ = screen.summary.value }
    screen.discountPercent = 10
    await nextMainQueueTurn()
    #expect(view.told == 0)
    #expect(screen.summary.value == "Your cart is empty")
  }

  @Test func eachChangeEvaluatesTheTotalOnce() async {
    let screen = CartScreen()
    _ = screen.total.value
    let before = screen.evaluations
    screen.pricePerItem = 4
    _ = screen.total.value
    _ = screen.total.value
    #expect(screen.evaluations == before + 1)
    screen.store.dispatch(.add("apple"))
    _ = screen.total.value
    #expect(screen.evaluations == before + 2)
  }

  @Test func theModelIsFreedWithItsComputeds() {
    weak var gone: CartScreen?
    do {
      let screen = CartScreen()
      _ = screen.summary.value
      gone = screen
    }
    #expect(gone == nil)
  }
}
