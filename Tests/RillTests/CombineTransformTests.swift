import Rill
import Testing

/// `combine(a, b) { … }` and its three- to six-source forms: one node that behaves as `combine(…).map { … }`.
@Suite(.freesEverything) struct CombineTransformTests {
  @Test func emitsTheTransformOnceBothSourcesHaveAValue() {
    let price = Subject<Int>()
    let quantity = Subject<Int>()
    var log: [Int] = []
    let subscription = combine(price, quantity) { $0 * $1 }.subscribe { log.append($0) }
    price.send(3)
    price.send(4)
    quantity.send(2)
    quantity.send(5)
    #expect(log == [8, 20])
    withExtendedLifetime(subscription) {}
  }

  @Test func runsTheTransformOncePerEmissionInADiamond() {
    let source = CurrentValueSubject(1)
    var calls = 0
    var log: [String] = []
    let joined = combine(source.map { $0 + 1 }, source.map { $0 * 10 }) { plus, times in
      calls += 1
      return "\(plus) \(times)"
    }
    let subscription = joined.subscribe { log.append($0) }
    source.value = 2
    source.value = 3
    #expect(log == ["2 10", "3 20", "4 30"])
    #expect(calls == 3)
    withExtendedLifetime(subscription) {}
  }

  @Test func replaysTheLastResultWithoutRunningTheTransformAgain() {
    let a = CurrentValueSubject(1)
    let b = CurrentValueSubject(2)
    var calls = 0
    let sum = combine(a, b) { (x: Int, y: Int) -> Int in
      calls += 1
      return x + y
    }
    var first: [Int] = []
    var second: [Int] = []
    let one = sum.subscribe { first.append($0) }
    a.value = 10
    let two = sum.subscribe { second.append($0) }
    #expect(first == [3, 12])
    #expect(second == [12])
    #expect(calls == 2)
    withExtendedLifetime((one, two)) {}
  }

  @Test func aNewConnectionStartsAfresh() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let sum = combine(a, b) { $0 + $1 }
    var log: [Int] = []
    var subscription = sum.subscribe { log.append($0) }
    a.send(1)
    b.send(2)
    subscription.cancel()
    subscription = sum.subscribe { log.append($0) }
    a.send(5)  // the old value of b is forgotten: nothing yet
    b.send(6)
    #expect(log == [3, 11])
    withExtendedLifetime(subscription) {}
  }

  @Test func threeSources() {
    let a = CurrentValueSubject(1)
    let b = Subject<String>()
    let c = CurrentValueSubject(true)
    var log: [String] = []
    let subscription = combine(a, b, c) { "\($0)\($1)\($2 ? "!" : "")" }.subscribe { log.append($0) }
    b.send("x")
    c.value = false
    a.value = 2
    #expect(log == ["1x!", "1x", "2x"])
    withExtendedLifetime(subscription) {}
  }

  @Test func fourSourcesDerivedFromOneEmitOncePerSend() {
    let source = CurrentValueSubject(1)
    var log: [Int] = []
    let subscription = combine(source, source.map { $0 * 2 }, source.map { $0 * 3 }, source.map { $0 * 4 }) {
      $0 + $1 + $2 + $3
    }.subscribe { log.append($0) }
    source.value = 2
    #expect(log == [10, 20])
    withExtendedLifetime(subscription) {}
  }

  @Test func fiveAndSixSourcesDerivedFromOneEmitOncePerSendAndRunTheTransformOnce() {
    let source = CurrentValueSubject(1)
    let (a, b, c, d) = (source.map { $0 * 2 }, source.map { $0 * 3 }, source.map { $0 * 4 }, source.map { $0 * 5 })
    var calls = 0
    var log: [Int] = []
    let five = combine(source, a, b, c, d) { (v: Int, a: Int, b: Int, c: Int, d: Int) -> Int in
      calls += 1
      return v + a + b + c + d
    }
    let six = combine(source, a, b, c, d, source.map { $0 * 6 }) { (v: Int, a: Int, b: Int, c: Int, d: Int, e: Int) in
      calls += 1
      return v + a + b + c + d + e
    }
    let subscriptions = [five.subscribe { log.append($0) }, six.subscribe { log.append($0) }]
    source.value = 2
    #expect(log == [15, 21, 30, 42])
    #expect(calls == 4)
    withExtendedLifetime(subscriptions) {}
  }

  @Test func fiveSourceDocExample() {
    var output: [Int] = []
    let sizes = (
      CurrentValueSubject(1), CurrentValueSubject(2), CurrentValueSubject(3), CurrentValueSubject(4),
      CurrentValueSubject(5)
    )
    let total = combine(sizes.0, sizes.1, sizes.2, sizes.3, sizes.4) { $0 + $1 + $2 + $3 + $4 }
    let subscription = total.subscribe { output.append($0) }
    sizes.4.value = 10
    #expect(output == [15, 20])
    withExtendedLifetime(subscription) {}
  }

  /// Random sends to three subjects, some inside a batch, against `combine(…).map(…)` over the same subjects:
  /// every form with a transform emits exactly what the tuple form followed by a map emits.
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func matchesTheTupleFormFollowedByAMap(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let subjects = [CurrentValueSubject(0), CurrentValueSubject(0), CurrentValueSubject(0)]
    let (a, b, c) = (subjects[0], subjects[1].map { $0 &* 7 }, subjects[2])
    let (d, e) = (subjects[1].map { $0 &- 3 }, subjects[2].map { $0 &* 5 })
    var withTransform: [[Int]] = [[], [], [], [], []]
    var withMap: [[Int]] = [[], [], [], [], []]
    let subscriptions = [
      combine(a, b) { $0 &+ $1 }.subscribe { withTransform[0].append($0) },
      combine(a, b).map { $0 &+ $1 }.subscribe { withMap[0].append($0) },
      combine(a, b, c) { $0 &+ $1 &* $2 }.subscribe { withTransform[1].append($0) },
      combine(a, b, c).map { $0 &+ $1 &* $2 }.subscribe { withMap[1].append($0) },
      combine(c, a, b, a) { $0 &- $1 &+ $2 &* $3 }.subscribe { withTransform[2].append($0) },
      combine(c, a, b, a).map { $0 &- $1 &+ $2 &* $3 }.subscribe { withMap[2].append($0) },
      combine(a, b, c, d, e) { $0 &+ $1 &* $2 &- $3 &+ $4 }.subscribe { withTransform[3].append($0) },
      combine(a, b, c, d, e).map { $0 &+ $1 &* $2 &- $3 &+ $4 }.subscribe { withMap[3].append($0) },
      combine(e, d, c, b, a, d) { $0 &+ $1 &* $2 &- $3 &+ $4 &* $5 }.subscribe { withTransform[4].append($0) },
      combine(e, d, c, b, a, d).map { $0 &+ $1 &* $2 &- $3 &+ $4 &* $5 }.subscribe { withMap[4].append($0) },
    ]
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
    #expect(withTransform == withMap)
    #expect(withTransform.allSatisfy { $0.count > 1 })
    withExtendedLifetime(subscriptions) {}
  }
}
