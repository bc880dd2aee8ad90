import Testing

@testable import RillTesting

/// The timeout of `TestStore`'s waits: the time spent polling, not the time the actor was busy.
@Suite struct WaitBudgetTests {
  let start = ContinuousClock.now

  @Test func shortGapsCountInFull() {
    var budget = WaitBudget(.milliseconds(10), now: start)
    let goesOn = [4, 8, 12].map { budget.polled(at: start.advanced(by: .milliseconds($0))) }
    #expect(goesOn == [true, true, false])
  }

  @Test func aLongGapCountsOnlyTheLongestGap() {
    var budget = WaitBudget(.milliseconds(100), now: start)
    let afterOneGap = budget.polled(at: start.advanced(by: .seconds(30)))  // counts 50 ms
    let afterTwo = budget.polled(at: start.advanced(by: .seconds(60)))  // 100 ms in all
    #expect(afterOneGap && !afterTwo)
  }
}
