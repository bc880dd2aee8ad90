// A stand-in for the few Foundation types RillStore uses, so it type-checks for an Apple target on Linux.
// Foundation's own availability is not modelled: all of these exist in every macOS and iOS Rill supports.
public struct Date: Sendable, Hashable, Codable, Comparable {
  public init() {}
  public static func < (lhs: Date, rhs: Date) -> Bool { false }
}
public struct Data: Sendable, Hashable, Codable, RandomAccessCollection, MutableCollection {
  public init() {}
  public init<S: Sequence>(_ elements: S) where S.Element == UInt8 {}
  public var startIndex: Int { 0 }
  public var endIndex: Int { 0 }
  public subscript(position: Int) -> UInt8 { get { 0 } set {} }
}
public final class JSONEncoder {
  public struct OutputFormatting: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let prettyPrinted = OutputFormatting(rawValue: 1)
    public static let sortedKeys = OutputFormatting(rawValue: 2)
  }
  public var outputFormatting: OutputFormatting = []
  public init() {}
  public func encode<T: Encodable>(_ value: T) throws -> Data { Data() }
}
public final class JSONDecoder {
  public init() {}
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError() }
}
public final class JSONSerialization {
  public struct ReadingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let fragmentsAllowed = ReadingOptions(rawValue: 4)
  }
  public static func jsonObject(with data: Data, options: ReadingOptions = []) throws -> Any { 0 }
}
open class NSError: Error {
  public var userInfo: [String: Any] { [:] }
}
public let NSDebugDescriptionErrorKey = "NSDebugDescription"
