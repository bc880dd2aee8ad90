import Testing

@testable import Rill

extension ConcurrencyTests {
  /// `map(_:_:)` with an async transform, under each `AsyncMapPolicy`, against work finished by hand.
  @MainActor @Suite(.timeLimit(.minutes(5))) struct AsyncMapTests {
    let input = Subject<String>()
    let work = AsyncWork<String, String>()

    @Test func latestEmitsOnlyTheNewestValuesResultNeverAStaleOne() async {
      var out: [String] = []
      let subscription = input.map(.latest) { [work] in await work.run($0) }.subscribe { out.append($0) }
      input.send("a")
      input.send("b")  // cancels a's work
      await work.finish("b", with: "B")
      await work.finish("a", with: "A")  // a's work ends after the newer one's: dropped
      input.send("c")
      input.send("d")
      await work.finish("c", with: "C")  // ends before the newer work: dropped all the same
      await work.finish("d", with: "D")
      subscription.cancel()
      #expect(out == ["B", "D"])
      #expect(work.cancelled == ["a", "c"])
    }

    @Test func latestStartsWorkForEveryValue() async {
      var out: [String] = []
      let subscription = input.map(.latest) { [work] in await work.run($0) }.subscribe { out.append($0) }
      input.send("a")
      await work.finish("a", with: "A")
      input.send("b")
      await work.finish("b", with: "B")
      subscription.cancel()
      #expect(out == ["A", "B"])
      #expect(work.started == ["a", "b"])
      #expect(work.cancelled == [])
    }

    @Test func queueRunsOneAtATimeAndEmitsEveryResultInArrivalOrder() async {
      var out: [String] = []
      let subscription = input.map(.queue) { [work] in await work.run($0) }.subscribe { out.append($0) }
      input.send("a")
      input.send("b")
      input.send("c")
      await work.finish("a", with: "A")
      let startedAfterA = work.started
      await work.finish("b", with: "B")
      await work.finish("c", with: "C")
      subscription.cancel()
      #expect(startedAfterA == ["a", "b"])
      #expect(out == ["A", "B", "C"])
      #expect(work.cancelled == [])
    }

    @Test func dropWhileBusyIgnoresValuesWhileWorkRuns() async {
      var out: [String] = []
      let subscription = input.map(.dropWhileBusy) { [work] in await work.run($0) }.subscribe { out.append($0) }
      input.send("a")
      input.send("b")  // a's work is running: dropped
      await work.finish("a", with: "A")
      input.send("c")
      await work.finish("c", with: "C")
      subscription.cancel()
      #expect(out == ["A", "C"])
      #expect(work.started == ["a", "c"])
    }

    @Test(arguments: [AsyncMapPolicy.latest, .queue, .dropWhileBusy])
    func disconnectingCancelsTheRunningWorkAndDropsItsResultAndTheWaitingValues(policy: AsyncMapPolicy) async {
      let mapped = input.map(policy) { [work] in await work.run($0) }
      var first: [String] = []
      var second: [String] = []
      let subscriptionA = mapped.subscribe { first.append($0) }
      input.send("a")
      input.send("b")
      subscriptionA.cancel()
      let subscriptionB = mapped.subscribe { second.append($0) }
      await work.finish("a", with: "A")
      if policy == .latest { await work.finish("b", with: "B") }
      input.send("c")
      await work.finish("c", with: "C")
      subscriptionB.cancel()
      #expect(first == [])
      #expect(second == ["C"])
      #expect(work.started == (policy == .latest ? ["a", "b", "c"] : ["a", "c"]))
      #expect(work.cancelled == (policy == .latest ? ["a", "b"] : ["a"]))
    }

    @Test func runsAReplayedValueAndReplaysTheLastResult() async {
      let credit = CurrentValueSubject("5")
      let mapped = credit.map(.latest) { [work] in await work.run($0) }
      var first: [String] = []
      var late: [String] = []
      let subscriptionA = mapped.subscribe { first.append($0) }
      await work.finish("5", with: "credit 5")
      let subscriptionB = mapped.subscribe { late.append($0) }
      subscriptionA.cancel()
      subscriptionB.cancel()
      #expect(first == ["credit 5"])
      #expect(late == ["credit 5"])
    }

    @Test func aResultIsAPropagationOfItsOwnSoJoinsStayGlitchFree() async {
      let text = CurrentValueSubject("a")
      let results = text.map(.latest) { [work] in await work.run($0) }
      var out: [String] = []
      let subscription = combine(text, results).subscribe { out.append("\($0.0)|\($0.1)") }
      await work.finish("a", with: "A")
      text.value = "b"
      await work.finish("b", with: "B")
      subscription.cancel()
      #expect(out == ["a|A", "b|A", "b|B"])
    }

    @Test func runsTheWorkOnTheActorThatBuiltIt() async {
      actor Owner {
        let input = Subject<Int>()
        var out: [Int] = []
        func run() async -> [Int] {
          let (done, finished) = AsyncStream<Void>.makeStream()
          let subscription = input.map(.queue) { value -> Int in
            self.assertIsolated()
            return value * 10
          }.subscribe { value in
            self.assertIsolated()
            self.out.append(value)
            if value == 20 { finished.yield() }
          }
          input.send(1)
          input.send(2)
          for await _ in done { break }
          subscription.cancel()
          return out
        }
      }
      #expect(await Owner().run() == [10, 20])
    }

    @Test func stateTicketsDecideWhichResultIsEmitted() {
      var latest = AsyncMapState<Int>(policy: .latest)
      let one = latest.receive(1)
      let two = latest.receive(2)
      #expect(one?.ticket == 1 && two?.ticket == 2)
      #expect(latest.finished(1).emits == false)
      #expect(latest.finished(2).emits == true)
      #expect(latest.current == nil)

      var queue = AsyncMapState<Int>(policy: .queue)
      #expect(queue.receive(1)?.value == 1)
      #expect(queue.receive(2) == nil)
      #expect(queue.receive(3) == nil)
      #expect(queue.waitingCount == 2)
      let next = queue.finished(1)
      #expect(next.emits && next.start?.value == 2)
      queue.disconnect()
      #expect(queue.waitingCount == 0 && queue.current == nil)

      var drop = AsyncMapState<Int>(policy: .dropWhileBusy)
      #expect(drop.receive(1)?.value == 1)
      #expect(drop.receive(2) == nil)
      #expect(drop.finished(1).emits && drop.waitingCount == 0)
      #expect(drop.receive(3)?.value == 3)
    }
  }
}
