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

/// Who runs a workload: Rill, Rill's computeds and effects (the Reactivity workloads only), the tight hand-written
/// baseline, or straight-line code (the floor).
enum Side: String {
  case rill = "Rill"
  case computed = "Rill Computed"
  case baseline = "baseline"
  case straightLine = "straight-line"
}

/// Returns `value` unseen by the optimizer (like package-benchmark's `identity`): a closure that passes through it
/// is called as an opaque closure, not inlined into its caller.
@inline(never) @_optimize(none) func opaque<T>(_ value: T) -> T {
  value
}

/// Sets `workload` up for `side` and runs `operations` operations; returns false for an unknown workload (or one
/// that has no straight-line form).
///
/// The baselines are those of the suites: every closure Rill is given (a map's transform, a filter's predicate, a
/// subscriber, a reducer, a selection) an opaque closure, stored once and called in an order written by hand;
/// several alike in an immutable array, called by index, so each call borrows its closure (no retain).
func run(_ workload: String, side: Side, operations: Int) -> Bool {
  // An async workload runs on the main actor and exits the process: that call never returns.
  runAsyncWorkload(workload, side: side, operations: operations)
    || runSynchronous(workload, side: side, operations: operations)
}

/// ``run(_:side:operations:)`` for the workloads that run synchronously: every one but the async ones.
func runSynchronous(_ workload: String, side: Side, operations: Int) -> Bool {
  switch side {
  case .straightLine: runStraightLine(workload, operations: operations)
  case .rill:
    runRill(workload, operations: operations) || runCombineArity(workload, side: .rill, operations: operations)
      || runReactivity(workload, side: side, operations: operations)
  case .computed:
    runReactivity(workload, side: side, operations: operations) || runComputedTeardown(workload, operations: operations)
  case .baseline:
    runBaseline(workload, operations: operations)
      || runCombineArity(workload, side: .baseline, operations: operations)
      || runReactivity(workload, side: side, operations: operations)
  }
}

/// The number in a workload's name: `send_100sub` → 100, `fanout_combine_10k` → 10,000.
func size(of workload: String) -> Int {
  let digits = workload.split(separator: "_").first { $0.first?.isNumber == true } ?? ""
  let number = Int(digits.prefix { $0.isNumber }) ?? 0
  return digits.hasSuffix("k") ? number * 1_000 : number
}

/// Runs `body`, the part of a workload callgrind.sh counts alone (`--toggle-collect`): a teardown, without the
/// setup that builds what it frees, whose cost grows with the operations too.
@inline(never) func measuredTeardown(_ body: () -> Void) {
  body()
}

/// Runs `body`, a workload's setup and loop, as a function of its own: each workload is inlined and optimized on its
/// own, so one workload's setup code cannot use up the inlining its neighbour's loop gets in one large function (a
/// change to how cheap a node is to build once made `combine2`'s loop call its send's steps out of line).
@inline(never) func isolated(_ body: () -> Void) {
  body()
}

