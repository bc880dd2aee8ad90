import Testing

@testable import Rill

/// How derived nodes keep ranks right when a `flatMapLatest` switches to a deeper inner signal (rule 6):
/// which nodes can rise, who registers with whom and when, and how far a rise goes.
@Suite(.freesEverything) struct DerivedSignalTests {
  private func node<Value>(_ signal: Signal<Value>) throws -> DerivedSignal<Value> {
    try #require(signal as? DerivedSignal<Value>)
  }

  @Test func pipelinesWithNoFlatMapLatestCannotRiseAndKeepNoDependents() throws {
    let source = CurrentValueSubject(0)
    let first = source.map { $0 + 1 }
    let joined = combine(first.filter { $0 > 0 }, first)
    let subscription = joined.subscribe { _ in }
    #expect(try node(first).canRise == false)
    #expect(try node(joined).canRise == false)
    #expect(try node(first).risingDependents.isEmpty)
    #expect(try node(joined).rank == 3)
    withExtendedLifetime(subscription) {}
  }

  @Test func nodesBelowAFlatMapLatestAreItsDependentsWhileConnectedOnly() throws {
    let choice = CurrentValueSubject(0)
    let messages = choice.flatMapLatest { _ in Subject<Int>() }
    let below = messages.map { $0 }
    let flat = try node(messages)
    #expect(try node(below).canRise)
    #expect(flat.risingDependents.isEmpty)
    let subscription = below.subscribe { _ in }
    #expect(flat.risingDependents.count == 1)
    subscription.cancel()
    #expect(flat.risingDependents.isEmpty)
  }

  @Test func rankRisesAboveADeeperInnerAndDownTheConnectedNodes() throws {
    let source = CurrentValueSubject(0)
    let deep = source.map { $0 }.map { $0 }.map { $0 }
    let choice = CurrentValueSubject(false)
    let messages = choice.flatMapLatest { $0 ? deep : source }
    let connected = messages.map { $0 }
    let disconnected = messages.map { $0 }
    let subscription = connected.subscribe { _ in }
    #expect(try node(messages).rank == 1)
    #expect(try node(connected).rank == 2)
    choice.value = true
    #expect(try node(messages).rank == 4)
    #expect(try node(connected).rank == 5)
    #expect(try node(disconnected).rank == 2)
    let late = disconnected.subscribe { _ in }
    #expect(try node(disconnected).rank == 5)
    choice.value = false
    #expect(try node(messages).rank == 4)
    withExtendedLifetime((subscription, late)) {}
  }

  @Test func repeatedLinksToOneNodeAreCounted() throws {
    let choice = CurrentValueSubject(0)
    let messages = choice.flatMapLatest { CurrentValueSubject($0) }
    let again = messages.flatMapLatest { _ in messages }
    let flat = try node(messages)
    let subscription = again.subscribe { _ in }
    let key = ObjectIdentifier(try node(again))
    #expect(flat.risingDependents[key]?.links == 2)
    choice.value = 1
    #expect(flat.risingDependents[key]?.links == 2)
    subscription.cancel()
    #expect(flat.risingDependents.isEmpty)
  }

  @Test func aRiseThatGoesRoundACycleEnds() throws {
    let choice = CurrentValueSubject(false)
    let quiet = Subject<Int>()
    weak var weakLooped: Signal<Int>?
    let looped = choice.flatMapLatest { closesTheLoop -> Signal<Int> in
      guard closesTheLoop, let looped = weakLooped else { return quiet }
      return looped.filter { $0 < 0 }.map { $0 }
    }
    weakLooped = looped
    var log: [Int] = []
    let subscription = looped.subscribe { log.append($0) }
    choice.value = true
    choice.value = false
    quiet.send(1)
    #expect(log == [1])
    withExtendedLifetime(subscription) {}
  }
}
