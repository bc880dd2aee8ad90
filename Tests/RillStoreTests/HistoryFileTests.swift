import Foundation
import RillStore
import Testing

@Suite struct HistoryFileTests {
  @Test func roundTripGivesTheSameStateAndHistory() throws {
    let original = recordedCounterStore()
    let replay = counterStore()
    var titles: [String] = []
    let subscription = replay.select(\.title).subscribe { titles.append($0) }
    try replay.importHistory(original.exportHistory())
    #expect(replay.currentState == original.currentState)
    #expect(replay.currentState == Counter(count: 1, title: "saved"))
    #expect(replay.history == original.history)
    #expect(titles == ["", "saved"])
    replay.redo()
    #expect(replay.currentState == Counter(count: 6, title: "saved"))
    withExtendedLifetime(subscription) {}
  }

  @Test func roundTripOfALongHistoryKeepsSnapshotsForJumps() throws {
    let original = counterStore()
    for amount in 1...300 { original.dispatch(.add(amount)) }
    original.jump(to: 150)
    let calls = CallCounter()
    let replay = counterStore(calls: calls)
    try replay.importHistory(original.exportHistory())
    #expect(replay.currentState == Counter(count: 150 * 151 / 2))
    calls.count = 0
    replay.jump(to: 299)
    #expect(replay.currentState == Counter(count: 299 * 300 / 2))
    #expect(calls.count < 64)
  }

