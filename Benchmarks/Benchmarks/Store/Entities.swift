// Per-id observation of an entity table: a store whose state holds 10,000 members, observed one id per
// subscriber; one operation is one dispatch.
//
// store_entities_<n>_one_changed changes the score of one observed member (a different one each time), so
// exactly one subscriber is told; store_entities_<n>_none_changed changes a field outside the table, so none
// is. The per-id cost shows in the ratio of the 10,000-subscriber rows to the 1-subscriber rows, measured in
// the same run. The store copies its state's storage once per dispatch that changes it (the state signal
// keeps the previous state), which for 10,000 members dominates the one_changed rows; the _small_table rows
// keep one member (the observers of the 9,999 other ids see `nil`), so they show the index's own cost. The
// baseline is a plain dictionary and the observers of each id in a dictionary of arrays of opaque closures,
// calling only those of the id that changed; straight-line code does the same with no closures; OpenCombine's
// version is the usual Combine pattern, a `map { $0.members[id] }.removeDuplicates()` per subscriber.

import Benchmark
import BenchmarkSupport
import OpenCombine
import RillStore

/// Registers every size and kind of change.
func storeEntities() {
  for subscribers in [1, 10, 10_000] {
    for changesOne in [true, false] {
      storeEntities(subscribers: subscribers, changesOne: changesOne)
    }
    storeEntities(subscribers: subscribers, changesOne: true, models: 1)
  }
}

struct Member: Identifiable, Equatable {
  let id: Int
  var score: Int
}

struct Club {
  var members = EntityTable<Member>()
  var title = 0
}

enum ClubAction {
  case score(id: Int, score: Int)
  case retitle
}

let memberCount = 10_000

/// The club of the baseline and OpenCombine's version: the members in a plain dictionary.
struct PlainClub {
  var members: [Int: Member]
  var title = 0
}

/// store_entities_<subscribers>_<one|none>_changed[_small_table]: `subscribers` observe ids 0, 1, 2, … of a
/// table of `models` members; one operation changes the score of one observed member that is in the table,
/// or a field outside the table.
func storeEntities(subscribers: Int, changesOne: Bool, models: Int = memberCount) {
  let size = subscribers == 10_000 ? "10k" : "\(subscribers)"
  let suffix = models == memberCount ? "" : "_small_table"
  let name = "store_entities_\(size)_\(changesOne ? "one" : "none")_changed\(suffix)"
  let members = (0..<models).map { Member(id: $0, score: 0) }
  let changed = min(subscribers, models)

  workload(name, .rill) { benchmark in
    var sink = 0
    let reducer = Reducer<Club, ClubAction> { state, action in
      switch action {
      case .score(let id, let score): state.members.update(id) { $0.score = score }
      case .retitle: state.title &+= 1
      }
    }
    let store = Store(
      initialState: Club(members: EntityTable(members)), reducer: reducer, recording: .disabled)
    var subscriptions: [RillStore.Subscription] = []
    for id in 0..<subscribers {
      subscriptions.append(store.entity(id, in: \.members).subscribe { sink &+= $0?.score ?? 0 })
    }
    var step = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      step &+= 1
      store.dispatch(changesOne ? .score(id: step % changed, score: step) : .retitle)
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(subscriptions)
  }

  // The reducer and the observers of each id opaque closures, the latter in immutable arrays called by index
  // (borrowed, no retain per call) when the member changed (`!=`).
  workload(name, .baseline) { benchmark in
    var sink = 0
    var club = PlainClub(members: Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0) }))
    let reduce: (inout PlainClub, ClubAction) -> Void = identity { state, action in
      switch action {
      // Read and written back, not `members[id]?.score = score`: that calls the dictionary's modify coroutine,
      // whose frame is allocated (malloc) when it is not inlined.
      case .score(let id, let score):
        if var member = state.members[id] {
          member.score = score
          state.members[id] = member
        }
      case .retitle: state.title &+= 1
      }
    }
    var observersByID: [Int: ContiguousArray<(Member?) -> Void>] = [:]
    for id in 0..<subscribers {
      observersByID[id, default: []].append(identity { sink &+= $0?.score ?? 0 })
    }
    let observers = observersByID
    var step = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      step &+= 1
      if changesOne {
        let id = step % changed
        let previous = club.members[id]
        reduce(&club, .score(id: id, score: step))
        let current = club.members[id]
        if current != previous, let observersOfID = observers[id] {
          for index in observersOfID.indices { observersOfID[index](current) }
        }
      } else {
        reduce(&club, .retitle)
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(club)
  }

  workload(name, .straightLine) { benchmark in
    var sink = 0
    var table = Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0) })
    var title = 0
    var step = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      step &+= 1
      if changesOne {
        let id = step % changed
        let previous = table[id]
        if var member = previous {
          member.score = step
          table[id] = member
        }
        let current = table[id]
        if current != previous, id < subscribers { sink &+= current?.score ?? 0 }
      } else {
        title &+= 1
      }
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(title)
  }

  // A Combine-style selection per subscriber costs O(subscribers) per dispatch: at 10,000 it does not finish
  // an iteration of 1,000 dispatches in the time the suite gives a benchmark, so it runs up to 10 only.
  guard subscribers <= 10 else { return }
  workload(name, .openCombine) { benchmark in
    var sink = 0
    let state = OpenCombine.CurrentValueSubject<PlainClub, Never>(
      PlainClub(members: Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0) })))
    var cancellables: [AnyCancellable] = []
    for id in 0..<subscribers {
      cancellables.append(state.map { $0.members[id] }.removeDuplicates().sink { sink &+= $0?.score ?? 0 })
    }
    var step = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      step &+= 1
      var next = state.value
      if changesOne {
        next.members[step % changed]?.score = step
      } else {
        next.title &+= 1
      }
      state.value = next
    }
    benchmark.stopMeasurement()
    blackHole(sink)
    blackHole(cancellables)
  }
}
