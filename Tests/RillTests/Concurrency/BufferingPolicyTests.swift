import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `ValueBuffer`: what each `BufferingPolicy` keeps while the consumer lags.
  @Suite struct BufferingPolicyTests {
    private func fill(_ policy: BufferingPolicy, with values: ClosedRange<Int>) -> (kept: [Int], accepted: [Bool]) {
      var buffer = ValueBuffer<Int>(policy: policy)
      let accepted = values.map { buffer.append($0) }
      var kept: [Int] = []
      while let value = buffer.popFirst() { kept.append(value) }
      return (kept, accepted)
    }

    @Test func unboundedKeepsEveryValueInOrder() {
      let result = fill(.unbounded, with: 1...200)
      #expect(result.kept == Array(1...200))
      #expect(result.accepted.allSatisfy { $0 })
    }

    @Test func bufferingNewestDropsTheOldestWhenFull() {
      let result = fill(.bufferingNewest(2), with: 1...5)
      #expect(result.kept == [4, 5])
      #expect(result.accepted == [true, true, true, true, true])
    }

    @Test func bufferingOldestDropsTheNewValueWhenFull() {
      let result = fill(.bufferingOldest(2), with: 1...5)
      #expect(result.kept == [1, 2])
      #expect(result.accepted == [true, true, false, false, false])
    }

    @Test func takingMakesRoomAgain() {
      var buffer = ValueBuffer<Int>(policy: .bufferingOldest(1))
      var log: [String] = []
      for value in 1...3 {
        log.append("\(value):\(buffer.append(value))")
        log.append("+\(value):\(buffer.append(value + 10))")
        log.append("took \(buffer.popFirst().map(String.init) ?? "nil")")
      }
      #expect(log == ["1:true", "+1:false", "took 1", "2:true", "+2:false", "took 2", "3:true", "+3:false", "took 3"])
      #expect(buffer.isEmpty)
    }

    @Test func interleavedAppendsAndTakesKeepFIFOOrderAcrossCompaction() {
      var buffer = ValueBuffer<Int>(policy: .unbounded)
      var taken: [Int] = []
      var next = 0
      for round in 0..<50 {
        for _ in 0..<(round % 7 + 3) {
          buffer.append(next)
          next += 1
        }
        for _ in 0..<(round % 5 + 2) {
          if let value = buffer.popFirst() { taken.append(value) }
        }
      }
      while let value = buffer.popFirst() { taken.append(value) }
      #expect(taken == Array(0..<next))
      #expect(buffer.first == nil)
    }

    @Test func firstPeeksWithoutTaking() {
      var buffer = ValueBuffer<String>(policy: .unbounded)
      buffer.append("a")
      buffer.append("b")
      #expect(buffer.first == "a")
      #expect(buffer.count == 2)
      #expect(buffer.popFirst() == "a")
      #expect(buffer.first == "b")
    }
  }
}
