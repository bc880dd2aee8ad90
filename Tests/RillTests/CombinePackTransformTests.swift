import Rill
import Testing

/// `combine(a, b, c, d, e, f, g, …) { … }`, the parameter-pack form with a transform: taken for seven or more
/// sources (two to six have fixed-arity forms); the `transform:` label reaches it at any arity.
@Suite(.freesEverything) struct CombinePackTransformTests {
  @Test func emitsTheTransformOnceEverySourceHasAValue() {
    let subjects = (0..<7).map { _ in Subject<Int>() }
    let (a, b, c, d, e, f, g) = (
      subjects[0], subjects[1], subjects[2], subjects[3], subjects[4], subjects[5], subjects[6]
    )
    var log: [String] = []
    let joined = combine(a, b, c, d, e, f, g) { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" }
    let subscription = joined.subscribe { log.append($0) }
    for (index, subject) in subjects.enumerated() { subject.send(index) }
    a.send(7)
    g.send(8)
    #expect(log == ["0123456", "7123456", "7123458"])
    withExtendedLifetime(subscription) {}
  }

  /// Every source derived from one subject: each send yields one result, of the new values only, and runs the
  /// transform once.
  @Test(arguments: [5, 6, 7, 8])
  func isGlitchFreeInADiamondAndRunsTheTransformOncePerEmission(sources count: Int) throws {
    let source = CurrentValueSubject(1)
    let branches = (0..<count).map { index in source.map { $0 * (index + 1) } }
    var calls = 0
    let joined = try #require(
      packCombine(branches) { values in
        calls += 1
        return values
      })
    var log: [[Int]] = []
    let subscription = joined.subscribe { log.append($0) }
    source.value = 2
    source.value = 3
    #expect(log == [1, 2, 3].map { value in (1...count).map { value * $0 } })
    #expect(calls == 3)
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysTheLastResultWithoutRunningTheTransformAgain() {
    let subjects = (1...7).map { CurrentValueSubject($0) }
    let (a, b, c, d, e, f, g) = (
      subjects[0], subjects[1], subjects[2], subjects[3], subjects[4], subjects[5], subjects[6]
    )
    var calls = 0
    let sum = combine(a, b, c, d, e, f, g) { a, b, c, d, e, f, g -> Int in
      calls += 1
      return a + b + c + d + e + f + g
    }
    var first: [Int] = []
    var second: [Int] = []
    let one = sum.subscribe { first.append($0) }
    a.value = 11
    let two = sum.subscribe { second.append($0) }
    #expect(first == [28, 38])
    #expect(second == [38])
    #expect(calls == 2)
    withExtendedLifetime((one, two)) {}
  }

  @Test func aNewConnectionStartsAfresh() {
    let subjects = (0..<7).map { _ in Subject<Int>() }
    let (a, b, c, d, e, f, g) = (
      subjects[0], subjects[1], subjects[2], subjects[3], subjects[4], subjects[5], subjects[6]
    )
    let sum = combine(a, b, c, d, e, f, g) { a, b, c, d, e, f, g -> Int in a + b + c + d + e + f + g }
    var log: [Int] = []
    var subscription = sum.subscribe { log.append($0) }
    for subject in subjects { subject.send(1) }
    subscription.cancel()
    subscription = sum.subscribe { log.append($0) }
    a.send(10)  // the other sources' old values are forgotten: nothing yet
    for subject in subjects.dropFirst() { subject.send(2) }
    #expect(log == [7, 22])
    withExtendedLifetime(subscription) {}
  }

  @Test func docExample() {
    var output: [Int] = []
    let parts = (1...7).map { CurrentValueSubject($0) }
    let total = combine(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6]) {
      (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) in a + b + c + d + e + f + g
    }
    let subscription = total.subscribe { output.append($0) }
    parts[6].value = 10
    #expect(output == [28, 31])
    withExtendedLifetime(subscription) {}
  }

