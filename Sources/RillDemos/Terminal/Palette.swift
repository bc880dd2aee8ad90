/// Whether text is painted with ANSI colours, and how.
///
/// Colours appear only on a terminal, and never when the `NO_COLOR` environment variable is set to a
/// non-empty value (see no-color.org) or `--no-color` is given: ``resolve(outputIsTerminal:environment:noColorFlag:)``
/// decides once, and everything that renders takes the palette it chose.
///
/// ```swift
/// Palette.ansi.paint("35", sgr: "35")    // "\u{1B}[35m35\u{1B}[0m"
/// Palette.plain.paint("35", sgr: "35")   // "35"
/// ```
public struct Palette: Equatable, Sendable {
  /// Whether ``paint(_:sgr:)`` adds escape codes.
  public var usesColor: Bool

  /// Creates a palette that paints (`usesColor`) or leaves text as it is.
  public init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  /// No colours: text passes through unchanged.
  public static let plain = Palette(usesColor: false)
  /// ANSI colours.
  public static let ansi = Palette(usesColor: true)

  /// The palette for an output: colours only when it is a terminal, `NO_COLOR` is unset or empty,
  /// and `--no-color` was not given.
  public static func resolve(
    outputIsTerminal: Bool, environment: [String: String], noColorFlag: Bool
  ) -> Palette {
    let noColorVariable = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return Palette(usesColor: outputIsTerminal && !noColorVariable && !noColorFlag)
  }

  /// `text` drawn with the SGR attribute `sgr` (such as `"35"` or `"1;31"`) and reset after, or
  /// `text` unchanged when the palette has no colours.
  public func paint(_ text: String, sgr: String) -> String {
    usesColor ? ANSI.sgr(sgr) + text + ANSI.reset : text
  }
}
