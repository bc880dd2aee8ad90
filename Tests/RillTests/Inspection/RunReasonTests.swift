import TestSupport
import Testing

@testable import Rill

/// `lastRunReason` and `traced(_:)`: which inputs made a computed, an effect or a join run (debug builds).
@Suite(.freesEverything) struct RunReasonTests {
  /// Lines written by a trace, from any thread.
  final class TraceLines: @unchecked Sendable {
    private let lock = LockedState<[String]>([])
    var all: [String] { lock.withLock { $0 } }
    func write(_ line: String) { lock.withLock { $0.append(line) } }
  }

  @Test func aComputedSaysWhichOfWhatItReadChanged() throws {
    let credit = CurrentValueSubject(0).named("credit")
    let bonus = CurrentValueSubject(0).named("bonus")
    let total = Computed { credit.value + bonus.value }.named("total")
    #expect(total.lastRunReason == nil)  // never ran
    _ = total.value
    #expect(
      total.lastRunReason?.description
        == #"Computed "total" ran: CurrentValueSubject "credit" newly read, CurrentValueSubject "bonus" newly read"#)
    bonus.value = 5
    _ = total.value
    let reason = try #require(total.lastRunReason)
    #expect(reason.inputs.map(\.change) == [.unchanged, .changed])
    #expect(reason.changedInputs.map(\.name) == ["bonus"])
    #expect(
      reason.description
        == #"Computed "total" ran: CurrentValueSubject "credit" unchanged, CurrentValueSubject "bonus" changed"#)
  }

  @Test func aBranchThatSwitchesReadsANewInput() throws {
    let useMetric = CurrentValueSubject(true)
    let meters = CurrentValueSubject(1000)
    let miles = CurrentValueSubject(0.62).named("miles")
    let label = Computed { useMetric.value ? "\(meters.value) m" : "\(miles.value) mi" }
    let subscription = label.subscribe { _ in }
    useMetric.value = false
    let reason = try #require(label.lastRunReason)
    #expect(reason.inputs.map(\.change) == [.changed, .newlyRead])
    #expect(reason.inputs.map(\.kind) == [.currentValueSubject, .currentValueSubject])
    #expect(reason.inputs.map(\.valueType) == ["Bool", "Double"])
    subscription.cancel()
  }

