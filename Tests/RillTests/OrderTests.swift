import Rill
import Testing

/// Rule 1: subscribers of a signal receive each value in the order they subscribed.
@Suite(.freesEverything) struct OrderTests {
  @Test func observersAreCalledInSubscriptionOrder() {
    let subject = Subject<Int>()
    var log: [String] = []
    let subscriptions = ["a", "b", "c"].map { name in subject.subscribe { log.append("\(name)\($0)") } }
    subject.send(1)
    subject.send(2)
    #expect(log == ["a1", "b1", "c1", "a2", "b2", "c2"])
    withExtendedLifetime(subscriptions) {}
  }

  @Test(arguments: [65, 100, 1_000])
  func orderHoldsWithManySubscribers(count: Int) {
    let subject = Subject<Int>()
    var log: [Int] = []
    let subscriptions = (0..<count).map { index in subject.subscribe { _ in log.append(index) } }
    subject.send(0)
    #expect(log == Array(0..<count))
    withExtendedLifetime(subscriptions) {}
  }

  @Test func orderHoldsAfterCancellationsInTheMiddle() {
    let subject = Subject<Int>()
    var log: [Int] = []
    let subscriptions = (0..<100).map { index in subject.subscribe { _ in log.append(index) } }
    for index in stride(from: 1, to: 100, by: 3) { subscriptions[index].cancel() }
    subject.send(0)
    let expected = (0..<100).filter { $0 % 3 != 1 }
    #expect(log == expected)
    withExtendedLifetime(subscriptions) {}
  }

  @Test func newSubscribersAfterCompactionComeLast() {
    let subject = Subject<Int>()
    var log: [Int] = []
    var subscriptions = (0..<70).map { index in subject.subscribe { _ in log.append(index) } }
    for index in 0..<60 { subscriptions[index].cancel() }
    subscriptions += (70..<80).map { index in subject.subscribe { _ in log.append(index) } }
    subject.send(0)
    #expect(log == Array(60..<80))
    // Cancelling a survivor after compaction reaches the right slot.
    subscriptions[65].cancel()
    log = []
    subject.send(1)
    #expect(log == Array(60..<65) + Array(66..<80))
  }

  @Test func derivedSignalKeepsOrderOfItsOwnSubscribers() {
    let subject = CurrentValueSubject(0)
    let doubled = subject.map { $0 * 2 }
    var log: [String] = []
    let first = doubled.subscribe { log.append("x\($0)") }
    let second = doubled.subscribe { log.append("y\($0)") }
    subject.value = 1
    #expect(log == ["x0", "y0", "x2", "y2"])
    withExtendedLifetime((first, second)) {}
  }
}
