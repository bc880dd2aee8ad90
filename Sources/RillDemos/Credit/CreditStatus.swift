/// The status beside the credit: "not set" while the credit is 0, "fail" below 70, "pass" from 70.
///
/// A pure derivation of the credit; the credit demo's `credit → status` pipeline is
/// `credit.map(CreditStatus.init(credit:))`.
///
/// ```swift
/// CreditStatus(credit: 0).label(in: .en)    // "not set"
/// CreditStatus(credit: 65).label(in: .en)   // "fail"
/// CreditStatus(credit: 70).label(in: .zh)   // "合格"
/// ```
public enum CreditStatus: CaseIterable, Equatable, Sendable {
  case notSet, fail, pass

  /// The status for `credit`.
  public init(credit: Int) {
    switch credit {
    case 0: self = .notSet
    case ..<70: self = .fail
    default: self = .pass
    }
  }

  /// The label in `language`.
  public func label(in language: Language) -> String {
    switch (self, language) {
    case (.notSet, .en): "not set"
    case (.fail, .en): "fail"
    case (.pass, .en): "pass"
    case (.notSet, .zh): "未设置"
    case (.fail, .zh): "不合格"
    case (.pass, .zh): "合格"
    }
  }
}
