import Foundation
import RillStore
import TestSupport
import Testing

/// A history file that is not valid JSON (HistoryFile/JSONSyntax.swift): the import says it is a syntax
/// error, at which byte, and in which entry when it is inside one.
@Suite struct JSONSyntaxTests {
  /// One edit of ``recordedCounterExport()`` that breaks the JSON: `original` replaced (first occurrence)
  /// by `replacement`; the error is `at` bytes from the replacement's start, in `entry`, for `reason`.
  struct BrokenExport: CustomTestStringConvertible, Sendable {
    var name: String
    var original: String
    var replacement: String
    var at: Int
    var entry: Int?
    var reason: String

    var testDescription: String { name }
  }

  static let brokenExports: [BrokenExport] = [
    .init(
      name: "a raw line feed in a string", original: #""saved""#, replacement: "\"sa\nved\"", at: 3, entry: 1,
      reason: #"a raw line feed in a string (escape it as \n)"#),
    .init(
      name: "a raw tab in a string", original: #""saved""#, replacement: "\"sa\tved\"", at: 3, entry: 1,
      reason: "a raw control character 0x09 in a string (escape it)"),
    .init(
      name: "a leading zero", original: #""_0":5"#, replacement: #""_0":01"#, at: 5, entry: 2,
      reason: "the number 01 has a leading zero"),
    .init(
      name: "an exponent without digits", original: #""_0":5"#, replacement: #""_0":1.0e"#, at: 5, entry: 2,
      reason: "the number 1.0e has no digits in its exponent"),
    .init(
      name: "a fraction without digits", original: #""_0":5"#, replacement: #""_0":1."#, at: 5, entry: 2,
      reason: "the number 1. has no digits after its '.'"),
    .init(
      name: "a minus without digits", original: #""_0":5"#, replacement: #""_0":-"#, at: 5, entry: 2,
      reason: "the number - has no digits"),
    .init(
      name: "an unterminated string", original: #""saved""#, replacement: #""saved"#, at: 10, entry: 1,
      reason: "expected ',' or '}' after a member, found 'd'"),
    .init(
      name: "a trailing comma in an action", original: #"{"increase":{}}"#, replacement: #"{"increase":{},}"#,
      at: 15, entry: 0, reason: "a comma before '}' (JSON has no trailing commas)"),
    .init(
      name: "a trailing comma after the last entry", original: #"}],"format""#, replacement: #"},],"format""#,
      at: 2, entry: 3, reason: "a comma before ']' (JSON has no trailing commas)"),
    .init(
      name: "a trailing comma in the header", original: #""version":1}"#, replacement: #""version":1,}"#, at: 12,
      entry: nil, reason: "a comma before '}' (JSON has no trailing commas)"),
    .init(
      name: "a bad escape", original: #""saved""#, replacement: #""sa\qved""#, at: 3, entry: 1,
      reason: #"an invalid escape \q in a string"#),
    .init(
      name: "a short unicode escape", original: #""saved""#, replacement: #""sa\u12G4""#, at: 3, entry: 1,
      reason: #"\u must be followed by four hex digits"#),
    .init(
      name: "an unpaired surrogate", original: #""saved""#, replacement: #""\ud800x""#, at: 1, entry: 1,
      reason: #"an unpaired surrogate \ud800 in a string"#),
    .init(
      name: "a misspelt literal", original: #"{"increase":{}}"#, replacement: "tru", at: 0, entry: 0,
      reason: "'tru' is not a JSON value (true, false or null)"),
    .init(
      name: "a missing colon", original: #""_0":5"#, replacement: #""_0" 5"#, at: 5, entry: 2,
      reason: "expected ':' after a member name, found '5'"),
    .init(
      name: "a missing value", original: #""_0":5"#, replacement: #""_0":}"#, at: 5, entry: 2,
      reason: "expected a value, found '}'"),
    .init(
      name: "a missing comma between entries", original: #"},{"action":{"rename""#,
      replacement: #"} {"action":{"rename""#, at: 2, entry: 1, reason: "expected ',' or ']' after an element, found '{'"
    ),
    .init(
      name: "a name without quotes", original: #""position""#, replacement: "position", at: 0, entry: nil,
      reason: "expected a member name in quotes, found 'p'"),
    .init(
      name: "a leading zero in the header", original: #""version":1"#, replacement: #""version":01"#, at: 10,
      entry: nil, reason: "the number 01 has a leading zero"),
    .init(
      name: "text after the end", original: #""version":1}"#, replacement: #""version":1} x"#, at: 13, entry: nil,
      reason: "unexpected 'x' after the JSON value"),
  ]

  @Test(arguments: brokenExports)
  func aSyntaxErrorSaysSoWhereAndInWhichEntry(broken: BrokenExport) throws {
    let export = try recordedCounterExport()
    let start = try #require(export.range(of: broken.original)?.lowerBound)
    let text = export.replacingCharacters(
      in: start..<export.index(start, offsetBy: broken.original.count), with: broken.replacement)
    let offset = export.utf8.distance(from: export.startIndex, to: start) + broken.at
    let error = try #require(importing(text))
    #expect(error == .invalidJSON(atByte: offset, entry: broken.entry, reason: broken.reason))
    let place = "syntax error at byte \(offset)" + (broken.entry.map { ", in entry \($0)" } ?? "")
    #expect(error.description == "the history file is not valid JSON: \(place): \(broken.reason)")
  }

  @Test func invalidUTF8InAStringIsASyntaxError() throws {
    var bytes = Array(try recordedCounterExport().utf8)
    let offset = try #require(bytes.firstRange(of: Array(#""saved""#.utf8))?.lowerBound) + 3
    bytes[offset] = 0xFF
    #expect(importing(Data(bytes)) == .invalidJSON(atByte: offset, entry: 1, reason: "invalid UTF-8 in a string"))
  }

  /// Foundation's parser reads 512 nested arrays and objects, no more: the 513th is a syntax error at
  /// its bracket, not a "not valid JSON" without a place.
  @Test func nestingDeeperThanFoundationReadsIsASyntaxError() throws {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let export = try recordedCounterExport()
    let text = export.replacingOccurrences(of: #"{"increase":{}}"#, with: #"{"increase":{"x":\#(deep)}}"#)
    let offset = try #require(text.utf8.firstRange(of: "[[".utf8)?.lowerBound)
    // The root, the entries, the entry, the action and `increase` hold the first bracket: it is the 6th.
    let at = text.utf8.distance(from: text.utf8.startIndex, to: offset) + 513 - 6
    #expect(
      importing(text)
        == .invalidJSON(atByte: at, entry: 0, reason: "more than 512 arrays and objects inside one another"))
  }

  /// A UTF-8 byte order mark, which an editor may add, is skipped (as `JSONDecoder` skips it); UTF-16 is
  /// not a history file's encoding.
  @Test func aByteOrderMarkIsSkippedAndUTF16Refused() throws {
    let export = try recordedCounterExport()
    let store = counterStore()
    try store.importHistory(Data([0xEF, 0xBB, 0xBF]) + Data(export.utf8))
    #expect(store.history.entries.map(\.action) == [.increase, .rename("saved"), .add(5)])
    #expect(store.history.position == 2)
    let utf16 = Data([0xFF, 0xFE]) + (try #require(export.data(using: .utf16LittleEndian)))
    #expect(importing(utf16) == .invalidJSON(atByte: 0, entry: nil, reason: "expected a value, found byte 0xFF"))
  }

  @Test func aStringCutShortIsATruncatedFile() throws {
    let text = try recordedCounterExport()
    let end = try #require(text.range(of: "sav")?.upperBound)
    let cut = String(text[..<end])
    #expect(importing(cut) == .truncated(atByte: cut.utf8.count))
  }

  /// Where strings are in `bytes`: `true` for each byte inside one (its quotes included).
  static func insideStrings(_ bytes: [UInt8]) -> [Bool] {
    var inside = false
    var escaped = false
    return bytes.map { byte in
      defer {
        if escaped {
          escaped = false
        } else if inside && byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inside.toggle()
        }
      }
      return inside || byte == UInt8(ascii: "\"")
    }
  }

  /// JSON's structural bytes: blanks next to them are between tokens.
  static let structure: Set<UInt8> = Set(#"{}[],:"#.utf8)

  /// Bytes a mutation inserts or writes: JSON's structure, digits and letters, blanks, and bytes that
  /// are never valid where they land (NUL, DEL, a lone UTF-8 lead, 0xFF).
  static let mutationBytes: [UInt8] = Array(#"{}[]",:\0159-+.eEtnau "#.utf8) + [0x0A, 0x09, 0x00, 0x7F, 0xC3, 0xFF]

  /// Whether Foundation's parser calls `data` invalid JSON. It reads a number too large for a `Double`
  /// as an error (`1e400`), which is valid JSON.
  static func foundationRejects(_ data: Data) -> Bool {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
      return false
    } catch {
      let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
      return !reason.contains("not representable")
    }
  }

  /// Random edits of a valid export (seeded): blanks inserted between tokens import as the same history;
  /// anything else imports as a history that exports and imports again as itself, or throws a
  /// `HistoryImportError` and leaves the store untouched. Text Foundation's parser rejects is a syntax
  /// error (`invalidJSON` or `truncated`), and a syntax error is text Foundation's parser rejects, or a
  /// trailing comma, which that parser lets through on Linux. 100 rounds per seed; 400 with `RILL_STRESS=1`
  /// (see ``StressSize``).
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func mutatedExportsImportAsTheSameOrFailCleanly(seed: UInt64) throws {
    var random = SplitMix64(state: seed)
    let source = counterStore()
    for action in [CounterAction.increase, .rename("a \"quoted\"\\ title\n漢🙂"), .add(-12_345), .decrease, .add(7)] {
      source.dispatch(action)
    }
    source.jump(to: 3)
    let export = Array(try source.exportHistory())
    for round in 0..<StressSize.pick(default: 100, stress: 400) {
      var bytes = export
      var neutral = true
      for _ in 0...Int.random(in: 0...2, using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch random.next() % 6 {
        case 0:
          let inside = Self.insideStrings(bytes)
          let between = bytes.indices.filter { !inside[$0] && Self.structure.contains(bytes[$0]) }
          bytes.insert(
            [0x20, 0x0A, 0x09, 0x0D].randomElement(using: &random)!, at: between.randomElement(using: &random)!)
        case 1:
          bytes.remove(at: index)
          neutral = false
        case 2:
          bytes.insert(Self.mutationBytes.randomElement(using: &random)!, at: index)
          neutral = false
        case 3:
          bytes[index] = Self.mutationBytes.randomElement(using: &random)!
          neutral = false
        case 4:
          let end = min(bytes.count, index + Int.random(in: 1...12, using: &random))
          bytes.insert(contentsOf: bytes[index..<end], at: end)
          neutral = false
        default:
          bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...12, using: &random)))
          neutral = false
        }
      }
      let data = Data(bytes)
      let context: Comment = "seed \(seed), round \(round): \(String(decoding: bytes, as: UTF8.self))"
      let store = untouchedStore()
      let imported = Result { try store.importHistory(data) }
      switch imported {
      case .success:
        #expect(!Self.foundationRejects(data), "imported text Foundation rejects; \(context)")
        if neutral {
          #expect(store.history == source.history, context)
          #expect(store.currentState == source.currentState, context)
        }
        let again = counterStore()
        try again.importHistory(store.exportHistory())
        #expect(again.history == store.history, context)
      case .failure(let failure):
        let error = try #require(failure as? HistoryImportError, context)
        #expect(!neutral, "blanks between tokens were refused: \(error); \(context)")
        #expect(store.history.entries.map(\.action) == [.add(42)], context)
        #expect(store.currentState == Counter(count: 42), context)
        switch error {
        case .truncated: #expect(Self.foundationRejects(data), context)
        case .invalidJSON(_, _, let reason):
          #expect(Self.foundationRejects(data) || reason.contains("trailing commas"), "\(error); \(context)")
        default: #expect(!Self.foundationRejects(data), "\(error) for text Foundation rejects; \(context)")
        }
      }
    }
  }
}
