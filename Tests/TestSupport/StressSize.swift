import Foundation

/// The size of a long test: a randomized, model-based, soak or stress test.
///
/// A plain `swift test` runs each of them at its default size, enough to check the behaviour it pins and
/// keep the whole run under a minute; with `RILL_STRESS=1` in the environment (CI sets it for the steps
/// after the plain `swift test`: see `.ci/run`) each runs at its stress size, the long form that hunts rare
/// races and orderings.
///
/// ```swift
/// let steps = StressSize.pick(default: 2_000, stress: 20_000)
/// ```
public enum StressSize {
  /// Whether `RILL_STRESS=1` is set: the long forms run.
  public static let isStress = ProcessInfo.processInfo.environment["RILL_STRESS"] == "1"

  /// `stress` under `RILL_STRESS=1`, `default` otherwise.
  public static func pick<Size>(default: Size, stress: Size) -> Size {
    isStress ? stress : `default`
  }
}
