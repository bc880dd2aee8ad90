// Store dispatch: a counter store whose subscribers each select one field; one operation is one dispatch.
//
// The baseline is a plain struct, with the reducer, each field's selection and each subscriber an opaque closure
// stored once; with 1,000 subscribers it remembers each field's last value and calls only the subscribers of a
// field that changed. Straight-line code does the same with no closures. OpenCombine's
// version is the usual Combine store: a CurrentValueSubject of the state and `map(field).removeDuplicates()`
// per subscriber.

import Benchmark
import BenchmarkSupport
import OpenCombine
import RillStore

/// The suite, as the benchmark plugin's generated entry point expects it.
let benchmarks: @Sendable () -> Void = {
  storeDispatch(counterSubscribers: 10, otherSubscribers: 0)
  storeDispatch(counterSubscribers: 10, otherSubscribers: 990)
  storeDispatch(counterSubscribers: 10, otherSubscribers: 0, recording: .unbounded, suffix: "_history")
  storeLargeState(elements: 1_000, suffix: "1k")
  storeLargeState(elements: 1_000_000, suffix: "1m")
  storeTodosMemory(recording: nil, suffix: "default")
  storeTodosMemory(recording: .unbounded, suffix: "unbounded")
  storeEntities()
}

struct CounterState: Equatable {
  /// The field every dispatch changes.
  var count = 0
  /// A field no dispatch changes.
  var title = 0
}

enum CounterAction {
  case increment
}

func reduceCounter(_ state: inout CounterState, _ action: CounterAction) {
  switch action {
  case .increment: state.count &+= 1
  }
}

