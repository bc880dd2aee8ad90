import Testing

@testable import rill

@Suite struct UsageTests {
  @Test(arguments: Topic.allCases)
  func helpStartsWithTheUsageLine(topic: Topic) {
    #expect(Usage.help(topic).hasPrefix(Usage.usage(topic) + "\n\n"))
    #expect(Usage.help(topic).split(separator: "\n").allSatisfy { $0.count <= 100 })
  }

  @Test func anErrorShowsTheMessageTheUsageAndWhereToLookNext() {
    let text = Usage.error(UsageError(message: "--lang must be en or zh (got 'fr')", topic: .credit))
    #expect(
      text == """
        rill: error: --lang must be en or zh (got 'fr')
        USAGE: rill credit [--clicks <n>] [--lang <en|zh>] [--record <file>] [--no-color] [--graph [<form>]]
        See 'rill credit --help'.

        """)
  }
}
