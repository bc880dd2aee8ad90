/// The lines two texts share and the lines only one of them has, in order: a longest common
/// subsequence of lines, for the expected-versus-actual state a `TestStore` shows (RillTesting) and the state
/// changes `rill history` prints.
///
/// ```swift
/// LineDiff.render(expected: ["a", "b"], actual: ["a", "c"])
/// // "  a\n- b\n+ c"
/// ```
///
/// - Complexity: O(*n* × *m*) for texts of *n* and *m* lines.
package enum LineDiff {
  /// One line of a diff.
  package enum Line: Equatable {
    case both(String)
    case expected(String)
    case actual(String)
  }

  /// The diff of `expected` and `actual`: each line once, marked as in both or in one of them; where
  /// they differ, the expected lines come first.
  package static func lines(expected: [String], actual: [String]) -> [Line] {
    let n = expected.count
    let m = actual.count
    // common[i][j]: the length of the longest common subsequence of expected[i...] and actual[j...].
    var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        common[i][j] =
          expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var result: [Line] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n && j < m && expected[i] == actual[j] {
        result.append(.both(expected[i]))
        i += 1
        j += 1
      } else if j == m || (i < n && common[i + 1][j] >= common[i][j + 1]) {
        result.append(.expected(expected[i]))
        i += 1
      } else {
        result.append(.actual(actual[j]))
        j += 1
      }
    }
    return result
  }

  /// The diff as text: `"  "` before a line in both, `"- "` before an expected one, `"+ "` before an
  /// actual one.
  package static func render(expected: [String], actual: [String]) -> String {
    lines(expected: expected, actual: actual).map { line in
      switch line {
      case .both(let text): "  " + text
      case .expected(let text): "- " + text
      case .actual(let text): "+ " + text
      }
    }.joined(separator: "\n")
  }
}
