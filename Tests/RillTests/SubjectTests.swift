import Rill
import Testing

@Suite(.freesEverything) struct SubjectTests {
  @Test func sendDeliversToEveryObserver() {
    let subject = Subject<String>()
    var log: [String] = []
    let first = subject.subscribe { log.append("a" + $0) }
    let second = subject.subscribe { log.append("b" + $0) }
    subject.send("x")
    #expect(log == ["ax", "bx"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func sendWithoutObserversDoesNothing() {
    let subject = Subject<Int>()
    subject.send(1)
    var log: [Int] = []
    let subscription = subject.subscribe { log.append($0) }
    #expect(log == [])
    withExtendedLifetime(subscription) {}
  }

  @Test func voidSubjectSendsWithoutArgument() {
    let taps = Subject<Void>()
    var count = 0
    let subscription = taps.subscribe { count += 1 }
    taps.send()
    taps.send()
    #expect(count == 2)
    withExtendedLifetime(subscription) {}
  }

  @Test func resubscribingAfterCancelWorks() {
    let subject = Subject<Int>()
    var log: [String] = []
    subject.subscribe { log.append("a\($0)") }.cancel()
    let second = subject.subscribe { log.append("b\($0)") }
    subject.send(1)
    #expect(log == ["b1"])
    withExtendedLifetime(second) {}
  }
}
