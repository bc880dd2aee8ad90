// CPU time per value of `subscribe(on:)` against a plain `subscribe`, both fed by one actor's send loop:
//
//   SubscribeOnCost [operations]      three rounds of both, one line each
//
// `subscribe(on:)` is measured until the target actor has received every value.

import Rill

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The CPU time the process (every thread) has used.
func cpuNanoseconds() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
  return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Receives the values on its own executor; lets the sender wait until all have arrived.
actor Target {
  let expected: Int
  var sum = 0
  var count = 0
  var done: CheckedContinuation<Void, Never>?

  init(expected: Int) {
    self.expected = expected
  }

  func receive(_ value: Int) {
    sum &+= value
    count += 1
    if count == expected {
      done?.resume()
      done = nil
    }
  }

  func waitForAll() async {
    if count == expected { return }
    await withCheckedContinuation { done = $0 }
  }
}

/// The signal's domain.
actor Source {
  let subject = Subject<Int>()

  /// Nanoseconds of CPU time per value sent to one plain subscriber.
  func plain(_ operations: Int) -> Double {
    var sink = 0
    let subscription = subject.subscribe { sink &+= $0 }
    let start = cpuNanoseconds()
    for value in 0..<operations { subject.send(value) }
    let end = cpuNanoseconds()
    subscription.cancel()
    precondition(sink == (0..<operations).reduce(0, &+))
    return Double(end - start) / Double(operations)
  }

  /// Nanoseconds of CPU time per value sent to a subscriber on another actor, until it has received all.
  func onActor(_ operations: Int) async -> Double {
    let target = Target(expected: operations)
    let subscription = subject.subscribe(on: target) { target, value in target.receive(value) }
    let start = cpuNanoseconds()
    for value in 0..<operations { subject.send(value) }
    await target.waitForAll()
    let end = cpuNanoseconds()
    subscription.cancel()
    return Double(end - start) / Double(operations)
  }
}

let arguments = CommandLine.arguments
let operations = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let source = Source()
for _ in 0..<3 {
  let plain = await source.plain(operations)
  let onActor = await source.onActor(operations)
  let ratio = (onActor / plain * 10).rounded() / 10
  print(
    "plain subscribe \(Int(plain.rounded())) ns/value, subscribe(on:) \(Int(onActor.rounded())) ns/value: \(ratio)×")
}
