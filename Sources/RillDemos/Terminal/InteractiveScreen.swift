/// A screen of the interactive terminal app: it draws frames while shown and handles keys.
///
/// A screen draws only from its view pipeline: ``show(_:)`` subscribes to it (the replay draws the
/// first frame at once) and ``hide()`` ends that subscription. So a hidden screen costs nothing and
/// a shown one redraws exactly when its state changes.
public protocol InteractiveScreen: AnyObject {
  /// Starts drawing: each frame (a full screen of text, see ``Frame``) goes to `draw`.
  func show(_ draw: @escaping (String) -> Void)
  /// Stops drawing.
  func hide()
  /// Handles `key`; returns `false` when the screen is done (its quit key).
  func handle(_ key: Key) -> Bool
}

/// A full screen of text for the interactive screens.
public enum Frame {
  /// Clears the screen and writes `lines`, one per row. The terminal stays in output-processing mode,
  /// so `"\n"` starts a new row at column 0.
  ///
  /// ```swift
  /// Frame.render(["Counter", "", "  Counter: 3"])
  /// // "\u{1B}[H\u{1B}[2JCounter\n\n  Counter: 3\n"
  /// ```
  public static func render(_ lines: [String]) -> String {
    ANSI.clearScreen + lines.map { $0 + "\n" }.joined()
  }
}

/// Runs `screen` on a terminal: raw mode, the screen shown, keys handled until it is done or input
/// ends, then the terminal restored (also on signals; see ``RawMode``).
public func runInteractive(
  _ screen: any InteractiveScreen, input: FileStream = .standardInput, output: FileStream = .standardOutput
) throws {
  try RawMode.run(input: input, output: output) {
    screen.show { output.write($0) }
    KeyLoop.run(read: { input.read() }, handle: screen.handle)
    screen.hide()
  }
}
