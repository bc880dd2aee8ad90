import RillStore

/// The actions of a recorded session, each with the change it made to the state: what `rill history` prints.
///
/// Each action is a line `#n <action>`, followed by the lines of the state that it changed — the state written
/// one property a line, `- ` before a line of the state before the action and `+ ` before a line of the state
/// after it — or `  (no change)`. An action the session had undone when it ended says so on its line.
///
/// ```swift
/// let replay = try Replay(demo: CreditDemo(), recording: recording)   // recorded: two clicks
/// HistoryListing.lines(of: replay, from: 2)
/// // ["#2 .click", "-   credit: 5", "+   credit: 10"]
/// ```
public enum HistoryListing {
  /// A range of actions that the session does not have.
  public struct RangeError: Error, Equatable, CustomStringConvertible {
    /// The last action asked for.
    public let requested: Int
    /// How many actions the session recorded.
    public let actionCount: Int

    public var description: String {
      "the session has \(actionCount) action\(actionCount == 1 ? "" : "s"), so there is no action \(requested)"
    }
  }

  /// The lines of the recorded actions `from...to` of `replay` (numbered from 1; the first and the last by default).
  /// Leaves the replay on the last action listed.
  public static func lines<D: Demo>(of replay: Replay<D>, from: Int? = nil, to: Int? = nil) throws(RangeError)
    -> [String]
  {
    let count = replay.stepCount
    let first = from ?? 1
    let last = to ?? count
    guard last <= count, first <= max(last, 1) else {
      throw RangeError(requested: max(first, last), actionCount: count)
    }
    guard first <= last else { return [] }  // an empty session, listed whole
    let store = replay.session.store
    let entries = store.history.entries
    var lines: [String] = []
    store.jump(to: first - 1)
    var before = ValueDump.lines(of: store.currentState)
    for number in first...last {
      store.jump(to: number)
      let after = ValueDump.lines(of: store.currentState)
      let undone = number > replay.endStep ? "  (undone when the session ended)" : ""
      lines.append("#\(number) \(ValueDump.line(of: entries[number - 1].action))\(undone)")
      lines += stateChanges(from: before, to: after).split(separator: "\n").map(String.init)
      before = after
    }
    return lines
  }
}
