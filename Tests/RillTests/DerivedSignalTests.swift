import TestSupport
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
    #expect(try node(first).riseLinks.isEmpty)
    #expect(try node(joined).rank == 3)
    // Nothing rare about them: no object for the fields few nodes use.
    #expect(try node(first).rarities == nil && node(joined).rarities == nil)
    withExtendedLifetime(subscription) {}
  }

  @Test func nodesBelowAFlatMapLatestAreItsDependentsWhileConnectedOnly() throws {
    let choice = CurrentValueSubject(0)
    let messages = choice.flatMapLatest { _ in Subject<Int>() }
    let below = messages.map { $0 }
    let flat = try node(messages)
    #expect(try node(below).canRise)
    #expect(try node(below).rarities?.risingUpstreams.count == 1)  // the flatMapLatest
    #expect(flat.riseLinks.isEmpty)
    let subscription = below.subscribe { _ in }
    #expect(flat.riseLinks.count == 1)
    subscription.cancel()
    #expect(flat.riseLinks.isEmpty)
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
    #expect(flat.riseLinks[key]?.links == 2)
    choice.value = 1
    #expect(flat.riseLinks[key]?.links == 2)
    subscription.cancel()
    #expect(flat.riseLinks.isEmpty)
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

  /// One walk for both graphs: a computed whose rank rises (it reads a deeper value) takes the operators below it
  /// along, and a computed following one of those (`tracked()`), so what reads them all settles after them. The
  /// follower used to rise once, when it connected: `both` settled before it and heard "0 1" first.
  @Test func aComputedsRiseReachesTheOperatorsAndTheFollowersBelowIt() throws {
    let source = CurrentValueSubject(0)
    let first = Computed { source.value }
    let second = Computed { first.value }
    let third = Computed { second.value }
    let useThird = CurrentValueSubject(false)
    let gate = Computed { useThird.value ? third.value : 0 }
    let mapped = gate.map { $0 }
    let followed = mapped.tracked()
    let both = Computed { "\(followed.value) \(third.value)" }
    var heard: [String] = []
    let subscription = both.subscribe { heard.append($0) }
    #expect(try node(mapped).rank == 2)
    useThird.value = true
    #expect(gate.rank == 4)
    #expect(try node(mapped).rank == 5)
    #expect(followed.rank == 6)
    #expect(both.rank == 7)
    source.value = 1
    #expect(heard == ["0 0", "1 1"])
    subscription.cancel()
    #expect(gate.riseLinks.isEmpty)
    #expect(mapped.riseLinks.isEmpty)
  }

  /// A rise walks in a loop: a `flatMapLatest` switching to a deeper inner raises a chain of 20,000 maps below it
  /// (100,000 under stress) on a 512 KB thread. It recursed once per node.
  @Test(arguments: [StressSize.pick(default: 20_000, stress: 100_000)])
  func aRiseDownADeepChainUsesNoRecursion(depth: Int) async {
    await #expect(processExitsWith: .success) { [depth] in
      onThread(stackSize: 512 << 10) { DerivedSignalTests.riseDownAChain(depth: depth) }
    }
  }

  static func riseDownAChain(depth: Int) {
    let source = CurrentValueSubject(1)
    let deeper = source.map { $0 }.map { $0 }
    let useDeeper = CurrentValueSubject(false)
    var end = useDeeper.flatMapLatest { $0 ? deeper : source }
    for _ in 0..<depth { end = end.map { $0 &+ 1 } }
    var last = 0
    let subscription = end.subscribe { last = $0 }
    let before = end.rank
    useDeeper.value = true
    guard end.rank == before + 2, last == depth + 1 else { fatalError("rank \(end.rank), value \(last)") }
    subscription.cancel()
  }

  /// Merging two graphs keeps the rise links of both (the graph keeps them, by the node above).
  @Test func riseLinksSurviveAMergeOfGraphs() throws {
    let choice = CurrentValueSubject(0)
    let messages = choice.flatMapLatest { _ in Subject<Int>() }
    let below = messages.map { $0 }
    let subscription = below.subscribe { _ in }
    let other = CurrentValueSubject(0).flatMapLatest { _ in Subject<Int>() }.map { $0 }
    let joined = combine(below, other)
    let joinedSubscription = joined.subscribe { _ in }
    #expect(try node(messages).riseLinks.count == 1)
    #expect(try node(messages).rootGraph === (try node(joined)).rootGraph)
    #expect(try node(below).riseLinks.count == 1)
    withExtendedLifetime((subscription, joinedSubscription)) {}
  }
}
