import Rill
import TestSupport
import Testing

/// `handleEvents` and `print`: one event per connection event and per value, whatever the number of observers,
/// and the values passed on unchanged.
@Suite(.freesEverything) struct DebugOperatorTests {
  /// Lines written to memory, as a `TextOutputStream`.
  final class Lines: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
    var all: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
  }

  /// A stream that appends to `lines` (a struct, as streams usually are: the signal keeps a copy).
  struct Stream: TextOutputStream {
    let lines: Lines
    mutating func write(_ string: String) { lines.write(string) }
  }

  @Test func handleEventsCallsEachClosureOncePerEventForAllObservers() {
    let source = Subject<Int>()
    var events: [String] = []
    let handled = source.handleEvents(
      receiveSubscription: { events.append("subscribe") },
      receiveOutput: { events.append("value \($0)") },
      receiveCancel: { events.append("cancel") })
    var heard: [Int] = []
    let first = handled.subscribe { heard.append($0) }
    let second = handled.subscribe { heard.append($0 * 10) }
    source.send(1)
    first.cancel()
    source.send(2)
    second.cancel()
    source.send(3)  // nobody observes: nothing runs
    #expect(events == ["subscribe", "value 1", "value 2", "cancel"])
    #expect(heard == [1, 10, 20])
  }

  @Test func aReplayedValueComesRightAfterTheSubscription() {
    let source = CurrentValueSubject(7)
    var events: [String] = []
    let handled = source.handleEvents(
      receiveSubscription: { events.append("subscribe") }, receiveOutput: { events.append("value \($0)") })
    var heard: [Int] = []
    let subscription = handled.subscribe { heard.append($0) }
    source.value = 8
    #expect(events == ["subscribe", "value 7", "value 8"])
    #expect(heard == [7, 8])
    withExtendedLifetime(subscription) {}
  }

  @Test func handleEventsWithoutClosuresPassesValuesOn() {
    let source = Subject<String>()
    var heard: [String] = []
    let subscription = source.handleEvents().subscribe { heard.append($0) }
    source.send("a")
    #expect(heard == ["a"])
    withExtendedLifetime(subscription) {}
  }

  @Test func printWritesOneLinePerEventWithThePrefix() {
    let lines = Lines()
    let credit = CurrentValueSubject(0)
    let printed = credit.print("credit", to: Stream(lines: lines))
    var subscription: Subscription? = printed.subscribe { _ in }
    credit.value = 5
    subscription = nil
    credit.value = 10  // disconnected: not printed
    subscription = printed.subscribe { _ in }
    subscription = nil
    #expect(
      lines.all == [
        "credit: subscribe", "credit: value 0", "credit: value 5", "credit: last observer left",
        "credit: resubscribe", "credit: value 10", "credit: last observer left",
      ])
    #expect(subscription == nil)
  }

  @Test func printWithoutAPrefixWritesTheEventAlone() {
    let lines = Lines()
    let source = Subject<[Int]>()
    let subscription = source.print(to: Stream(lines: lines)).subscribe { _ in }
    source.send([1, 2])
    #expect(lines.all == ["subscribe", "value [1, 2]"])
    withExtendedLifetime(subscription) {}
  }

  /// Without a stream, the lines go to standard output (watched in a child process).
  @Test func printWritesToStandardOutputByDefault() async throws {
    let result = try await #require(processExitsWith: .success, observing: [\.standardOutputContent]) {
      let source = Subject<Int>()
      let subscription = source.print("n").subscribe { _ in }
      source.send(3)
      subscription.cancel()
    }
    let output = String(decoding: result.standardOutputContent, as: UTF8.self)
    #expect(output == "n: subscribe\nn: value 3\nn: last observer left\n")
  }

  /// A printed signal inside a glitch-free join still settles once per send.
  @Test func printInsideACombineKeepsItGlitchFree() {
    let lines = Lines()
    let source = CurrentValueSubject(1)
    let joined = combine(source.print("left", to: Stream(lines: lines)), source.map { $0 * 10 }) { $0 + $1 }
    var heard: [Int] = []
    let subscription = joined.subscribe { heard.append($0) }
    source.value = 2
    #expect(heard == [11, 22])
    #expect(lines.all == ["left: subscribe", "left: value 1", "left: value 2"])
    withExtendedLifetime(subscription) {}
  }
}
