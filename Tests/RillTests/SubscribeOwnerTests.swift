import Testing

@testable import Rill

@Suite(.freesEverything) struct SubscribeOwnerTests {
  final class Label {
    var texts: [String] = []
  }

  @Test func ownerIsHandedToTheObserver() {
    let credit = CurrentValueSubject(0)
    let label = Label()
    let subscription = credit.subscribe(owner: label) { label, value in label.texts.append("Credit: \(value)") }
    credit.value = 5
    #expect(label.texts == ["Credit: 0", "Credit: 5"])
    subscription.cancel()
  }

  @Test func ownerIsNotRetained() {
    let credit = CurrentValueSubject(0)
    weak var weakLabel: Label?
    do {
      let label = Label()
      weakLabel = label
      credit.subscribe(owner: label) { label, value in label.texts.append("\(value)") }
    }
    #expect(weakLabel == nil)
    credit.value = 1  // ends the subscription, which until now kept itself alive
  }

  @Test func subscriptionEndsAfterTheOwnerIsFreed() {
    let credit = Subject<Int>()
    var calls = 0
    var subscription: Subscription?
    do {
      let label = Label()
      subscription = credit.subscribe(owner: label) { _, _ in calls += 1 }
      credit.send(1)
    }
    credit.send(2)
    credit.send(3)
    #expect(calls == 1)
    #expect(subscription?.isCancelled == true)
  }

  @Test func earlyCancelStopsDelivery() {
    let credit = Subject<Int>()
    let label = Label()
    let subscription = credit.subscribe(owner: label) { label, value in label.texts.append("\(value)") }
    credit.send(1)
    subscription.cancel()
    credit.send(2)
    #expect(label.texts == ["1"])
  }

  @Test func droppingTheReturnedSubscriptionDoesNotCancel() {
    let credit = Subject<Int>()
    var label: Label? = Label()
    do {
      _ = credit.subscribe(owner: label!) { label, value in label.texts.append("\(value)") }
    }
    credit.send(1)
    #expect(label?.texts == ["1"])
    label = nil
    credit.send(2)  // the first value after the owner is freed ends the subscription
  }

  @Test func pipelineStaysConnectedUntilTheFirstValueAfterTheOwnerIsFreed() {
    let credit = Subject<Int>()
    var mapped = 0
    weak var weakNode: Signal<Int>?
    do {
      let label = Label()
      let node = credit.map { value -> Int in
        mapped += 1
        return value
      }
      weakNode = node
      node.subscribe(owner: label) { label, value in label.texts.append("\(value)") }
    }
    #expect(weakNode != nil)
    credit.send(1)
    #expect(weakNode == nil)
    credit.send(2)
    #expect(mapped == 1)
  }

  @Test func ownerBoundObserverIsReleasedAfterTheOwnerGoes() {
    final class Marker {}
    let credit = Subject<Int>()
    weak var weakMarker: Marker?
    do {
      let label = Label()
      let marker = Marker()
      weakMarker = marker
      credit.subscribe(owner: label) { _, _ in withExtendedLifetime(marker) {} }
    }
    #expect(weakMarker != nil)
    credit.send(1)
    #expect(weakMarker == nil)
  }
}

extension SubscribeOwnerTests {
  final class Model {
    let subject = Subject<Int>()
    let current = CurrentValueSubject(0)
    var seen: [Int] = []
  }

  /// The owner owns the signal it observes: before the fix the subscription kept the signal, whose observer
  /// kept the subscription, so neither the signal nor the observer was ever freed.
  @Test func aSignalOwnedByTheOwnerIsFreedWithIt() {
    weak var weakModel: Model?
    weak var weakSubject: Subject<Int>?
    weak var weakCurrent: CurrentValueSubject<Int>?
    weak var weakSubscription: Subscription?
    do {
      let model = Model()
      weakModel = model
      weakSubject = model.subject
      weakCurrent = model.current
      weakSubscription = model.subject.subscribe(owner: model) { model, value in model.seen.append(value) }
      model.current.subscribe(owner: model) { model, value in model.seen.append(value) }
      model.subject.send(1)
      model.current.value = 2
      #expect(model.seen == [0, 1, 2])
    }
    #expect(weakModel == nil)
    #expect(weakSubject == nil)
    #expect(weakCurrent == nil)
    #expect(weakSubscription == nil)
  }

  @Test func cancellingAfterTheSignalIsFreedIsHarmless() {
    let label = Label()
    var subscription: Subscription?
    do {
      let subject = Subject<Int>()
      subscription = subject.subscribe(owner: label) { label, value in label.texts.append("\(value)") }
      subject.send(1)
    }
    subscription?.cancel()
    #expect(subscription?.isCancelled == true)
    #expect(label.texts == ["1"])
  }
}

