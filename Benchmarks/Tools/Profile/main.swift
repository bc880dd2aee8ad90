// A small release executable for instruction profiles: `Profile <workload> <library> <operations>` sets a
// workload up as the benchmark suites do, then runs it `operations` times. callgrind.sh runs it under
// valgrind twice (N and 2N operations), so setup cancels out of the difference: instructions per operation.

import Foundation
import RillStore

/// Keeps `value` opaque to the optimizer, like package-benchmark's blackHole.
@inline(never) func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

struct CounterState: Equatable {
  var count = 0
  var title = 0
}

func reduceCounter(_ state: inout CounterState, _ action: Int) {
  state.count &+= action
}

/// Who runs a workload: Rill, the tight hand-written baseline, or straight-line code (the floor).
enum Side: String {
  case rill = "Rill"
  case baseline = "baseline"
  case straightLine = "straight-line"
}

/// Sets `workload` up for `side` and runs `operations` operations; returns false for an unknown workload (or one
/// that has no straight-line form).
func run(_ workload: String, side: Side, operations: Int) -> Bool {
  if side == .straightLine {
    return runStraightLine(workload, operations: operations)
  }
  let rill = side == .rill
  var sink = 0
  let subject = Subject<Int>()
  var subscriptions: [Subscription] = []
  var observers = ContiguousArray<(Int) -> Void>()

  func sends() {
    if rill {
      for value in 0..<operations { subject.send(value) }
    } else {
      for value in 0..<operations {
        for observer in observers { observer(value) }
      }
    }
  }

  func dispatches(counterSubscribers: Int, otherSubscribers: Int) {
    if rill {
      let store = Store(initialState: CounterState(), reducer: Reducer(reduceCounter))
      for _ in 0..<counterSubscribers { subscriptions.append(store.select(\.count).subscribe { sink &+= $0 }) }
      for _ in 0..<otherSubscribers { subscriptions.append(store.select(\.title).subscribe { sink &+= $0 }) }
      for _ in 0..<operations { store.dispatch(1) }
    } else {
      var state = CounterState()
      var previous = state
      var observersOfCount = ContiguousArray<(Int) -> Void>()
      for _ in 0..<counterSubscribers { observersOfCount.append { sink &+= $0 } }
      var observersOfTitle = ContiguousArray<(Int) -> Void>()
      for _ in 0..<otherSubscribers { observersOfTitle.append { sink &+= $0 } }
      for _ in 0..<operations {
        reduceCounter(&state, 1)
        if state.count != previous.count { for observer in observersOfCount { observer(state.count) } }
        if state.title != previous.title { for observer in observersOfTitle { observer(state.title) } }
        previous = state
      }
    }
  }

  switch workload {
  case "send_1sub", "send_10sub", "send_100sub":
    let count = Int(workload.dropFirst("send_".count).dropLast("sub".count)) ?? 1
    for _ in 0..<count {
      subscriptions.append(subject.subscribe { sink &+= $0 })
      observers.append { sink &+= $0 }
    }
    sends()
  case "chain3":
    subscriptions.append(
      subject.map { $0 &+ 1 }.filter { $0.isMultiple(of: 2) }.map { $0 &* 2 }.subscribe { sink &+= $0 })
    observers.append { value in
      let incremented = value &+ 1
      if incremented.isMultiple(of: 2) { sink &+= incremented &* 2 }
    }
    sends()
  case "chain_90", "chain_1000":
    // A chain of maps, shallower and deeper than the depth at which deliveries are handed back to a loop
    // (ChainWalks); one operation is one send down the whole chain.
    let depth = workload == "chain_90" ? 90 : 1_000
    var end: Signal<Int> = subject
    for _ in 0..<depth { end = end.map { $0 &+ 1 } }
    subscriptions.append(end.subscribe { sink &+= $0 })
    subject.send(0)
    let steps = ContiguousArray<(Int) -> Int>(repeating: { $0 &+ 1 }, count: depth)
    observers.append { value in
      var current = value
      steps.withUnsafeBufferPointer { for step in $0 { current = step(current) } }
      sink &+= current
    }
    sends()
  case "combine2":
    let other = Subject<Int>()
    subscriptions.append(combine(subject, other).subscribe { sink &+= $0.0 &+ $0.1 })
    var latest = (0, 0)
    observers.append { sink &+= $0 }
    if rill {
      for value in 0..<operations {
        if value.isMultiple(of: 2) { subject.send(value) } else { other.send(value) }
      }
    } else {
      for value in 0..<operations {
        if value.isMultiple(of: 2) { latest.0 = value } else { latest.1 = value }
        for observer in observers { observer(latest.0 &+ latest.1) }
      }
    }
  case "diamond":
    subscriptions.append(
      combine(subject.map { $0 &+ 1 }, subject.map { $0 &* 2 }).subscribe { sink &+= $0.0 &+ $0.1 })
    observers.append { sink &+= ($0 &+ 1) &+ ($0 &* 2) }
    sends()
  case "combine_list_10", "combine_list_1000":
    let count = Int(workload.dropFirst("combine_list_".count)) ?? 10
    let sources = (0..<count).map { _ in Subject<Int>() }
    var latest = [Int](repeating: 0, count: count)
    if rill {
      subscriptions.append(combine(sources).subscribe { sink &+= $0[0] &+ $0[count - 1] })
      for (index, source) in sources.enumerated() { source.send(index) }
      for value in 0..<operations { sources[value % count].send(value) }
    } else {
      let joined: ContiguousArray<([Int]) -> Void> = [{ sink &+= $0[0] &+ $0[count - 1] }]
      let observersOfSource: [ContiguousArray<(Int) -> Void>] = (0..<count).map { index in
        [
          { value in
            latest[index] = value
            for observer in joined { observer(latest) }
          }
        ]
      }
      for value in 0..<operations {
        for observer in observersOfSource[value % count] { observer(value) }
      }
    }
  case "churn":
    for _ in 0..<100 { subscriptions.append(subject.subscribe { sink &+= $0 }) }
    if rill {
      for _ in 0..<operations { subject.subscribe { sink &+= $0 }.cancel() }
    } else {
      var optionals = ContiguousArray<((Int) -> Void)?>(repeating: { sink &+= $0 }, count: 100)
      for _ in 0..<operations {
        optionals.append { sink &+= $0 }
        optionals[optionals.count - 1] = nil
        while let last = optionals.last, last == nil { optionals.removeLast() }
      }
      blackHole(optionals)
    }
  case "fanout_combine_10", "fanout_combine_1000", "fanout_combine_10k":
    // One operation is one send to n joins; divide by n for the cost per join.
    let joins = ["fanout_combine_10": 10, "fanout_combine_1000": 1_000, "fanout_combine_10k": 10_000][workload]!
    let other = CurrentValueSubject(1)
    var latest = [Int](repeating: 0, count: joins)
    for offset in 0..<joins {
      subscriptions.append(combine(subject.map { $0 &+ offset }, other).subscribe { sink &+= $0.0 &+ $0.1 })
      observers.append { value in
        latest[offset] = value &+ offset
        sink &+= latest[offset] &+ 1
      }
    }
    sends()
    blackHole(latest)
  case "store_dispatch_10":
    dispatches(counterSubscribers: 10, otherSubscribers: 0)
  case "store_dispatch_1000":
    dispatches(counterSubscribers: 10, otherSubscribers: 990)
  default:
    return runCombineArity(workload, rill: rill, operations: operations)
      || runReactivity(workload, side: side, operations: operations)
  }
  blackHole(sink)
  blackHole(subscriptions)
  return true
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let operations = Int(arguments[3]), let side = Side(rawValue: arguments[2]),
  run(arguments[1], side: side, operations: operations)
else {
  print("usage: Profile <workload> <Rill|baseline|straight-line> <operations>")
  print("  workloads: send_1sub send_10sub send_100sub chain3 chain_90 chain_1000 combine2 diamond churn")
  print("             store_dispatch_10 store_dispatch_1000 combine_list_10 combine_list_1000")
  print("             fanout_combine_10 fanout_combine_1000 fanout_combine_10k")
  print("             combine<4|5|7>_<transform|map|pack_transform|pack_map> (7: pack_ only)")
  print("             kairo_deep kairo_broad kairo_diamond kairo_triangle kairo_mux kairo_repeated kairo_unstable")
  print("             kairo_avoidable cellx_100 cellx_1000 (cellx_<layers>)")
  exit(2)
}

/// The straight-line form of `workload` (every node's work written out in one function, no closures), when it has
/// one; returns false otherwise.
func runStraightLine(_ workload: String, operations: Int) -> Bool {
  runStraightLineReactivity(workload, operations: operations)
}