/// store_dispatch_<n>: `counterSubscribers` select `count` (which each dispatch changes) and `otherSubscribers`
/// select `title` (which none changes); one operation dispatches `.increment`.
///
/// The store records no history by default here, so it does the same work as the baseline and OpenCombine; the
/// `_history` variant keeps the store's default (every action recorded with its date, a snapshot every 64), to
/// show what time travel costs per dispatch.
func storeDispatch(
  counterSubscribers: Int,
  otherSubscribers: Int,
  recording: HistoryRecording = .disabled,
  suffix: String = ""
) {
  let name = "store_dispatch_\(counterSubscribers + otherSubscribers)\(suffix)"

  workload(name, .rill) { benchmark in
    var sink = 0
    let store = Store(initialState: CounterState(), reducer: Reducer(reduceCounter), recording: recording)
    var subscriptions: [RillStore.Subscription] = []
    for _ in 0..<counterSubscribers {
      subscriptions.append(store.select(\.count).subscribe { sink &+= $0 })
    }
    for _ in 0..<otherSubscribers {
      subscriptions.append(store.select(\.title).subscribe { sink &+= $0 })
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.dispatch(.increment)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscriptions)
  }

  // The reducer, each field's selection and each subscriber opaque closures, stored once; a field's subscribers in
  // an immutable array, called by index (borrowed, no retain per call) when the selected value changed (`!=`).
  workload(name, .baseline) { benchmark in
    var sink = 0
    let reduce: (inout CounterState, CounterAction) -> Void = identity { reduceCounter(&$0, $1) }
    let selectCount: (CounterState) -> Int = identity { $0.count }
    let selectTitle: (CounterState) -> Int = identity { $0.title }
    let observersOfCount = identity(
      ContiguousArray<(Int) -> Void>((0..<counterSubscribers).map { _ in { sink &+= $0 } }))
    let observersOfTitle = identity(
      ContiguousArray<(Int) -> Void>((0..<otherSubscribers).map { _ in { sink &+= $0 } }))
    var state = CounterState()
    var count = selectCount(state)
    var title = selectTitle(state)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      reduce(&state, .increment)
      let newCount = selectCount(state)
      if newCount != count {
        count = newCount
        for index in observersOfCount.indices { observersOfCount[index](count) }
      }
      let newTitle = selectTitle(state)
      if newTitle != title {
        title = newTitle
        for index in observersOfTitle.indices { observersOfTitle[index](title) }
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload(name, .straightLine) { benchmark in
    var sink = 0
    var state = CounterState()
    var previous = state
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      reduceCounter(&state, .increment)
      if state.count != previous.count {
        for _ in 0..<counterSubscribers { sink &+= state.count }
      }
      if state.title != previous.title {
        for _ in 0..<otherSubscribers { sink &+= state.title }
      }
      previous = state
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload(name, .openCombine) { benchmark in
    var sink = 0
    let state = OpenCombine.CurrentValueSubject<CounterState, Never>(CounterState())
    var cancellables: [AnyCancellable] = []
    for _ in 0..<counterSubscribers {
      cancellables.append(state.map(\.count).removeDuplicates().sink { sink &+= $0 })
    }
    for _ in 0..<otherSubscribers {
      cancellables.append(state.map(\.title).removeDuplicates().sink { sink &+= $0 })
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var next = state.value
      reduceCounter(&next, .increment)
      state.value = next
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(cancellables)
  }
}

/// A state of `elements` integers; one action adds 1 to one of them.
struct LargeState {
  var elements: [Int]
}

func reduceLarge(_ state: inout LargeState, _ index: Int) {
  state.elements[index] &+= 1
}

/// store_large_state_<size>: one dispatch that changes one element of a state holding `elements` integers, with
/// the store's default settings (a bounded history) and one subscriber of the state. The state is held once, so
/// the dispatch costs the change, not the state's size: the 1k and 1m rows should match. The baseline is a plain
/// struct, the reducer and the subscriber opaque closures.
func storeLargeState(elements: Int, suffix: String) {
  let name = "store_large_state_\(suffix)"

  workload(name, .rill, maxIterations: 500) { benchmark in
    var sink = 0
    let store = Store(
      initialState: LargeState(elements: Array(repeating: 0, count: elements)), reducer: Reducer(reduceLarge))
    let subscription = store.state.subscribe { sink &+= $0.elements.count }
    // The first dispatch and the first trim of the history copy the initial state once; measure after them.
    for index in 0..<1_000 { store.dispatch(index % elements) }
    var index = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.dispatch(index)
      index &+= 7
      if index >= elements { index -= elements }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscription)
  }

  // The reducer and the subscriber opaque closures, stored once.
  workload(name, .baseline, maxIterations: 500) { benchmark in
    var sink = 0
    var state = LargeState(elements: Array(repeating: 0, count: elements))
    let reduce: (inout LargeState, Int) -> Void = identity { reduceLarge(&$0, $1) }
    let effect: (LargeState) -> Void = identity { sink &+= $0.elements.count }
    var index = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      reduce(&state, index)
      effect(state)
      index &+= 7
      if index >= elements { index -= elements }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }

  workload(name, .straightLine, maxIterations: 500) { benchmark in
    var sink = 0
    var state = LargeState(elements: Array(repeating: 0, count: elements))
    var index = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      state.elements[index] &+= 1
      sink &+= state.elements.count
      index &+= 7
      if index >= elements { index -= elements }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
  }
}

/// A to-do of a 1,000-item list.
struct Todo {
  var id: Int
  var title: String
  var isDone = false
}

enum TodoAction {
  case toggle(Int)
}

func reduceTodos(_ state: inout [Todo], _ action: TodoAction) {
  switch action {
  case .toggle(let index): state[index].isDone.toggle()
  }
}

/// store_todos_memory_<recording>: the resident memory (peak, package-benchmark's `peakMemoryResident`) of a
/// process that dispatches 1,000,000 actions to a store of 1,000 to-dos with one subscriber, with the default
/// settings (`recording` nil: a bounded history) or `.unbounded`. One iteration, in its own process.
func storeTodosMemory(recording: HistoryRecording?, suffix: String) {
  Benchmark(
    "store_todos_memory_\(suffix)/Rill",
    configuration: .init(
      metrics: [.peakMemoryResident, .wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)
  ) { benchmark in
    let todos = (0..<1_000).map { Todo(id: $0, title: "To-do number \($0)") }
    let store =
      if let recording {
        Store(initialState: todos, reducer: Reducer(reduceTodos), recording: recording)
      } else {
        Store(initialState: todos, reducer: Reducer(reduceTodos))
      }
    var sink = 0
    let subscription = store.state.subscribe { sink &+= $0.count }
    for index in 0..<1_000_000 { store.dispatch(.toggle(index % 1_000)) }
    blackHole(sink)
    blackHole(subscription)
  }
}