func runRill(_ workload: String, operations: Int) -> Bool {
  var sink = 0
  let subject = Subject<Int>()
  var subscriptions: [Subscription] = []
  switch workload {
  case "send_1sub", "send_10sub", "send_100sub":
    isolated {
      for _ in 0..<size(of: workload) { subscriptions.append(subject.subscribe { sink &+= $0 }) }
      for value in 0..<operations { subject.send(value) }
    }
  case "chain3":
    isolated {
      subscriptions.append(
        subject.map { $0 &+ 1 }.filter { $0.isMultiple(of: 2) }.map { $0 &* 2 }.subscribe { sink &+= $0 })
      for value in 0..<operations { subject.send(value) }
    }
  case "merge5":
    isolated {
      // One operation is one send on one of five merged subjects, each in turn: every port of the merge's node.
      let sources = (0..<5).map { _ in Subject<Int>() }
      subscriptions.append(merge(sources).subscribe { sink &+= $0 })
      for value in 0..<operations { sources[value % 5].send(value) }
    }
  case "take_until":
    isolated {
      let stop = Subject<Void>()
      subscriptions.append(subject.take(until: stop).subscribe { sink &+= $0 })
      for value in 0..<operations { subject.send(value) }
    }
  case "chain_90", "chain_1000":
    isolated {
      // A chain of maps, shallower and deeper than the depth at which deliveries are handed back to a loop
      // (ChainWalks); one operation is one send down the whole chain.
      var end: Signal<Int> = subject
      for _ in 0..<size(of: workload) { end = end.map { $0 &+ 1 } }
      subscriptions.append(end.subscribe { sink &+= $0 })
      subject.send(0)
      for value in 0..<operations { subject.send(value) }
    }
  case "combine2":
    isolated {
      let other = Subject<Int>()
      subscriptions.append(combine(subject, other).subscribe { sink &+= $0.0 &+ $0.1 })
      subject.send(0)
      other.send(0)
      for value in 0..<operations {
        if value.isMultiple(of: 2) { subject.send(value) } else { other.send(value) }
      }
    }
  case "diamond":
    isolated {
      subscriptions.append(
        combine(subject.map { $0 &+ 1 }, subject.map { $0 &* 2 }).subscribe { sink &+= $0.0 &+ $0.1 })
      subject.send(0)
      for value in 0..<operations { subject.send(value) }
    }
  case "combine_list_10", "combine_list_1000":
    isolated {
      let count = size(of: workload)
      let sources = (0..<count).map { _ in Subject<Int>() }
      subscriptions.append(combine(sources).subscribe { sink &+= $0[0] &+ $0[count - 1] })
      for (index, source) in sources.enumerated() { source.send(index) }
      for value in 0..<operations { sources[value % count].send(value) }
    }
  case "chain_lifecycle":
    isolated {
      // One operation is one node of a chain of maps (as deep as there are operations): built, connected by the
      // chain's subscriber, sent one value, disconnected by its cancel and freed with the chain.
      var end: Signal<Int>? = subject
      for _ in 0..<operations { end = end?.map { $0 &+ 1 } }
      var subscription = end?.subscribe { sink &+= $0 }
      subject.send(1)
      subscription?.cancel()
      subscription = nil
      end = nil
    }
  case "chain_teardown":
    isolated {
      // One operation is one node of a chain of maps (as deep as there are operations), connected by the chain's
      // subscriber and sent one value unmeasured; callgrind.sh counts only `measuredTeardown`: the cancel that
      // disconnects the chain and the release that frees it.
      var end: Signal<Int>? = subject
      for _ in 0..<operations { end = end?.map { $0 &+ 1 } }
      var subscription = end?.subscribe { sink &+= $0 }
      subject.send(1)
      measuredTeardown {
        subscription?.cancel()
        subscription = nil
        end = nil
      }
    }
  case "churn":
    isolated {
      for _ in 0..<100 { subscriptions.append(subject.subscribe { sink &+= $0 }) }
      for _ in 0..<operations { subject.subscribe { sink &+= $0 }.cancel() }
    }
  case "fanout_combine_10", "fanout_combine_1000", "fanout_combine_10k":
    isolated {
      // One operation is one send to n joins; divide by n for the cost per join.
      let other = CurrentValueSubject(1)
      for offset in 0..<size(of: workload) {
        subscriptions.append(combine(subject.map { $0 &+ offset }, other).subscribe { sink &+= $0.0 &+ $0.1 })
      }
      subject.send(0)
      for value in 0..<operations { subject.send(value) }
    }
  case "store_dispatch_10", "store_dispatch_1000":
    isolated {
      let store = Store(initialState: CounterState(), reducer: Reducer(reduceCounter), recording: .disabled)
      for _ in 0..<10 { subscriptions.append(store.select(\.count).subscribe { sink &+= $0 }) }
      for _ in 10..<size(of: workload) { subscriptions.append(store.select(\.title).subscribe { sink &+= $0 }) }
      for _ in 0..<operations { store.dispatch(1) }
    }
  default:
    return false
  }
  blackHole(sink)
  blackHole(subscriptions)
  return true
}

