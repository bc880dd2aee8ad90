import Rill
import Testing

@Suite struct SmokeTests {
  @Test func diamondEmitsOnce() {
    let s = CurrentValueSubject(1)
    let a = s.map { $0 * 10 }
    let b = s.map { $0 + 1 }
    var log: [String] = []
    let sub = combine(a, b, s).subscribe { log.append("\($0)") }
    s.value = 2
    s.value = 3
    #expect(log == ["(10, 2, 1)", "(20, 3, 2)", "(30, 4, 3)"])
    _ = sub
  }

  @Test func runToCompletion() {
    let s = Subject<Int>()
    var log: [String] = []
    let s1 = s.subscribe { v in log.append("a\(v)"); if v == 1 { s.send(2) } }
    let s2 = s.subscribe { v in log.append("b\(v)") }
    s.send(1)
    #expect(log == ["a1", "b1", "a2", "b2"])
    _ = (s1, s2)
  }

  @Test func chainAndTake() {
    let s = CurrentValueSubject(0)
    var log: [Int] = []
    let sub = s.map { $0 + 1 }.filter { $0 % 2 == 0 }.take(2).subscribe { log.append($0) }
    for i in 1...10 { s.value = i }
    #expect(log == [2, 4])
    _ = sub
  }
}
