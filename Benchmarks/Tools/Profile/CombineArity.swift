// Joins of four to seven sources, with a transform and as tuples followed by a map, in their fixed-arity and their
// parameter-pack forms: one send, to each source in turn, is one emission. The baseline records the value in an
// array and calls the join's observer with the sum.

import RillStore

/// Runs a `combine<n>_<form>` workload (`n` from 4 to 7; `form` one of `transform`, `map`, `pack_transform`,
/// `pack_map`; two to six sources take fixed-arity forms unless `pack_`); returns false for an unknown workload.
func runCombineArity(_ workload: String, rill: Bool, operations: Int) -> Bool {
  guard workload.hasPrefix("combine"), let count = Int(workload.dropFirst("combine".count).prefix(1)),
    (4...7).contains(count), let join = combineArity(count, form: String(workload.dropFirst("combineN_".count)))
  else { return false }
  let sources = (0..<count).map { _ in Subject<Int>() }
  var sink = 0
  let subscription = join(sources).subscribe { sink &+= $0 }
  if rill {
    for source in sources { source.send(0) }
    for value in 0..<operations { sources[value % count].send(value) }
  } else {
    var latest = [Int](repeating: 0, count: count)
    let joined: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]
    let observersOfSource: [ContiguousArray<(Int) -> Void>] = (0..<count).map { index in
      [
        { value in
          latest[index] = value
          let output = latest.reduce(0, &+)
          for observer in joined { observer(output) }
        }
      ]
    }
    for value in 0..<operations {
      for observer in observersOfSource[value % count] { observer(value) }
    }
  }
  blackHole(sink)
  blackHole(subscription)
  return true
}

/// The join of `count` signals that emits their sum, in `form`; nil for an unknown form. The closures spell out their
/// types: the pack forms leave a closure's `$0 &+ $1 …` untyped, which takes the type checker seconds.
private func combineArity(_ count: Int, form: String) -> (([Subject<Int>]) -> Signal<Int>)? {
  switch (count, form) {
  case (4, "transform"): { s in combine(s[0], s[1], s[2], s[3]) { $0 &+ $1 &+ $2 &+ $3 } }
  case (4, "map"): { s in combine(s[0], s[1], s[2], s[3]).map { $0 &+ $1 &+ $2 &+ $3 } }
  case (4, "pack_transform"):
    { s in combine(s[0], s[1], s[2], s[3], transform: { (a: Int, b: Int, c: Int, d: Int) in a &+ b &+ c &+ d }) }
  case (4, "pack_map"):
    { s in packTuples(s[0], s[1], s[2], s[3]).map { (v: (Int, Int, Int, Int)) in v.0 &+ v.1 &+ v.2 &+ v.3 } }
  case (5, "transform"): { s in combine(s[0], s[1], s[2], s[3], s[4]) { $0 &+ $1 &+ $2 &+ $3 &+ $4 } }
  case (5, "map"): { s in combine(s[0], s[1], s[2], s[3], s[4]).map { $0 &+ $1 &+ $2 &+ $3 &+ $4 } }
  case (5, "pack_transform"):
    { s in
      combine(
        s[0], s[1], s[2], s[3], s[4], transform: { (a: Int, b: Int, c: Int, d: Int, e: Int) in a &+ b &+ c &+ d &+ e })
    }
  case (5, "pack_map"):
    { s in
      packTuples(s[0], s[1], s[2], s[3], s[4]).map { (v: (Int, Int, Int, Int, Int)) in
        v.0 &+ v.1 &+ v.2 &+ v.3 &+ v.4
      }
    }
  case (7, "pack_transform"):
    { s in
      combine(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
        (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) in a &+ b &+ c &+ d &+ e &+ f &+ g
      }
    }
  case (7, "pack_map"):
    { s in
      combine(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { (v: (Int, Int, Int, Int, Int, Int, Int)) in
        v.0 &+ v.1 &+ v.2 &+ v.3 &+ v.4 &+ v.5 &+ v.6
      }
    }
  default: nil
  }
}

/// `combine(_:)` in its parameter-pack form at any arity: a pack expansion leaves no fixed-arity overload to choose.
private func packTuples<each Source>(_ sources: repeat Signal<each Source>) -> Signal<(repeat each Source)> {
  combine(repeat each sources)
}
