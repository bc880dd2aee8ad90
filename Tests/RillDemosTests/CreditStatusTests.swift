import RillDemos
import Testing

@Suite struct CreditStatusTests {
  @Test(arguments: [(0, CreditStatus.notSet), (5, .fail), (65, .fail), (69, .fail), (70, .pass), (100, .pass)])
  func notSetAt0FailBelow70PassFrom70(credit: Int, expected: CreditStatus) {
    #expect(CreditStatus(credit: credit) == expected)
  }

  @Test func labelsInEnglishAndChinese() {
    #expect(CreditStatus.allCases.map { $0.label(in: .en) } == ["not set", "fail", "pass"])
    #expect(CreditStatus.allCases.map { $0.label(in: .zh) } == ["未设置", "不合格", "合格"])
  }
}
