import RillStore

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
