import Testing

@testable import Rill

@Suite(.freesEverything) struct ResultsTests {
  enum LoadError: Error, Equatable {
    case offline, timedOut
  }

  @Test func successesAndFailuresSplitAResultSignal() {
    let responses = Subject<Result<Int, LoadError>>()
    var log: [String] = []
    let a = responses.successes().subscribe { log.append("success \($0)") }
    let b = responses.failures().subscribe { log.append("failure \($0)") }
    responses.send(.success(1))
    responses.send(.failure(.offline))
    responses.send(.success(2))
    responses.send(.failure(.timedOut))
    #expect(log == ["success 1", "failure offline", "success 2", "failure timedOut"])
    withExtendedLifetime((a, b)) {}
  }

  @Test func eachReplaysTheLastOfItsKind() {
    let response = CurrentValueSubject<Result<Int, LoadError>>(.success(1))
    response.value = .failure(.offline)
    var log: [String] = []
    let successes = response.successes()
    let failures = response.failures()
    let a = failures.subscribe { log.append("failure \($0)") }
    let b = successes.subscribe { log.append("success \($0)") }
    response.value = .success(2)
    let c = successes.subscribe { log.append("late success \($0)") }
    let d = failures.subscribe { log.append("late failure \($0)") }
    #expect(log == ["failure offline", "success 2", "late success 2", "late failure offline"])
    withExtendedLifetime((a, b, c, d)) {}
  }

  @Test func anOptionalSuccessKeepsItsNil() {
    let responses = Subject<Result<Int?, LoadError>>()
    var log: [Int?] = []
    let subscription = responses.successes().subscribe { log.append($0) }
    responses.send(.success(nil))
    responses.send(.success(3))
    #expect(log == [nil, 3])
    withExtendedLifetime(subscription) {}
  }
}
