import Observation
import RillStore
import Testing

/// `Store.observable()`: the store as an `@Observable` object, tracked field by field.
@MainActor @Suite struct ObservableStoreTests {
  /// Counts the changes `withObservationTracking` reports for what `read` reads.
  final class Changes: @unchecked Sendable {
    var count = 0

    func track(_ read: () -> Void) {
      withObservationTracking(read) { self.count += 1 }
    }
  }

  @Test func readsTheStateFieldByField() {
    let store = counterStore()
    let counter = store.observable()
    store.dispatch(.add(2))
    store.dispatch(.rename("Ada"))
    #expect(counter.count == 2)
    #expect(counter.title == "Ada")
    #expect(counter.state == Counter(count: 2, title: "Ada"))
  }

  @Test func oneDispatchNotifiesAReaderOfTheFieldOnce() {
    let store = counterStore()
    let counter = store.observable()
    let changes = Changes()
    changes.track { _ = counter.count }
    store.dispatch(.increase)
    #expect(changes.count == 1)
  }

  @Test func aReaderOfOneFieldIsNotToldOfAChangeOfAnother() {
    let store = counterStore()
    let counter = store.observable()
    let countChanges = Changes()
    let titleChanges = Changes()
    countChanges.track { _ = counter.count }
    titleChanges.track { _ = counter.title }
    store.dispatch(.rename("Ada"))
    #expect(countChanges.count == 0)
    #expect(titleChanges.count == 1)
    store.dispatch(.increase)
    #expect(countChanges.count == 1)
  }

  @Test func aReaderOfTheWholeStateIsToldOfEveryChangeButNotOfAnEqualState() {
    let store = counterStore()
    let counter = store.observable()
    let changes = Changes()
    changes.track { _ = counter.state }
    store.dispatch(.rename(""))  // the same state
    #expect(changes.count == 0)
    store.dispatch(.rename("Ada"))
    #expect(changes.count == 1)
  }

  @Test func aBindingReadsTheFieldAndDispatchesWhenSet() {
    let store = counterStore()
    let counter = store.observable()
    let title = counter.binding(\.title) { .rename($0) }
    #expect(title.get() == "")
    title.set("Ada")
    #expect(title.get() == "Ada")
    #expect(store.history.entries.map(\.action) == [.rename("Ada")])
  }

  @Test func isFreedWithTheViewModelAndLeavesTheStoreUnobserved() {
    final class ViewModel {
      let store = counterStore()
      lazy var counter = store.observable()
    }
    var model: ViewModel? = ViewModel()
    weak let counter = model?.counter
    weak let store = model?.store
    #expect(counter?.count == 0)
    model = nil
    #expect(counter == nil)
    #expect(store == nil)
  }
}
