import Rill
import Testing

@Suite(.freesEverything) struct CurrentValueSubjectTests {
  @Test func valueStartsAtTheInitialValue() {
    let subject = CurrentValueSubject("start")
    #expect(subject.value == "start")
  }

  @Test func settingTheValueSendsIt() {
    let subject = CurrentValueSubject(0)
    var log: [Int] = []
    let subscription = subject.subscribe { log.append($0) }
    subject.value = 1
    subject.value += 5
    subject.send(10)
    #expect(log == [0, 1, 6, 10])
    #expect(subject.value == 10)
    withExtendedLifetime(subscription) {}
  }

  @Test func sendingTheSameValueDeliversItAgain() {
    let subject = CurrentValueSubject(3)
    var log: [Int] = []
    let subscription = subject.subscribe { log.append($0) }
    subject.value = 3
    #expect(log == [3, 3])
    withExtendedLifetime(subscription) {}
  }

  @Test func valueIsUpdatedBeforeObserversAreCalled() {
    let subject = CurrentValueSubject(0)
    var seen: [Int] = []
    let subscription = subject.subscribe { _ in seen.append(subject.value) }
    subject.value = 4
    #expect(seen == [0, 4])
    withExtendedLifetime(subscription) {}
  }
}