  @Test func theFormatDescribesItself() throws {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try recordedCounterExport().utf8)) as? [String: Any])
    #expect(object["format"] as? String == "rill.history")
    #expect(object["version"] as? Int == 1)
    #expect(object["actionType"] as? String == "RillStoreTests.CounterAction")
    #expect(object["position"] as? Int == 2)
    let entries = try #require(object["entries"] as? [[String: Any]])
    #expect(entries.count == 3)
    #expect(entries.allSatisfy { $0["action"] != nil && $0["date"] is String })
  }

  @Test func truncatedFile() throws {
    let text = try recordedCounterExport()
    let cut = String(text.prefix(text.count / 2))
    #expect(importing(cut) == .truncated(atByte: cut.utf8.count))
    #expect(
      importing(cut)?.description
        == "the history file is truncated: the JSON ends unfinished at byte \(cut.utf8.count)")
  }

  /// An empty file (nothing, or only white space) is called empty, not cut short or not JSON.
  @Test(arguments: ["", " \n\t\r\n"]) func anEmptyFileSaysItIsEmpty(text: String) {
    #expect(importing(text) == .empty)
    #expect(importing(text)?.description == "the history file is empty")
  }

  @Test func corruptFile() throws {
    let text = try recordedCounterExport().replacingOccurrences(of: "\"position\"", with: "position")
    let error = try #require(importing(text))
    let name = try #require(text.utf8.firstRange(of: "position".utf8))
    let offset = text.utf8.distance(from: text.startIndex, to: name.lowerBound)
    #expect(error == .invalidJSON(atByte: offset, entry: nil, reason: "expected a member name in quotes, found 'p'"))
    #expect(error.description.hasPrefix("the history file is not valid JSON: syntax error at byte \(offset): "))
  }

  @Test func binaryGarbage() throws {
    #expect(
      importing(Data([0xFF, 0x00, 0x7B, 0x7D]))
        == .invalidJSON(atByte: 0, entry: nil, reason: "expected a value, found byte 0xFF"))
  }

  @Test func jsonThatIsNotAHistory() {
    #expect(importing(#"{"name": "something else"}"#) == .wrongFormat(found: nil))
    #expect(importing(#"[1, 2, 3]"#) == .wrongFormat(found: nil))
    #expect(importing(#"{"format": "other.format", "version": 1}"#) == .wrongFormat(found: "other.format"))
    #expect(
      importing(#"{"format": "other.format"}"#)?.description
        == #"not a Rill history file: format is "other.format", expected "rill.history""#)
  }

  @Test func unsupportedVersion() throws {
    let text = try recordedCounterExport().replacingOccurrences(of: "\"version\":1", with: "\"version\":7")
    #expect(importing(text) == .unsupportedVersion(found: 7, supported: 1))
    #expect(importing(text)?.description == "unsupported history version 7: this library reads version 1")
  }

  @Test func historyOfAnotherActionType() throws {
    let other = Store(initialState: 0, reducer: Reducer<Int, OtherAction> { state, _ in state += 1 })
    other.dispatch(OtherAction(name: "x"))
    let error = importing(try other.exportHistory())
    #expect(error == .actionTypeMismatch(expected: "RillStoreTests.CounterAction", found: "RillStoreTests.OtherAction"))
    #expect(
      error?.description
        == "the history records actions of type RillStoreTests.OtherAction, but this store's actions are "
        + "RillStoreTests.CounterAction")
  }

  @Test func entryWhoseActionDoesNotDecodeNamesItsIndex() throws {
    let text = try recordedCounterExport().replacingOccurrences(of: "\"saved\"", with: "12")
    let error = try #require(importing(text))
    guard case .invalidEntry(let index, let path, _) = error else {
      Issue.record("expected invalidEntry, got \(error)")
      return
    }
    #expect(index == 1)
    #expect(path == "action.rename._0")
    #expect(error.description.hasPrefix("entry 1 is invalid at action.rename._0: expected String"))
  }

  @Test func entryWithAnUnknownActionCase() throws {
    let text = try recordedCounterExport().replacingOccurrences(of: "\"increase\"", with: "\"explode\"")
    let error = try #require(importing(text))
    guard case .invalidEntry(index: 0, _, _) = error else {
      Issue.record("expected invalidEntry at 0, got \(error)")
      return
    }
  }

  @Test func entryWithoutADate() throws {
    let file = #"""
      {"format": "rill.history", "version": 1, "actionType": "RillStoreTests.CounterAction", "position": 1,
       "entries": [{"action": {"increase": {}}, "date": 1}, {"action": {"increase": {}}}]}
      """#
    #expect(importing(file) == .invalidEntry(index: 1, path: "date", reason: "missing"))
    #expect(importing(file)?.description == "entry 1 is invalid at date: missing")
  }

  @Test func missingOrMistypedTopLevelFields() throws {
    let header = #""format": "rill.history", "actionType": "RillStoreTests.CounterAction""#
    #expect(importing(#"{"format": "rill.history"}"#) == .invalidField(name: "version", reason: "missing"))
    #expect(
      importing(#"{\#(header), "version": 1, "entries": []}"#) == .invalidField(name: "position", reason: "missing"))
    let numericFormat = try #require(importing(#"{"format": 5}"#))
    guard case .invalidField(name: "format", _) = numericFormat else {
      Issue.record("expected invalidField(format), got \(numericFormat)")
      return
    }
    let textVersion = try #require(importing(#"{"format": "rill.history", "version": "1"}"#))
    #expect(textVersion.description.hasPrefix(#"the history's "version" field is invalid: expected Int"#))
    let mistyped = try #require(importing(#"{\#(header), "version": 1, "position": 0, "entries": {}}"#))
    guard case .invalidField(name: "entries", _) = mistyped else {
      Issue.record("expected invalidField(entries), got \(mistyped)")
      return
    }
  }

  @Test func positionOutOfRange() throws {
    let text = try recordedCounterExport().replacingOccurrences(of: "\"position\":2", with: "\"position\":4")
    #expect(importing(text) == .positionOutOfRange(position: 4, entryCount: 3))
    #expect(importing(text)?.description == "the history's position 4 is out of range: it has 3 entries")
  }

  @Test func positionOutOfRangeOfOneEntryCountsInTheSingular() throws {
    let store = counterStore()
    store.dispatch(.increase)
    let text = String(decoding: try store.exportHistory(), as: UTF8.self)
      .replacingOccurrences(of: "\"position\":1", with: "\"position\":2")
    #expect(importing(text)?.description == "the history's position 2 is out of range: it has 1 entry")
  }

  /// A version-1 file as the first exporter wrote it: pretty-printed, dates as seconds since 2001.
  static let numericDatesFile = #"""
    {
      "actionType" : "RillStoreTests.CounterAction",
      "entries" : [
        {
          "action" : {
            "increase" : {

            }
          },
          "date" : 817265279.9809027
        },
        {
          "action" : {
            "add" : {
              "_0" : 5
            }
          },
          "date" : -1.5
        }
      ],
      "format" : "rill.history",
      "position" : 2,
      "version" : 1
    }
    """#

  @Test func aFileWithNumericDatesStillReads() throws {
    let store = counterStore()
    try store.importHistory(Data(Self.numericDatesFile.utf8))
    #expect(store.currentState == Counter(count: 6))
    #expect(store.history.entries.map(\.action) == [.increase, .add(5)])
    #expect(
      store.history.entries.map(\.date) == [
        Date(timeIntervalSinceReferenceDate: 817_265_279.980_902_7), Date(timeIntervalSinceReferenceDate: -1.5),
      ])
  }

  @Test func datesAreWrittenAsISO8601TextThatReadsBackAsTheSameDate() throws {
    let intervals: [TimeInterval] = [0, -1.5, 1e-7, 0.1, 817_265_279.980_902_7, 86_399.999_999_9, -978_307_200]
    let entries = intervals.map { #"{"action": {"increase": {}}, "date": \#($0)}"# }.joined(separator: ",")
    let file = #"""
      {"format": "rill.history", "version": 1, "actionType": "RillStoreTests.CounterAction",
       "position": \#(intervals.count), "entries": [\#(entries)]}
      """#
    let store = counterStore()
    try store.importHistory(Data(file.utf8))
    let exported = try store.exportHistory()
    let object = try #require(try JSONSerialization.jsonObject(with: exported) as? [String: Any])
    let dates = try #require((object["entries"] as? [[String: Any]])?.compactMap { $0["date"] as? String })
    #expect(
      Array(dates.prefix(3)) == ["2001-01-01T00:00:00Z", "2000-12-31T23:59:58.5Z", "2001-01-01T00:00:00.0000001Z"])
    #expect(dates.last == "1970-01-01T00:00:00Z")
    let replay = counterStore()
    try replay.importHistory(exported)
    #expect(replay.history == store.history)
    #expect(replay.history.entries.map(\.date.timeIntervalSinceReferenceDate) == intervals)
  }

  @Test func iso8601DatesWithAnOffsetOrASpaceRead() throws {
    let file = #"""
      {"format": "rill.history", "version": 1, "actionType": "RillStoreTests.CounterAction", "position": 2,
       "entries": [{"action": "increase", "date": "2001-01-01T01:00:00.25+01:00"},
                   {"date": "2000-02-29 12:00:00Z", "action": {"increase": {}}}]}
      """#.replacingOccurrences(of: #""action": "increase""#, with: #""action": {"increase": {}}"#)
    let store = counterStore()
    try store.importHistory(Data(file.utf8))
    #expect(
      store.history.entries.map(\.date) == [
        Date(timeIntervalSinceReferenceDate: 0.25), Date(timeIntervalSinceReferenceDate: -(306 * 86_400 + 43_200)),
      ])
  }

  @Test func aDateThatIsNotISO8601TextNamesTheEntry() throws {
    let file = #"""
      {"format": "rill.history", "version": 1, "actionType": "RillStoreTests.CounterAction", "position": 1,
       "entries": [{"action": {"increase": {}}, "date": "2001-01-01T00:00:00Z"},
                   {"action": {"increase": {}}, "date": "yesterday"}]}
      """#
    let error = try #require(importing(file))
    #expect(error == .invalidEntry(index: 1, path: "date", reason: "'yesterday' is not an ISO 8601 date"))
  }

  @Test(arguments: [
    ("1e30", "position", "1e+30 is too large"), ("1.5", "position", "1.5 is not a whole number"),
    ("99999999999999999999", "position", "1e+20 is too large"),
  ])
  func aNumberThatIsNoWholeNumberNamesTheFieldAndWhy(number: String, field: String, reason: String) throws {
    let text = try recordedCounterExport().replacingOccurrences(of: #""position":2"#, with: #""position":\#(number)"#)
    let error = try #require(importing(text))
    #expect(error.description.hasPrefix(#"the history's "\#(field)" field is invalid: \#(reason)"#))
  }

  @Test func anActionNumberTooLargeNamesTheEntry() throws {
    let text = try recordedCounterExport().replacingOccurrences(of: #""_0":5"#, with: #""_0":1e30"#)
    let error = try #require(importing(text))
    guard case .invalidEntry(index: 2, _, _) = error else {
      Issue.record("expected invalidEntry at 2, got \(error)")
      return
    }
  }

  /// An action's own decoding error (no `DecodingError`) is the entry's reason, not a number's.
  @Test func anActionsOwnDecodingErrorIsTheEntrysReason() throws {
    let store = Store(initialState: 0, reducer: Reducer<Int, NamedAction> { state, _ in state += 1 })
    store.dispatch(NamedAction(name: "first"))
    store.dispatch(NamedAction(name: "second"))
    let text = String(decoding: try store.exportHistory(), as: UTF8.self)
    let replay = Store(initialState: 0, reducer: Reducer<Int, NamedAction> { state, _ in state += 1 })
    #expect(throws: HistoryImportError.invalidEntry(index: 1, path: "", reason: "a name must not be empty")) {
      try replay.importHistory(Data(text.replacingOccurrences(of: "second", with: "").utf8))
    }
  }

  @Test func importFromASubscriberIsQueued() throws {
    let data = try recordedCounterStore().exportHistory()
    let store = counterStore()
    var counts: [Int] = []
    let subscription = store.select(\.count).subscribe { count in
      counts.append(count)
      if count == 100 { try? store.importHistory(data) }
    }
    store.dispatch(.add(100))
    #expect(counts == [0, 100, 1])
    #expect(store.currentState == Counter(count: 1, title: "saved"))
    withExtendedLifetime(subscription) {}
  }
}

/// An action type of another app, whose history a counter store must refuse.
struct OtherAction: Codable {
  var name: String
}

/// An action whose decoding refuses an empty name with an error of its own.
struct NamedAction: Codable {
  var name: String

  init(name: String) {
    self.name = name
  }

  init(from decoder: any Decoder) throws {
    name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    if name.isEmpty { throw EmptyName() }
  }

  struct EmptyName: Error, CustomStringConvertible {
    var description: String { "a name must not be empty" }
  }
}
