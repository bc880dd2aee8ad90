public import RillStore

/// The student-credit state: one number.
public struct CreditState: Equatable, Sendable {
  /// The credit, from 0, 5 more per click.
  public var credit: Int

  /// A state with `credit` credits.
  public init(credit: Int = 0) {
    self.credit = credit
  }
}

/// The student-credit action: a click on the "add" button. Recorded as `"click"`.
public enum CreditAction: String, Codable, Equatable, Sendable {
  /// Adds 5 credits.
  case click
}

/// What the credit screen shows for one state: the credit, its colour and its status.
public struct CreditView: Equatable, Sendable {
  /// The credit.
  public var credit: Int
  /// Its colour.
  public var color: CreditColor
  /// Its status.
  public var status: CreditStatus

  /// The view of one state.
  public init(credit: Int, color: CreditColor, status: CreditStatus) {
    self.credit = credit
    self.color = color
    self.status = status
  }
}

/// The student-credit demo: each click adds 5 credits; the credit is drawn gray, purple or red and
/// the status reads "not set", "fail" or "pass".
///
/// The view is built from one source, the store's credit, by pure derivations:
///
/// ```
/// store.state ─ select(\.credit) ─┬─ map(CreditColor.init) ──┐
///                                 ├─ map(CreditStatus.init) ─┼─ combine ─ map(CreditView.init) ─ removeDuplicates
///                                 └──────────────────────────┘
/// ```
///
/// `combine` is glitch-free, so each click renders exactly once, never a view mixing the old colour
/// with the new status. Off a terminal each view is one line:
///
/// ```
/// Credit: 0 [gray]  Status: not set
/// Credit: 35 [purple]  Status: fail
/// ```
///
/// With `language: .zh` the status reads 未设置, 不合格 or 合格; the `[gray]` colour tag stays as it
/// is in every language (it names the colour, and stands in for it where colours cannot be shown).
public struct CreditDemo: Demo {
  public static let name = "credit"

  /// The language of the status labels.
  public var language: Language

  /// The demo with status labels in `language`.
  public init(language: Language = .en) {
    self.language = language
  }

  public var initialState: CreditState { CreditState() }

  public var reducer: Reducer<CreditState, CreditAction> {
    Reducer { state, action in
      switch action {
      case .click: state.credit += 5
      }
    }
  }

  /// `select(\.credit)`, then `credit → color` and `credit → status`, joined by a glitch-free
  /// `combine` into one ``CreditView`` per click.
  public func view(of store: Store<CreditState, CreditAction>) -> Signal<CreditView> {
    let credit = store.select(\.credit).named("credit")
    let color = credit.map(CreditColor.init(credit:)).named("color")
    let status = credit.map(CreditStatus.init(credit:)).named("status")
    return combine(color, status, credit)
      .map { color, status, credit in CreditView(credit: credit, color: color, status: status) }
      .removeDuplicates()
      .named("view")
  }

  /// `Credit: 35 [purple]  Status: fail`; a painting palette draws the number in its colour.
  public func line(for view: CreditView, palette: Palette) -> String {
    let number = palette.paint(String(view.credit), sgr: view.color.sgr)
    return "Credit: \(number) [\(view.color.name)]  Status: \(view.status.label(in: language))"
  }

  /// A title, then the credit in bold in its colour (with its `[colour]` tag when the palette has no
  /// colours) and the status beside it.
  public func screen(for view: CreditView, palette: Palette) -> [String] {
    let number = palette.paint(String(view.credit), sgr: "1;" + view.color.sgr)
    let tag = palette.usesColor ? "" : " [\(view.color.name)]"
    return [
      "Student credit: each click adds 5",
      "",
      "  Credit: \(number)\(tag)   Status: \(view.status.label(in: language))",
    ]
  }

  public var keyLegend: String { "space, enter or + click" }

  public var actionWords: [String] { ["add", "+"] }

  public func action(forWord word: String) -> CreditAction? {
    word == "add" || word == "+" ? .click : nil
  }

  public func action(for key: Key) -> CreditAction? {
    switch key {
    case .character(" "), .character("+"), .enter: .click
    default: nil
    }
  }

  public var repeatedAction: CreditAction { .click }
}
