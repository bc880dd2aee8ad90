import Testing

// What a test store says when a step fails: the expected and actual state as a line diff, the received
// changes the test did not assert, the run tasks still in flight.

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestStore {
  func reportLeftovers(at sourceLocation: SourceLocation, when: String) {
    if store.runsInFlight > 0 {
      record("\(when) with \(store.runsInFlight) run task(s) still in flight", at: sourceLocation)
    }
    if !log.received.isEmpty {
      record("\(when) with \(listing(log.received))", at: sourceLocation)
      log.received.removeAll()
    }
  }

  /// Received steps the test did not assert: how many, what they are, and what each time-travel step
  /// changed (an action says what it is; time travel does not).
  func listing(_ steps: [Step<State, Action>]) -> String {
    let travels = steps.count { !$0.cause.isAction }
    let kind =
      travels == 0
      ? "received action(s)"
      : travels == steps.count ? "time-travel step(s)" : "received action(s) and time-travel step(s)"
    let lines = steps.map { summary(of: $0).split(separator: "\n", omittingEmptySubsequences: false) }
    return "\(steps.count) \(kind) not asserted:\n"
      + lines.map { $0.map { "  " + $0 }.joined(separator: "\n") }.joined(separator: "\n")
  }

  /// A received step in a failure: an action as itself; time travel with the change it made.
  func summary(of step: Step<State, Action>) -> String {
    guard case .timeTravel(let travel) = step.cause else { return describe(step.cause) }
    guard step.before != step.after else { return "\(travel), which left the state as it was" }
    let diff = LineDiff.render(expected: ValueDump.lines(of: step.before), actual: ValueDump.lines(of: step.after))
    return "\(travel), which changed the state (- before, + after):\n"
      + diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }

  /// Checks the state `step` left against the state `update` describes.
  func check(
    _ step: Step<State, Action>, sent: Bool, update: ((inout State) throws -> Void)?, at sourceLocation: SourceLocation
  ) {
    var expected = exhaustivity == .on ? step.before : step.after
    do {
      try update?(&expected)
    } catch {
      record("The expected change of \(describe(step.cause)) threw \(error)", at: sourceLocation)
      return
    }
    guard expected != step.after else { return }
    let diff = LineDiff.render(expected: ValueDump.lines(of: expected), actual: ValueDump.lines(of: step.after))
    let name = sent ? (step.cause.isAction ? "sending " : "") : "receiving "
    record(
      "The state after \(name)\(describe(step.cause)) is not the expected state (- expected, + actual):\n\(diff)",
      at: sourceLocation)
  }

  func describe(_ cause: StepCause<Action>) -> String {
    switch cause {
    case .action(let action): ValueDump.line(of: action)
    case .timeTravel(let travel): travel.description
    }
  }

  func record(_ message: String, at sourceLocation: SourceLocation) {
    reportFailure(message, sourceLocation)
  }
}
