import RillStore
import Testing

@testable import RillTesting

@Suite struct TimeTravelTests {
  @Test func isDescribedAsTheStoreMethodItIs() {
    #expect(
      [TimeTravel.undo, .redo, .jump(to: 2), .importHistory].map(\.description) == [
        "undo()", "redo()", "jump(to: 2)", "importHistory(_:)",
      ])
  }

  @Test func isTheTimeTravelOfAStoreCommand() {
    let commands: [StoreCommand<Int, String>] = [.action("a"), .undo, .redo, .jump(3), .replace([], position: 0)]
    #expect(commands.map { TimeTravel($0) } == [nil, .undo, .redo, .jump(to: 3), .importHistory])
  }
}
