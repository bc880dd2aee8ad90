/// The ANSI escape sequences the interactive screens write, and nothing else does.
///
/// Lines written off a terminal never contain any of these: the demos choose a ``Palette`` and a
/// screen only when both standard input and standard output are terminals.
public enum ANSI {
  /// Control Sequence Introducer: `ESC [`.
  public static let csi = "\u{1B}["
  /// Resets colour and every other attribute.
  public static let reset = csi + "0m"
  /// Bold text.
  public static let bold = csi + "1m"
  /// Moves the cursor home and clears the screen.
  public static let clearScreen = csi + "H" + csi + "2J"
  /// Hides the cursor.
  public static let hideCursor = csi + "?25l"
  /// Shows the cursor.
  public static let showCursor = csi + "?25h"
  /// Switches to the alternate screen, so the shell's screen comes back untouched on exit.
  public static let enterAlternateScreen = csi + "?1049h"
  /// Switches back to the main screen.
  public static let leaveAlternateScreen = csi + "?1049l"

  /// What an interactive screen writes before its first frame.
  public static let screenStart = enterAlternateScreen + hideCursor + clearScreen
  /// What an interactive screen writes when it ends, however it ends (the last bytes it writes).
  public static let screenEnd = reset + showCursor + leaveAlternateScreen

  /// The Select Graphic Rendition sequence for `code` (`"35"` is magenta).
  public static func sgr(_ code: String) -> String {
    csi + code + "m"
  }
}
