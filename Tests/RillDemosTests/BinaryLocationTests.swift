import Foundation
import Testing

@Suite struct BinaryLocationTests {
  @Test func theBuiltBinaryIsNextToTheTests() throws {
    #expect(FileManager.default.isExecutableFile(atPath: RillBinary.url.path), "\(RillBinary.url.path)")
    let result = try RillBinary.run(["--version"])
    #expect(result.status == 0)
  }
}
