import Foundation
import RillStore
import Testing

/// The counter every store test uses: a count and a title, changed by four actions.
struct Counter: Equatable {
  var count = 0
  var title = ""
}

enum CounterAction: Equatable, Codable {
  case increase
  case decrease
  case add(Int)
  case rename(String)
}

/// The counter's reducer, counting its calls in `calls` when given one.
func counterReducer(calls: CallCounter? = nil) -> Reducer<Counter, CounterAction> {
  Reducer { state, action in
    calls?.count += 1
    switch action {
    case .increase: state.count += 1
    case .decrease: state.count -= 1
    case .add(let amount): state.count += amount
    case .rename(let title): state.title = title
    }
  }
}

func counterStore(
  middleware: [Middleware<Counter, CounterAction>] = [],
  recording: HistoryRecording = .unbounded,
  calls: CallCounter? = nil
) -> Store<Counter, CounterAction> {
  Store(initialState: Counter(), reducer: counterReducer(calls: calls), middleware: middleware, recording: recording)
}

/// Counts calls made from closures.
/// `@unchecked Sendable`: reducers and middleware are `@Sendable`; a test uses its counter on its own thread only.
final class CallCounter: @unchecked Sendable {
  var count = 0
}

/// A text stream with reference semantics, for the logging middleware.
/// `@unchecked Sendable`: a test uses its log on its own thread only.
final class TextLog: TextOutputStream, @unchecked Sendable {
  var text = ""
  func write(_ string: String) { text += string }
}

/// A small seeded generator (SplitMix64), so a randomized test's failure replays from its seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A version-1 history file of the counter's actions: each entry's action and date as JSON text,
/// for tests that write dates or actions the store itself never records.
func counterHistoryFile(entries: [(action: String, date: String)], position: Int? = nil) -> String {
  let list = entries.map { #"{"action":\#($0.action),"date":\#($0.date)}"# }.joined(separator: ",")
  return #"""
    {"actionType":"RillStoreTests.CounterAction","entries":[\#(list)],"format":"rill.history",\#
    "position":\#(position ?? entries.count),"version":1}
    """#
}

/// The file of `counterHistoryFile(entries:position:)` with one `increase` per date.
func counterHistoryFile(dates: [String]) -> String {
  counterHistoryFile(entries: dates.map { (#"{"increase":{}}"#, $0) })
}

/// A fresh store with one action, to check that a failed import leaves it untouched.
func untouchedStore() -> Store<Counter, CounterAction> {
  let store = counterStore()
  store.dispatch(.add(42))
  return store
}

/// The error importing `text` into an ``untouchedStore()`` throws, after checking that the store is
/// untouched (state, history, no notification); `nil`, with an issue recorded, when the import succeeds or
/// throws another error.
func importing(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> HistoryImportError? {
  importing(Data(text.utf8), sourceLocation: sourceLocation)
}

/// The error importing `data` into an ``untouchedStore()`` throws (see ``importing(_:sourceLocation:)-(String,_)``).
func importing(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> HistoryImportError? {
  let store = untouchedStore()
  var notified = 0
  let subscription = store.state.subscribe { _ in notified += 1 }
  defer { _ = subscription }
  do {
    try store.importHistory(data)
    Issue.record("the import succeeded", sourceLocation: sourceLocation)
    return nil
  } catch {
    #expect(store.currentState == Counter(count: 42), sourceLocation: sourceLocation)
    #expect(store.history.entries.map(\.action) == [.add(42)], sourceLocation: sourceLocation)
    #expect(store.history.position == 1, sourceLocation: sourceLocation)
    #expect(notified == 1, sourceLocation: sourceLocation)
    if !(error is HistoryImportError) {
      Issue.record("not a HistoryImportError: \(error)", sourceLocation: sourceLocation)
    }
    return error as? HistoryImportError
  }
}

/// A counter store with three actions applied (`increase`, `rename("saved")`, `add(5)`), the last undone.
func recordedCounterStore() -> Store<Counter, CounterAction> {
  let store = counterStore()
  store.dispatch(.increase)
  store.dispatch(.rename("saved"))
  store.dispatch(.add(5))
  store.undo()
  return store
}

/// The export of ``recordedCounterStore()``, as text.
func recordedCounterExport() throws -> String {
  String(decoding: try recordedCounterStore().exportHistory(), as: UTF8.self)
}
