/// How much a ``TestStore`` requires a test to assert.
public enum Exhaustivity: Sendable, Equatable {
  /// Every change of the state: each action and each time-travel step, with all it changed (the
  /// default).
  case on
  /// Only what the test names: the fields a step's closure sets, the actions and time travel it
  /// receives (others are skipped); nothing left over fails the test.
  case off
}
