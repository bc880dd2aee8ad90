/// The language of the credit demo's status labels (`--lang`).
public enum Language: String, CaseIterable, Sendable {
  /// English: "not set", "fail", "pass".
  case en
  /// Chinese, the labels of the original example: 未设置, 不合格, 合格.
  case zh
}
