import RillDemos
import Testing

@Suite struct CreditColorTests {
  @Test(arguments: [
    (0, CreditColor.gray), (25, .gray), (29, .gray), (30, .purple), (69, .purple), (70, .red), (500, .red),
  ])
  func grayBelow30PurpleTo69RedFrom70(credit: Int, expected: CreditColor) {
    #expect(CreditColor(credit: credit) == expected)
  }

  @Test func namesAndSGRCodes() {
    #expect(CreditColor.allCases.map(\.name) == ["gray", "purple", "red"])
    #expect(CreditColor.allCases.map(\.sgr) == ["90", "35", "31"])
  }
}
