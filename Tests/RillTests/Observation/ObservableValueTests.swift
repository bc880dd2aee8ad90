import Observation
import Testing

@testable import Rill

/// `Signal.observable()`: an `@Observable` object holding a signal's latest value.
@MainActor @Suite struct ObservableValueTests {
  struct Form: Equatable {
    var name = "Ada"
    var count = 0
  }

  @Test func startsWithTheReplayedValueAndFollowsTheSignal() {
    let subject = CurrentValueSubject(Form())
    let form = subject.observable()
    #expect(form.value == Form())
    subject.value.count = 2
    #expect(form.count == 2)
    #expect(form.value == Form(name: "Ada", count: 2))
  }

  @Test func oneChangeNotifiesAReaderOfTheValueOnce() {
    let subject = CurrentValueSubject(Form())
    let form = subject.observable()
    let changes = ChangeCounter()
    changes.track { _ = form.value }
    subject.value.count = 1
    #expect(changes.count == 1)
  }

  @Test func anEqualValueNotifiesNoReader() {
    let subject = CurrentValueSubject(Form())
    let form = subject.observable()
    let changes = ChangeCounter()
    changes.track { _ = form.value }
    subject.value = Form()
    #expect(changes.count == 0)
  }

  @Test func aReaderOfOneFieldIsNotToldOfAnother() {
    let subject = CurrentValueSubject(Form())
    let form = subject.observable()
    let countChanges = ChangeCounter()
    let nameChanges = ChangeCounter()
    countChanges.track { _ = form.count }
    nameChanges.track { _ = form.name }
    subject.value.name = "Grace"
    #expect(countChanges.count == 0)
    #expect(nameChanges.count == 1)
    subject.value.count = 5  // the first tracking of count is still pending
    #expect(countChanges.count == 1)
    #expect(nameChanges.count == 1)
    #expect(form.count == 5)
    #expect(form.name == "Grace")
  }

  @Test func aNonEquatableFieldNotifiesOnEveryValue() {
    struct Box { var items: [() -> Void] = [] }
    let subject = CurrentValueSubject(Box())
    let box = subject.observable()
    let changes = ChangeCounter()
    changes.track { _ = box.items }
    subject.value = Box()
    #expect(changes.count == 1)
  }

  @Test func aNonReplayingSignalStartsWithTheInitialValue() {
    let subject = Subject<Int>()
    let latest = subject.observable(initial: 0)
    #expect(latest.value == 0)
    subject.send(3)
    #expect(latest.value == 3)
  }

  @Test func isFreedWithItsOwnerAndEndsItsSubscription() {
    final class ViewModel {
      let subject = CurrentValueSubject(0)
      lazy var latest = subject.map { $0 * 2 }.observable()
    }
    var model: ViewModel? = ViewModel()
    weak let latest = model?.latest
    let subject = model!.subject
    #expect(latest?.value == 0)
    model = nil
    #expect(latest == nil)
    #expect(subject.observerCount == 0)  // its subscription ended, and the map node with it
  }
}
