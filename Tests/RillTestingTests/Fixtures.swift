import RillStore
import Testing

@testable import RillTesting

struct Counter: Equatable {
  var count = 0
  var title = ""
}

enum CounterAction: Equatable, Codable {
  case increase
  case rename(String)
  case tick
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increase: state.count += 1
  case .rename(let title): state.title = title
  case .tick: state.count += 10
  }
}

/// Names the counter after each increase, from a middleware: an action the test receives.
let namesEachIncrease = Middleware<Counter, CounterAction> { context, action, next in
  next(action)
  if action == .increase { context.dispatch(.rename("count \(context.state.count)")) }
}

/// One failure a test store reported: its message and the line it was reported at.
struct Failure: Equatable, CustomStringConvertible {
  var message: String
  var line: Int

  var description: String { "line \(line): \(message)" }
}

/// The failures a test store reported, captured instead of recorded as issues: a test of a failure
/// checks its exact message, and `swift test` records no known issue for it.
final class Failures {
  private(set) var reported: [Failure] = []

  /// The messages, in order.
  var messages: [String] { reported.map(\.message) }

  /// Makes `store` report its failures here instead of recording issues.
  init<State, Action>(of store: TestStore<State, Action>) {
    store.reportFailure = { message, location in
      self.reported.append(Failure(message: message, line: location.line))
    }
  }
}

/// Polls until `condition` holds (for a sleeper registering on another thread); at most about 10 s.
@MainActor func eventually(_ condition: () -> Bool) async {
  var polls = 0
  while !condition() && polls < 10_000 {
    try? await Task.sleep(for: .milliseconds(1))
    polls += 1
  }
}
