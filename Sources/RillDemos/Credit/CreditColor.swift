/// The colour of the credit label: gray below 30, purple from 30 to 69, red from 70.
///
/// A pure derivation of the credit; the credit demo's `credit → color` pipeline is
/// `credit.map(CreditColor.init(credit:))`.
///
/// ```swift
/// CreditColor(credit: 25)   // .gray
/// CreditColor(credit: 30)   // .purple
/// CreditColor(credit: 70)   // .red
/// ```
public enum CreditColor: String, CaseIterable, Equatable, Sendable {
  case gray, purple, red

  /// The colour for `credit`.
  public init(credit: Int) {
    switch credit {
    case ..<30: self = .gray
    case ..<70: self = .purple
    default: self = .red
    }
  }

  /// The name shown in brackets, `[purple]`, in every language: it is the colour's identifier,
  /// the same text whether or not the colour itself can be shown.
  public var name: String { rawValue }

  /// The ANSI SGR attribute that draws it: bright black, magenta, red.
  public var sgr: String {
    switch self {
    case .gray: "90"
    case .purple: "35"
    case .red: "31"
    }
  }
}