  /// Random sends to three subjects, some inside a batch, feeding joins of five to eight signals: the pack form
  /// with a transform emits exactly what the pack form's tuples followed by a map emit, and for five and six
  /// sources what the fixed-arity forms emit.
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func matchesThePackTupleFormFollowedByAMap(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let subjects = [CurrentValueSubject(0), CurrentValueSubject(0), CurrentValueSubject(0)]
    let signals: [Signal<Int>] = (0..<8).map { index in subjects[index % 3].map { $0 &* (index + 1) } }
    var logs: [String: [[Int]]] = [:]
    var subscriptions: [Subscription] = []
    func record(_ name: String, _ signal: Signal<[Int]>?) throws {
      subscriptions.append(try #require(signal).subscribe { logs[name, default: []].append($0) })
    }
    for count in 5...8 {
      let sources = Array(signals.prefix(count))
      try record("transform \(count)", packCombine(sources) { $0 })
      try record("map \(count)", packCombineThenMap(sources))
    }
    let (a, b, c, d, e, f) = (signals[0], signals[1], signals[2], signals[3], signals[4], signals[5])
    try record("fixed transform 5", combine(a, b, c, d, e) { [$0, $1, $2, $3, $4] })
    try record("fixed map 5", combine(a, b, c, d, e).map { [$0, $1, $2, $3, $4] })
    try record("fixed transform 6", combine(a, b, c, d, e, f) { [$0, $1, $2, $3, $4, $5] })
    try record("fixed map 6", combine(a, b, c, d, e, f).map { [$0, $1, $2, $3, $4, $5] })
    for _ in 0..<300 {
      let value = Int.random(in: -50...50, using: &random)
      let target = Int.random(in: 0..<3, using: &random)
      if Bool.random(using: &random) {
        batch {
          subjects[target].value = value
          subjects[(target + 1) % 3].value = value &+ 1
        }
      } else {
        subjects[target].value = value
      }
    }
    for count in 5...8 {
      #expect(logs["transform \(count)"] == logs["map \(count)"], "\(count) sources")
      #expect((logs["transform \(count)"]?.count ?? 0) > 100)
    }
    #expect(logs["fixed transform 5"] == logs["transform 5"])
    #expect(logs["fixed map 5"] == logs["transform 5"])
    #expect(logs["fixed transform 6"] == logs["transform 6"])
    #expect(logs["fixed map 6"] == logs["transform 6"])
    withExtendedLifetime(subscriptions) {}
  }
}

/// The pack form with a transform over five to eight signals (the `transform:` label leaves only the pack form,
/// also for five and six), handing `transform` the latest values as an array; `nil` for another count.
private func packCombine<Output>(
  _ signals: [Signal<Int>],
  _ transform: @escaping ([Int]) -> Output
) -> Signal<Output>? {
  let s = signals
  switch signals.count {
  case 5: return combine(s[0], s[1], s[2], s[3], s[4], transform: { transform([$0, $1, $2, $3, $4]) })
  case 6: return combine(s[0], s[1], s[2], s[3], s[4], s[5], transform: { transform([$0, $1, $2, $3, $4, $5]) })
  case 7:
    return combine(s[0], s[1], s[2], s[3], s[4], s[5], s[6], transform: { transform([$0, $1, $2, $3, $4, $5, $6]) })
  case 8:
    return combine(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { transform([$0, $1, $2, $3, $4, $5, $6, $7]) }
  default: return nil
  }
}

/// The pack form's tuples followed by a map, as arrays, over five to eight signals; `nil` for another count.
private func packCombineThenMap(_ signals: [Signal<Int>]) -> Signal<[Int]>? {
  let s = signals
  switch signals.count {
  case 5: return packTuples(s[0], s[1], s[2], s[3], s[4]).map { [$0, $1, $2, $3, $4] }
  case 6: return packTuples(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0, $1, $2, $3, $4, $5] }
  case 7: return packTuples(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { [$0, $1, $2, $3, $4, $5, $6] }
  case 8: return packTuples(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { [$0, $1, $2, $3, $4, $5, $6, $7] }
  default: return nil
  }
}

/// `combine(_:)` in its parameter-pack form at any arity: a pack expansion leaves no fixed-arity overload to choose.
private func packTuples<each Source>(_ sources: repeat Signal<each Source>) -> Signal<(repeat each Source)> {
  combine(repeat each sources)
}
