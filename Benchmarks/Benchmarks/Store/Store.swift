// Store dispatch: a counter store whose subscribers each select one field; one operation is one dispatch.
//
// The limit is a plain struct, the same reducer and closures in ContiguousArrays; with 1,000 subscribers it
// remembers each field's last value and calls only the subscribers of a field that changed. OpenCombine's
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

  workload(name, .baseline) { benchmark in
    var sink = 0
    var state = CounterState()
    var previous = state
    var observersOfCount = ContiguousArray<(Int) -> Void>()
    for _ in 0..<counterSubscribers {
      observersOfCount.append { sink &+= $0 }
    }
    var observersOfTitle = ContiguousArray<(Int) -> Void>()
    for _ in 0..<otherSubscribers {
      observersOfTitle.append { sink &+= $0 }
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      reduceCounter(&state, .increment)
      if state.count != previous.count {
        for observer in observersOfCount { observer(state.count) }
      }
      if state.title != previous.title {
        for observer in observersOfTitle { observer(state.title) }
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
