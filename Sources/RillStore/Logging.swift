import Synchronization

extension Middleware {
  /// A middleware that writes each action, and the lines of the state that it changed, to `output`.
  ///
  /// For each action it passes on, it writes the state one property a line before and after, and writes the
  /// action followed by the lines that differ: `-` for a line of the old state, `+` for a line of the new one
  /// (the diff `rill history` prints for a recorded session). An action that changes nothing is followed by
  /// `  (no change)`. Put it first to see the actions as dispatched, or last to see them as they reach the
  /// reducer.
  ///
  /// `output` is moved into the middleware (behind a lock, as the middleware is `Sendable`) and
  /// written to from then on, so pass a stream with reference semantics: a class, or a struct that
  /// writes to a file (such as standard error). The lock is `Synchronization.Mutex`, hence macOS 15 / iOS 18
  /// (see the Availability article in Rill's documentation).
  ///
  /// ```swift
  /// let store = Store(initialState: Counter(), reducer: counter, middleware: [.logging(to: log)])
  /// store.dispatch(.increase)
  /// // log:
  /// // action increase
  /// // -   count: 0,
  /// // +   count: 1,
  /// ```
  ///
  /// - Complexity: Two dumps of the state and a line diff per action; meant for debugging.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public static func logging<Output: TextOutputStream & SendableMetatype>(to output: sending Output) -> Middleware {
    let stream = Mutex(output)
    return Middleware { context, action, next in
      let before = ValueDump.lines(of: context.state)
      next(action)
      let after = ValueDump.lines(of: context.state)
      let text = "action \(action)\n" + stateChanges(from: before, to: after)
      stream.withLock { $0.write(text) }
    }
  }
}

/// The lines of `value`'s state that differ from `old`'s, as `rill history` prints them: `- ` before a line of the
/// old state, `+ ` before a line of the new one (each state written one property a line, by ``ValueDump``), each
/// ending in a newline; `  (no change)` when none differs.
package func stateChanges(from old: [String], to new: [String]) -> String {
  var text = ""
  for line in LineDiff.lines(expected: old, actual: new) {
    switch line {
    case .both: continue
    case .expected(let old): text += "- \(old)\n"
    case .actual(let new): text += "+ \(new)\n"
    }
  }
  return text.isEmpty ? "  (no change)\n" : text
}
