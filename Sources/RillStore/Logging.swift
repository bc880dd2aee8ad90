import Synchronization

extension Middleware {
  /// A middleware that writes each action, and the lines of the state that it changed, to `output`.
  ///
  /// For each action it passes on, it dumps the state (with the standard library's `dump`) before and
  /// after, and writes the action followed by the dump lines that differ: `-` for a line of the old
  /// state, `+` for a line of the new one. An action that changes nothing is followed by
  /// `  (no change)`. Put it first to see the actions as dispatched, or last to see them as they reach
  /// the reducer.
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
  /// // -   - count: 0
  /// // +   - count: 1
  /// ```
  ///
  /// - Complexity: Two dumps of the state and a line diff per action; meant for debugging.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public static func logging<Output: TextOutputStream & SendableMetatype>(to output: sending Output) -> Middleware {
    let stream = Mutex(output)
    return Middleware { context, action, next in
      let before = dumped(context.state)
      next(action)
      let after = dumped(context.state)
      let text = "action \(action)\n" + stateChanges(from: before, to: after)
      stream.withLock { $0.write(text) }
    }
  }
}

/// The lines `dump` writes for `value`.
func dumped<Value>(_ value: Value) -> [Substring] {
  var text = ""
  dump(value, to: &text)
  return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
}

/// The lines that differ between two dumps, `-` for removed and `+` for inserted, each ending in a
/// newline; `  (no change)` when they are equal.
func stateChanges(from old: [Substring], to new: [Substring]) -> String {
  let difference = new.difference(from: old)
  guard !difference.isEmpty else { return "  (no change)\n" }
  var text = ""
  for change in difference.removals {
    if case .remove(_, let line, _) = change { text += "- \(line)\n" }
  }
  for change in difference.insertions {
    if case .insert(_, let line, _) = change { text += "+ \(line)\n" }
  }
  return text
}