  @Test func aTracedComputedWritesALineEachTimeItRuns() {
    let lines = TraceLines()
    let credit = CurrentValueSubject(0).named("credit")
    let grade = Computed { credit.value >= 70 ? "pass" : "fail" }.named("grade").traced(lines.write)
    let label = Computed { "grade: \(grade.value)" }.named("label").traced(lines.write)
    let subscription = label.subscribe { _ in }
    credit.value = 10  // the grade runs, and stays "fail": the label does not run
    credit.value = 75
    #expect(
      lines.all == [
        #"Computed "grade" ran: CurrentValueSubject "credit" newly read"#,
        #"Computed "label" ran: Computed "grade" newly read"#,
        #"Computed "grade" ran: CurrentValueSubject "credit" changed"#,
        #"Computed "grade" ran: CurrentValueSubject "credit" changed"#,
        #"Computed "label" ran: Computed "grade" changed"#,
      ])
    subscription.cancel()
  }

  @Test func aTracedEffectWritesWhyItRan() {
    let lines = TraceLines()
    let credit = CurrentValueSubject(0).named("credit")
    let observing = effect(named: "log", trace: lines.write) { _ = credit.value }
    credit.value = 5
    #expect(
      lines.all == [
        #"effect "log" ran: CurrentValueSubject "credit" newly read"#,
        #"effect "log" ran: CurrentValueSubject "credit" changed"#,
      ])
    observing.cancel()
  }

  /// A trace runs in the graph's isolation domain, where the traced node runs: a test collects its lines in a plain
  /// array, with no lock and no `@Sendable` sink.
  @MainActor @Test func aTraceCollectsIntoAPlainArray() {
    var lines: [String] = []
    let credit = CurrentValueSubject(0).named("credit")
    let doubled = Computed { credit.value * 2 }.named("doubled").traced { lines.append($0) }
    let logging = effect(named: "log", trace: { lines.append($0) }, { _ = doubled.value })
    credit.value = 5
    #expect(
      lines == [
        #"Computed "doubled" ran: CurrentValueSubject "credit" newly read"#,
        #"effect "log" ran: Computed "doubled" newly read"#,
        #"Computed "doubled" ran: CurrentValueSubject "credit" changed"#,
        #"effect "log" ran: Computed "doubled" changed"#,
      ])
    logging.cancel()
  }

  @Test func anEffectIsAskedThroughTheLiveGraph() throws {
    let credit = CurrentValueSubject(0)
    let bonus = CurrentValueSubject(0)
    let logging = effect(named: "log") { _ = credit.value + bonus.value }
    credit.value = 5
    let node = try #require(credit.liveGraph().node(named: "log"))
    #expect(
      node.lastRunReason?.description
        == "effect \"log\" ran: CurrentValueSubject (Int) changed, CurrentValueSubject (Int) unchanged")
    #expect(credit.liveGraph().nodes.first?.lastRunReason == nil)  // a source
    logging.cancel()
  }

  @Test func aCombineSaysWhichInputsArrivedForItsEmission() throws {
    let credit = CurrentValueSubject(0)
    let color = credit.map { $0 < 30 ? "gray" : "red" }.named("color")
    let other = CurrentValueSubject("x").named("other")
    let joined = combine(color, other)
    #expect(joined.lastRunReason == nil)
    let subscription = joined.subscribe { _ in }
    #expect(joined.lastRunReason?.inputs.map(\.change) == [.changed, .changed])  // both replayed
    credit.value = 40
    #expect(
      joined.lastRunReason?.description
        == #"combine emitted: map "color" changed, CurrentValueSubject "other" unchanged"#)
    other.value = "y"
    #expect(joined.lastRunReason?.changedInputs.map(\.name) == ["other"])
    subscription.cancel()
  }

  @Test func aGlitchFreeJoinSeesBothBranchesOfOneChange() {
    let lines = TraceLines()
    let credit = CurrentValueSubject(0).named("credit")
    let color = credit.map { $0 < 30 ? "gray" : "red" }.named("color")
    let status = credit.map { $0 < 70 ? "fail" : "pass" }.named("status")
    let view = combine(color, status).named("view").traced(lines.write)
    let subscription = view.subscribe { _ in }
    credit.value = 75
    #expect(
      lines.all == [
        #"combine "view" emitted: map "color" changed, map "status" changed"#,
        #"combine "view" emitted: map "color" changed, map "status" changed"#,
      ])
    subscription.cancel()
  }

  @Test func aTracedOperatorNamesItsUpstream() {
    let lines = TraceLines()
    let clicks = Subject<Int>().named("clicks")
    let doubled = clicks.map { $0 * 2 }.traced(lines.write)
    let subscription = doubled.subscribe { _ in }
    clicks.send(1)
    #expect(lines.all == [#"map emitted: Subject "clicks" changed"#])
    subscription.cancel()
  }

  /// A reason is one line, whatever the names: they are escaped as in the live graph's text.
  @Test func aNameWithQuotesAndALineBreakStaysOnTheLine() {
    let credit = CurrentValueSubject(0).named("the \"credit\"\nso far")
    let doubled = Computed { credit.value * 2 }.named("twice")
    _ = doubled.value
    #expect(
      doubled.lastRunReason?.description
        == #"Computed "twice" ran: CurrentValueSubject "the \"credit\"\nso far" newly read"#)
  }

  @Test func aSourceHasNoReason() {
    let source = CurrentValueSubject(1)
    source.value = 2
    #expect(source.lastRunReason == nil)
  }
}