extension SubscribeOwnerTests {
  /// A view model that owns its source and keeps an owner-bound subscription of a pipeline derived from it in
  /// its own set: the hostile run's case.
  final class SearchModel {
    let query = CurrentValueSubject("")
    var results: [String] = []
    var subscriptions = Set<Subscription>()

    init(derived: Bool) {
      let signal = derived ? query.map { $0.uppercased() } : query
      signal.subscribe(owner: self) { model, text in model.results.append(text) }.store(in: &subscriptions)
    }
  }

  /// Before the fix, the connected `map` and the source held each other, and only a value after the owner's end
  /// could cancel the subscription: nothing could send one, so the source lived forever.
  @Test(arguments: [true, false])
  func aPipelineDerivedFromASourceTheOwnerOwnsIsFreedWithTheOwner(derived: Bool) {
    weak var weakModel: SearchModel?
    weak var weakQuery: CurrentValueSubject<String>?
    do {
      let model = SearchModel(derived: derived)
      weakModel = model
      weakQuery = model.query
      model.query.value = "rill"
      #expect(model.results == (derived ? ["", "RILL"] : ["", "rill"]))
    }
    #expect(weakModel == nil)
    #expect(weakQuery == nil)
  }

  /// Freed with its owner, the token ends the subscription at once: its observer is released and the pipeline
  /// disconnects from a source that lives on.
  @Test func theTokenFreedWithItsOwnerEndsTheSubscription() {
    final class Screen {
      var texts: [String] = []
      var subscriptions: [Subscription] = []
    }
    let source = Subject<Int>()
    var mapped = 0
    do {
      let screen = Screen()
      source.map { value -> Int in
        mapped += 1
        return value
      }
      .subscribe(owner: screen) { screen, value in screen.texts.append("\(value)") }
      .store(in: &screen.subscriptions)
      source.send(1)
    }
    #expect(source.observerCount == 0)
    source.send(2)
    #expect(mapped == 1)
  }

  /// Dropped while its owner lives, the token does not end the subscription (as before), and its `isCancelled`
  /// follows the subscription it stands for.
  @Test func theTokenDroppedWhileItsOwnerLivesLeavesTheSubscriptionRunning() {
    let source = Subject<Int>()
    var label: Label? = Label()
    weak var weakToken: Subscription?
    do {
      let token = source.map { $0 * 2 }.subscribe(owner: label!) { label, value in label.texts.append("\(value)") }
      weakToken = token
    }
    #expect(weakToken == nil)
    source.send(1)
    #expect(label?.texts == ["2"])
    #expect(source.observerCount == 1)
    label = nil
    source.send(2)  // the first value after the owner's end ends the subscription
    #expect(source.observerCount == 0)
  }

  @Test func theTokensIsCancelledFollowsTheSubscription() {
    let source = Subject<Int>()
    var label: Label? = Label()
    let token = source.subscribe(owner: label!) { label, value in label.texts.append("\(value)") }
    #expect(!token.isCancelled)
    label = nil
    #expect(!token.isCancelled)  // not yet: no value has come
    source.send(1)
    #expect(token.isCancelled)
  }
}

extension SubscribeOwnerTests {
  /// A view model that owns a computed and observes it, keeping the token or dropping it.
  final class TotalModel {
    let total: Computed<Int>
    var seen: [Int] = []
    var subscriptions = Set<Subscription>()

    init(_ source: CurrentValueSubject<Int>, keepsToken: Bool) {
      total = Computed { source.value * 2 }
      let token = total.subscribe(owner: self) { model, value in model.seen.append(value) }
      if keepsToken { token.store(in: &subscriptions) }
    }
  }

  /// The hostile case: a computed freed with its owner while observed was still listed by what it read, and the
  /// next write reached the freed computed (a crash). Now the subscription keeps it until its last observer
  /// leaves: at once when the owner keeps the token, at the next value when the token was dropped.
  @Test(arguments: [true, false])
  func aComputedOwnedByTheOwnerOutlivesNoWrite(keepsToken: Bool) {
    let source = CurrentValueSubject(1)
    weak var weakTotal: Computed<Int>?
    do {
      let model = TotalModel(source, keepsToken: keepsToken)
      weakTotal = model.total
      source.value = 2
      #expect(model.seen == [2, 4])
    }
    #expect((weakTotal == nil) == keepsToken)
    source.value = 3  // reaches no freed computed; ends a dropped token's subscription
    source.value = 4
    #expect(weakTotal == nil)
  }
}
