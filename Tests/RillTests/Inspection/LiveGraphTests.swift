import TestSupport
import Testing

@testable import Rill

/// `liveGraph()`: the connected graph around a signal, walked along live edges only, rendered as text.
@Suite(.freesEverything) struct LiveGraphTests {
  /// The student-credit pipeline as operators: one source, two branches, a glitch-free join, a subscriber.
  @Test func theCreditPipelineIsATreeWithTheJoinDrawnOnce() {
    let credit = CurrentValueSubject(0).named("credit")
    let color = credit.map { $0 < 30 ? "gray" : $0 < 70 ? "purple" : "red" }.named("color")
    let status = credit.map { $0 == 0 ? "not set" : $0 < 70 ? "fail" : "pass" }.named("status")
    let view = combine(color, status).map { "\($0) \($1)" }.removeDuplicates()
    let subscription = view.subscribe { _ in }
    #expect(
      view.liveGraph().text == """
        #1 CurrentValueSubject "credit" (Int) rank 0
        ├─▶ #2 map "color" (String) rank 1
        │   └─▶ #4 combine ((String, String)) rank 2
        │       └─▶ #5 map (String) rank 3
        │           └─▶ #6 removeDuplicates (String) rank 4, 1 subscriber
        └─▶ #3 map "status" (String) rank 1
            └─▶ #4 (above)
        """)
    subscription.cancel()
  }

  @Test func everyNodeOfAConnectedGraphDrawsTheSamePicture() {
    let source = Subject<Int>()
    let left = source.map { $0 + 1 }
    let right = source.filter { $0 > 0 }
    let joined = combine(left, right)
    let subscription = joined.subscribe { _ in }
    let pictures = [source.liveGraph(), left.liveGraph(), right.liveGraph(), joined.liveGraph()]
    #expect(Set(pictures.map(\.text)).count == 1)
    #expect(pictures.map(\.origin) == [1, 2, 3, 4])
    subscription.cancel()
  }

  @Test func aDiamondHasFourNodesAndFourEdges() {
    let source = CurrentValueSubject(1)
    let doubled = source.map { $0 * 2 }
    let tripled = source.map { $0 * 3 }
    let sum = combine(doubled, tripled) { $0 + $1 }
    let subscription = sum.subscribe { _ in }
    let graph = sum.liveGraph()
    #expect(graph.nodes.map(\.kind) == [.currentValueSubject, NodeKind("map"), NodeKind("map"), NodeKind("combine")])
    #expect(graph.nodes.map(\.rank) == [0, 1, 1, 2])
    #expect(
      graph.edges == [.init(from: 1, to: 2), .init(from: 1, to: 3), .init(from: 2, to: 4), .init(from: 3, to: 4)])
    #expect(graph.upstreams(of: graph.nodes[3]).map(\.id) == [2, 3])
    #expect(graph.downstreams(of: graph.nodes[0]).map(\.id) == [2, 3])
    #expect(graph.nodes[3].subscriberCount == 1)
    #expect(graph.nodes[0].observerCount == 2)
    subscription.cancel()
  }

  /// The nodes around a node found by name, as nodes: what a test checking a pipeline's shape reads.
  @Test func theNodesAroundANodeFoundByName() throws {
    let credit = CurrentValueSubject(0).named("credit")
    let color = credit.map { $0 < 30 ? "gray" : "red" }.named("color")
    let status = credit.map { $0 < 70 ? "fail" : "pass" }.named("status")
    let view = combine(color, status).named("view")
    let subscription = view.subscribe { _ in }
    let graph = credit.liveGraph()
    let join = try #require(graph.node(named: "view"))
    #expect(graph.upstreams(of: join).map(\.name) == ["color", "status"])
    #expect(graph.downstreams(of: join).isEmpty)
    let source = try #require(graph.node(named: "credit"))
    #expect(graph.downstreams(of: source) == [graph.node(named: "color"), graph.node(named: "status")])
    #expect(graph.upstreams(of: source).isEmpty)
    #expect(graph.downstreams(of: source).flatMap(graph.downstreams(of:)) == [join, join])
    let elsewhere = try #require(Subject<Int>().named("elsewhere").liveGraph().nodes.first)
    #expect(graph.downstreams(of: elsewhere).isEmpty)  // a node of another picture has no edges in this one
    subscription.cancel()
  }

  @Test func aJoinOfOneSignalWithItselfHasOneEdgeAndTwoLinks() {
    let source = Subject<Int>()
    let pairs = combine(source, source)
    let subscription = pairs.subscribe { _ in }
    let graph = pairs.liveGraph()
    #expect(graph.edges == [.init(from: 1, to: 2)])
    #expect(graph.nodes[0].observerCount == 2)
    #expect(graph.nodes[0].subscriberCount == 0)
    subscription.cancel()
  }

  @Test func subscribersAreCountedOnTheNodeTheySubscribeTo() {
    let source = Subject<Int>()
    let mapped = source.map { $0 }
    let first = mapped.subscribe { _ in }
    let second = mapped.subscribe { _ in }
    let direct = source.subscribe { _ in }
    let graph = source.liveGraph()
    #expect(graph.nodes.map(\.subscriberCount) == [1, 2])
    #expect(graph.nodes.map(\.observerCount) == [2, 2])
    for subscription in [first, second, direct] { subscription.cancel() }
  }

  @Test func afterTheLastCancelTheGraphIsTheNodeAloneAgain() {
    let source = CurrentValueSubject(0)
    let mapped = source.map { $0 + 1 }
    let grade = Computed { source.value > 1 }
    let subscription = mapped.subscribe { _ in }
    let observing = effect { _ = grade.value }
    #expect(source.liveGraph().nodes.count == 4)
    subscription.cancel()
    observing.cancel()
    for graph in [source.liveGraph(), mapped.liveGraph(), grade.liveGraph()] {
      #expect(graph.nodes.count == 1)
      #expect(graph.edges.isEmpty)
    }
  }

  /// A `take` that has taken its values has removed its edge upstream: the picture shows it apart from its upstream,
  /// still with its subscriber.
  @Test func aFinishedTakeHasNoEdgeToItsUpstream() {
    let source = Subject<Int>()
    let firstTwo = source.take(2)
    let subscription = firstTwo.subscribe { _ in }
    #expect(firstTwo.liveGraph().edges == [.init(from: 1, to: 2)])
    source.send(1)
    source.send(2)
    let graph = firstTwo.liveGraph()
    #expect(graph.nodes.count == 1)
    #expect(graph.edges.isEmpty)
    #expect(graph.nodes[0].subscriberCount == 1)
    subscription.cancel()
  }

  @Test func walkingConnectsNothingReplaysNothingAndEvaluatesNothing() {
    let source = CurrentValueSubject(1)
    var transforms = 0
    let mapped = source.map { value in
      transforms += 1
      return value
    }
    var evaluations = 0
    let computed = Computed {
      evaluations += 1
      return source.value
    }
    var events: [String] = []
    let logged = mapped.handleEvents(receiveSubscription: { events.append("subscribe") })
    for graph in [logged.liveGraph(), mapped.liveGraph(), computed.liveGraph(), source.liveGraph()] {
      #expect(graph.edges.isEmpty)
    }
    #expect(transforms == 0)
    #expect(evaluations == 0)
    #expect(events.isEmpty)
    // Connected, the walk still runs nothing.
    var heard: [Int] = []
    let subscription = logged.subscribe { heard.append($0) }
    let observing = effect { _ = computed.value }
    let before = (transforms, evaluations, events, heard)
    #expect(source.liveGraph().nodes.count == 5)
    #expect(transforms == before.0 && evaluations == before.1 && events == before.2 && heard == before.3)
    subscription.cancel()
    observing.cancel()
  }

  /// A computed's edges are what its last evaluation read: the picture follows a branch that switches.
  @Test func aComputedWithChangingDependenciesShowsWhatItReadLast() {
    let useMetric = CurrentValueSubject(true).named("useMetric")
    let meters = CurrentValueSubject(1000).named("meters")
    let miles = CurrentValueSubject(0.62).named("miles")
    let label = Computed { useMetric.value ? "\(meters.value) m" : "\(miles.value) mi" }.named("label")
    let subscription = label.subscribe { _ in }
    #expect(
      label.liveGraph().text == """
        #1 CurrentValueSubject "useMetric" (Bool) rank 0
        └─▶ #3 Computed "label" (String) rank 1, 1 subscriber
        #2 CurrentValueSubject "meters" (Int) rank 0
        └─▶ #3 (above)
        """)
    useMetric.value = false
    #expect(
      label.liveGraph().text == """
        #1 CurrentValueSubject "useMetric" (Bool) rank 0
        └─▶ #3 Computed "label" (String) rank 1, 1 subscriber
        #2 CurrentValueSubject "miles" (Double) rank 0
        └─▶ #3 (above)
        """)
    #expect(meters.liveGraph().nodes.count == 1)
    subscription.cancel()
  }

  @Test func computedsEffectsAndOperatorsShareOnePicture() {
    let credit = CurrentValueSubject(0).named("credit")
    let isPassing = Computed { credit.value >= 70 }.named("isPassing")
    let label = isPassing.map { $0 ? "pass" : "fail" }
    let shown = label.subscribe { _ in }
    let logging = effect(named: "log") { _ = isPassing.value }
    #expect(
      credit.liveGraph().text == """
        #1 CurrentValueSubject "credit" (Int) rank 0
        └─▶ #2 Computed "isPassing" (Bool) rank 1
            ├─▶ #3 map (String) rank 2, 1 subscriber
            └─▶ #4 effect "log" rank 2
        """)
    shown.cancel()
    logging.cancel()
  }

  /// The example of the article "Debugging a pipeline", as it prints.
  @Test func theArticlesExampleDrawsThisTree() {
    let credit = CurrentValueSubject(0).named("credit")
    let color = credit.map { $0 < 30 ? "gray" : $0 < 70 ? "purple" : "red" }.named("color")
    let status = credit.map { $0 == 0 ? "not set" : $0 < 70 ? "fail" : "pass" }.named("status")
    let isPassing = Computed { credit.value >= 70 }.named("isPassing")
    let view = combine(color, status)
    let shown = view.subscribe { _ in }
    let logging = effect(named: "log") { _ = isPassing.value }
    #expect(
      view.liveGraph().text == """
        #1 CurrentValueSubject "credit" (Int) rank 0
        ├─▶ #2 map "color" (String) rank 1
        │   └─▶ #5 combine ((String, String)) rank 2, 1 subscriber
        ├─▶ #3 map "status" (String) rank 1
        │   └─▶ #5 (above)
        └─▶ #4 Computed "isPassing" (Bool) rank 1
            └─▶ #6 effect "log" rank 2
        """)
    shown.cancel()
    logging.cancel()
  }

  @Test func aComputedFollowingASignalHasItUpstream() {
    let clicks = Subject<Int>()
    let total = clicks.scan(0, +).tracked(initial: 0).named("total")
    let observing = effect { _ = total.value }
    let graph = clicks.liveGraph()
    #expect(graph.nodes.map(\.kind) == [.subject, NodeKind("scan"), .computed, .effect])
    #expect(graph.edges.count == 3)
    observing.cancel()
  }

  @Test func theInnerSignalOfAFlatMapLatestFeedsIt() {
    let outer = Subject<Int>()
    let inner = CurrentValueSubject("a")
    let switched = outer.flatMapLatest { _ in inner }
    let subscription = switched.subscribe { _ in }
    #expect(inner.liveGraph().edges.isEmpty)
    outer.send(1)
    let graph = inner.liveGraph()
    // The sources in the order the walk found them: the inner first, as asked.
    #expect(graph.nodes.map(\.kind) == [.currentValueSubject, .subject, NodeKind("flatMapLatest")])
    #expect(graph.upstreams(of: graph.nodes[2]).map(\.id) == [1, 2])
    subscription.cancel()
  }

  /// The operators, by the name the live graph gives them.
  enum Operator: String, CaseIterable {
    case map, filter, compactMap, scan, removeDuplicates, prepend, take, skip, merge, handleEvents, print
    case flatMapLatest, flatMap, takeUntil, skipUntil, withLatestFrom

    func applied(to source: Subject<Int>) -> Signal<Int> {
      switch self {
      case .map: source.map { $0 }
      case .filter: source.filter { _ in true }
      case .compactMap: source.compactMap { $0 }
      case .scan: source.scan(0, +)
      case .removeDuplicates: source.removeDuplicates()
      case .prepend: source.prepend(0)
      case .take: source.take(1)
      case .skip: source.skip(1)
      case .merge: Rill.merge(source, source)
      case .handleEvents: source.handleEvents()
      case .print: source.print(to: NullStream())
      case .flatMapLatest: source.flatMapLatest { _ in source }
      case .flatMap: source.flatMap { _ in source }
      case .takeUntil: source.take(until: Subject<Void>())
      case .skipUntil: source.skip(until: Subject<Void>())
      case .withLatestFrom: source.withLatestFrom(CurrentValueSubject(1)) { $0 + $1 }
      }
    }
  }

  @Test(arguments: Operator.allCases)
  func eachOperatorSaysWhatItIs(_ operator: Operator) {
    let source = Subject<Int>()
    let signal = `operator`.applied(to: source)
    let subscription = signal.subscribe { _ in }
    let graph = signal.liveGraph()
    #expect(graph.nodes.first { $0.id == graph.origin }?.kind == NodeKind(`operator`.rawValue))
    subscription.cancel()
  }

  /// A join keeps its upstreams in one word: the second itself for two, a list for more. Each shows, in order.
  @Test(arguments: [2, 3, 5])
  func aJoinShowsEachOfItsUpstreamsInOrder(count: Int) throws {
    let sources = (0..<count).map { Subject<Int>().named("s\($0)") }
    for joined in [Rill.merge(sources), Rill.combine(sources).map { $0.count }] {
      let subscription = joined.subscribe { _ in }
      let graph = joined.liveGraph()
      let join = try #require(graph.nodes.first { $0.kind == .init("merge") || $0.kind == .init("combine") })
      #expect(graph.upstreams(of: join).map(\.name) == sources.map(\.name))
      subscription.cancel()
    }
  }

  @Test func aChainTenThousandDeepIsWalkedAndDrawnInLinearSpace() throws {
    let source = Subject<Int>()
    var signal: Signal<Int> = source
    for _ in 0..<10_000 { signal = signal.map { $0 } }
    let subscription = signal.subscribe { _ in }
    let graph = signal.liveGraph()
    #expect(graph.nodes.count == 10_001)
    #expect(graph.edges.count == 10_000)
    #expect(graph.nodes.last?.rank == 10_000)
    let lines = graph.text.split(separator: "\n")
    #expect(lines.count == 10_001)
    // The indentation stops growing at 32 levels.
    let longest = try #require(lines.map(\.count).max())
    #expect(longest < 4 * 32 + 60)  // the indentation, a branch, and "#10001 map (Int) rank 10000, 1 subscriber"
    subscription.cancel()
  }

  @Test func aFanOutOfTenThousandIsOneNodeFeedingEach() {
    let source = Subject<Int>()
    let subscriptions = (0..<10_000).map { offset in source.map { $0 + offset }.subscribe { _ in } }
    let graph = source.liveGraph()
    #expect(graph.nodes.count == 10_001)
    #expect(graph.downstreams(of: graph.nodes[0]).count == 10_000)
    #expect(graph.nodes.dropFirst().allSatisfy { $0.subscriberCount == 1 })
    for subscription in subscriptions { subscription.cancel() }
  }

  @Test func aNameIsKeptUntilItsNodeGoes() {
    var identities: [ObjectIdentifier] = []
    do {
      let source = Subject<Int>().named("clicks")
      #expect(source.name == "clicks")
      source.named("taps")
      #expect(source.name == "taps")
      let computed = Computed { 1 }.named("one")
      identities = [ObjectIdentifier(source), ObjectIdentifier(computed)]
      #expect(identities.allSatisfy(NodeNames.hasName))
    }
    // (Another test may make a named node at a freed one's address meanwhile: it would be named, so this holds.)
    #expect(!identities.allSatisfy(NodeNames.hasName))
    #expect(Subject<Int>().name == nil)
  }
}

