import Observation

/// A view model of the kind the Observation bridges serve.
@Observable @MainActor final class Profile {
  var name = "Ada"
  var count = 0
  var showsName = true

  /// Changes two properties in one transaction.
  func rename(_ name: String, count: Int) {
    self.name = name
    self.count = count
  }
}

/// Lets the tasks queued on the main actor run: yields until `condition` holds (at most 10,000 times).
@MainActor func yield(until condition: () -> Bool) async {
  var turns = 0
  while !condition() && turns < 10_000 {
    await Task.yield()
    turns += 1
  }
}

/// Lets whatever the main actor has queued run (100 turns), before checking that nothing happened.
@MainActor func settle() async {
  for _ in 0..<100 { await Task.yield() }
}

/// Counts the changes `withObservationTracking` reports for what `read` reads, re-tracking after each.
final class ChangeCounter: @unchecked Sendable {
  private(set) var count = 0

  /// Tracks `read` once: the next change of what it read adds one.
  func track(_ read: () -> Void) {
    withObservationTracking(read) { self.count += 1 }
  }
}