func runBaseline(_ workload: String, operations: Int) -> Bool {
  var sink = 0
  switch workload {
  case "send_1sub", "send_10sub", "send_100sub":
    let observers = opaque(ContiguousArray<(Int) -> Void>((0..<size(of: workload)).map { _ in { sink &+= $0 } }))
    for value in 0..<operations {
      for index in observers.indices { observers[index](value) }
    }
  case "chain3":
    let increment: (Int) -> Int = opaque { $0 &+ 1 }
    let isEven: (Int) -> Bool = opaque { $0.isMultiple(of: 2) }
    let double: (Int) -> Int = opaque { $0 &* 2 }
    let effect: (Int) -> Void = opaque { sink &+= $0 }
    for value in 0..<operations {
      let incremented = increment(value)
      if isEven(incremented) { effect(double(incremented)) }
    }
  case "merge5":
    // A merge written by hand: each source's closure, stored once, calls the subscriber's.
    let effect: (Int) -> Void = opaque { sink &+= $0 }
    let ports = opaque(ContiguousArray<(Int) -> Void>((0..<5).map { _ in { effect($0) } }))
    for value in 0..<operations { ports[value % 5](value) }
  case "take_until":
    var stopped = false
    let effect: (Int) -> Void = opaque { sink &+= $0 }
    for value in 0..<operations where !stopped { effect(value) }
    stopped = true
    blackHole(stopped)
  case "chain_90", "chain_1000":
    let steps = opaque(ContiguousArray<(Int) -> Int>((0..<size(of: workload)).map { _ in { $0 &+ 1 } }))
    let effect: (Int) -> Void = opaque { sink &+= $0 }
    for value in 0..<operations {
      var current = value
      for index in steps.indices { current = steps[index](current) }
      effect(current)
    }
  case "combine2":
    var latest = (a: 0, b: 0)
    let effect: ((Int, Int)) -> Void = opaque { sink &+= $0.0 &+ $0.1 }
    for value in 0..<operations {
      if value.isMultiple(of: 2) { latest.a = value } else { latest.b = value }
      effect((latest.a, latest.b))
    }
  case "diamond":
    let increment: (Int) -> Int = opaque { $0 &+ 1 }
    let double: (Int) -> Int = opaque { $0 &* 2 }
    let effect: ((Int, Int)) -> Void = opaque { sink &+= $0.0 &+ $0.1 }
    for value in 0..<operations { effect((increment(value), double(value))) }
  case "combine_list_10", "combine_list_1000":
    let count = size(of: workload)
    var latest = [Int](repeating: 0, count: count)
    let effect: ([Int]) -> Void = opaque { sink &+= $0[0] &+ $0[count - 1] }
    for value in 0..<operations {
      latest[value % count] = value
      effect(latest)
    }
  case "chain_lifecycle":
    // The same shape written by hand: a closure a node, each calling the next, which its context holds (freeing the
    // first frees them one inside another), called once.
    var chain: ((Int) -> Void)? = { sink &+= $0 }
    for _ in 0..<operations {
      let next = chain.unsafelyUnwrapped
      chain = { next($0 &+ 1) }
    }
    chain?(1)
    chain = nil
  case "chain_teardown":
    // The same shape written by hand: a closure a node, each calling the next, which its context holds, called once;
    // only the free is counted (freeing the first frees them one inside another).
    var chain: ((Int) -> Void)? = { sink &+= $0 }
    for _ in 0..<operations {
      let next = chain.unsafelyUnwrapped
      chain = { next($0 &+ 1) }
    }
    chain?(1)
    measuredTeardown { chain = nil }
  case "churn":
    var observers = ContiguousArray<((Int) -> Void)?>(repeating: { sink &+= $0 }, count: 100)
    for _ in 0..<operations {
      observers.append { sink &+= $0 }
      observers[observers.count - 1] = nil
      trimCancelled(&observers)
    }
    blackHole(observers)
  case "fanout_combine_10", "fanout_combine_1000", "fanout_combine_10k":
    let joins = size(of: workload)
    let latestOther = 1
    var latest = ContiguousArray(repeating: 0, count: joins)
    let maps = opaque(ContiguousArray<(Int) -> Int>((0..<joins).map { offset in { $0 &+ offset } }))
    let effects = opaque(ContiguousArray<((Int, Int)) -> Void>((0..<joins).map { _ in { sink &+= $0.0 &+ $0.1 } }))
    latest.withUnsafeMutableBufferPointer { latest in
      for value in 0..<operations {
        for join in 0..<joins {
          latest[join] = maps[join](value)
          effects[join]((latest[join], latestOther))
        }
      }
    }
    blackHole(latest)
  case "store_dispatch_10", "store_dispatch_1000":
    let subscribers = size(of: workload)
    let reduce: (inout CounterState, Int) -> Void = opaque { reduceCounter(&$0, $1) }
    let selectCount: (CounterState) -> Int = opaque { $0.count }
    let selectTitle: (CounterState) -> Int = opaque { $0.title }
    let observersOfCount = opaque(ContiguousArray<(Int) -> Void>((0..<10).map { _ in { sink &+= $0 } }))
    let observersOfTitle = opaque(
      ContiguousArray<(Int) -> Void>((10..<subscribers).map { _ in { sink &+= $0 } }))
    var state = CounterState()
    var count = selectCount(state)
    var title = selectTitle(state)
    for _ in 0..<operations {
      reduce(&state, 1)
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
  default:
    return false
  }
  blackHole(sink)
  return true
}

/// Drops the cancelled (nil) slots off the end of `observers`, reading each slot in place (`observers.last`
/// copies a closure it reads: a retain and a release).
func trimCancelled(_ observers: inout ContiguousArray<((Int) -> Void)?>) {
  while let last = observers.indices.last, observers[last] == nil { observers.removeLast() }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let operations = Int(arguments[3]), let side = Side(rawValue: arguments[2]),
  run(arguments[1], side: side, operations: operations)
else {
  print("usage: Profile <workload> <Rill|'Rill Computed'|baseline|straight-line> <operations>")
  print("  workloads: send_1sub send_10sub send_100sub chain3 take_until merge5 chain_90 chain_1000 combine2 diamond")
  print("             churn")
  print("             store_dispatch_10 store_dispatch_1000 combine_list_10 combine_list_1000")
  print("             fanout_combine_10 fanout_combine_1000 fanout_combine_10k")
  print("             combine<4|5|7>_<transform|map|pack_transform|pack_map> (7: the pack forms)")
  print("             kairo_deep kairo_broad kairo_diamond kairo_triangle kairo_mux kairo_repeated kairo_unstable")
  print("             kairo_avoidable cellx_100 cellx_1000 (cellx_<layers>; these also for 'Rill Computed')")
  print("             async_restart async_complete (Rill, 'Rill Computed', baseline)")
  exit(2)
}

/// The straight-line form of `workload` (every node's work written out in one function, no closures), when it has
/// one; returns false otherwise.
func runStraightLine(_ workload: String, operations: Int) -> Bool {
  var sink = 0
  switch workload {
  case "send_1sub", "send_10sub", "send_100sub":
    let subscribers = opaque(size(of: workload))
    for value in 0..<operations {
      for _ in 0..<subscribers { sink &+= value }
    }
  case "chain3":
    for value in 0..<operations {
      let incremented = value &+ 1
      if incremented.isMultiple(of: 2) { sink &+= incremented &* 2 }
    }
  case "merge5":
    for value in 0..<operations { sink &+= value }
  case "take_until":
    var stopped = false
    for value in 0..<operations where !stopped { sink &+= value }
    stopped = true
    blackHole(stopped)
  case "chain_90", "chain_1000":
    let depth = opaque(size(of: workload))
    for value in 0..<operations {
      var current = value
      for _ in 0..<depth { current &+= 1 }
      sink &+= current
    }
  case "combine2":
    var latest = (a: 0, b: 0)
    for value in 0..<operations {
      if value.isMultiple(of: 2) { latest.a = value } else { latest.b = value }
      sink &+= latest.a &+ latest.b
    }
  case "diamond":
    for value in 0..<operations { sink &+= (value &+ 1) &+ (value &* 2) }
  case "combine_list_10", "combine_list_1000":
    let count = opaque(size(of: workload))
    var latest = [Int](repeating: 0, count: count)
    for value in 0..<operations {
      latest[value % count] = value
      sink &+= latest[0] &+ latest[count - 1]
    }
  case "fanout_combine_10", "fanout_combine_1000", "fanout_combine_10k":
    let joins = opaque(size(of: workload))
    let latestOther = opaque(1)
    var latest = ContiguousArray(repeating: 0, count: joins)
    latest.withUnsafeMutableBufferPointer { latest in
      for value in 0..<operations {
        for join in 0..<joins {
          latest[join] = value &+ join
          sink &+= latest[join] &+ latestOther
        }
      }
    }
    blackHole(latest)
  case "store_dispatch_10", "store_dispatch_1000":
    let subscribers = opaque(size(of: workload))
    var state = CounterState()
    var previous = state
    for _ in 0..<operations {
      reduceCounter(&state, 1)
      if state.count != previous.count {
        for _ in 0..<10 { sink &+= state.count }
      }
      if state.title != previous.title {
        for _ in 10..<subscribers { sink &+= state.title }
      }
      previous = state
    }
  default:
    return runCombineArity(workload, side: .straightLine, operations: operations)
      || runStraightLineReactivity(workload, operations: operations)
  }
  blackHole(sink)
  return true
}
