// Joins of four to seven sources, with a transform and as tuples followed by a map, in their fixed-arity and their
// parameter-pack forms: one send, to each source in turn, is one emission. The baseline records the value in a
// buffer and calls the join's transform and its subscriber, opaque closures.

import RillStore

/// Runs a `combine<n>_<form>` workload (`n` from 4 to 7; `form` one of `transform`, `map`, `pack_transform`,
/// `pack_map`; two to six sources take fixed-arity forms unless `pack_`, so `combine7_transform`, the Signals suite's
/// name, is the pack form); returns false for an unknown workload.
func runCombineArity(_ workload: String, side: Side, operations: Int) -> Bool {
  guard workload.hasPrefix("combine"), let count = Int(workload.dropFirst("combine".count).prefix(1)),
    (4...7).contains(count), let join = combineArity(count, form: String(workload.dropFirst("combineN_".count)))
  else { return false }
  let sources = (0..<count).map { _ in Subject<Int>() }
  var sink = 0
  let subscription = join(sources).subscribe { sink &+= $0 }
  if side == .straightLine {
    // A sink of its own: the subscriber's is boxed (captured by a closure), and every access to it checked.
    var total = 0
    var latest = ContiguousArray(repeating: 0, count: count)
    latest.withUnsafeMutableBufferPointer { latest in
      for value in 0..<operations {
        latest[value % count] = value
        var sum = 0
        for element in latest { sum &+= element }
        total &+= sum
      }
    }
    blackHole(total)
  } else if side == .rill {
    for source in sources { source.send(0) }
    for value in 0..<operations { sources[value % count].send(value) }
  } else {
    // The join's latest values in a buffer borrowed once; its transform (or map) and the subscriber opaque closures.
    var latest = ContiguousArray(repeating: 0, count: count)
    let transform: (UnsafeMutableBufferPointer<Int>) -> Int = opaque { $0.reduce(0, &+) }
    let effect: (Int) -> Void = opaque { sink &+= $0 }
    latest.withUnsafeMutableBufferPointer { latest in
      for value in 0..<operations {
        latest[value % count] = value
        effect(transform(latest))
      }
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
  case (7, "pack_transform"), (7, "transform"):
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