/// Named and traced signals freed on other threads (rule 8: a holder's last reference may go on any thread): each
/// takes its label with it, and the side table that keeps labels is not raced (the run under ThreadSanitizer).
@Suite(.freesEverything) struct LiveGraphNamesAcrossThreadsTests {
  /// Signals handed to another thread, which frees them.
  final class Held: @unchecked Sendable {
    var signals: [Signal<Int>]
    init(_ signals: [Signal<Int>]) { self.signals = signals }
  }

  @Test func nodesNamedHereAndFreedElsewhereTakeTheirNamesWithThem() {
    var identities: [ObjectIdentifier] = []
    let held = Held([])
    for index in 0..<100 {
      let source = Subject<Int>().named("source \(index)")
      let traced = source.map { $0 }.named("map \(index)").traced { _ in }
      identities += [ObjectIdentifier(source), ObjectIdentifier(traced)]
      held.signals += [source, traced]
    }
    #expect(identities.allSatisfy(NodeNames.hasName))
    let named = Subject<Int>().named("named meanwhile")  // this thread uses the table while the other frees
    onThread(stackSize: 512 << 10) { held.signals.removeAll() }
    #expect(named.name == "named meanwhile")
    // All gone (a node that another test names at a freed one's address meanwhile would be named: a few may be).
    #expect(identities.filter(NodeNames.hasName).count < 10)
  }
}

/// A stream that drops what it is given.
struct NullStream: TextOutputStream {
  mutating func write(_ string: String) {}
}
