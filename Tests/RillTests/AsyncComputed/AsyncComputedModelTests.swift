import TestSupport
import Testing

@testable import Rill

/// Rule 15, model-based: random writes, results, failures, reloads, reads and observers coming and going, against a
/// plain model of the status machine.
@MainActor @Suite(.freesEverything, .timeLimit(.minutes(5))) struct AsyncComputedModelTests {
  /// What the computed should show, kept by hand.
  struct Model {
    /// How many runs started (the number of the last).
    var runs = 0
    /// The run whose result would be taken: the one running, not cancelled, not superseded.
    var current: Int?
    /// Whether the next read or observer starts a run: what it read changed, or a reload came, while unobserved,
    /// or its running work was cancelled by its last observer's leaving.
    var needsStart = true
    var observed = false
    var value: String?
    var error: String?
    var status = AsyncStatus.idle

    mutating func start() {
      runs += 1
      current = runs
      needsStart = false
      status = .loading
    }

    /// A change of what the closure read, or a reload.
    mutating func inputChanged() {
      if observed { start() } else { needsStart = true }
    }

    mutating func read() {
      if needsStart { start() }
    }

    mutating func finish(run: Int, value result: String?, error failure: String?) {
      guard run == current else { return }  // stale: dropped
      current = nil
      if let result {
        value = result
        error = nil
        status = .loaded
      } else {
        error = failure
        status = .failed
      }
    }

    var brief: String {
      let shown = value ?? "nil"
      switch status {
      case .idle: return "idle \(shown)"
      case .loading: return "loading \(shown)"
      case .loaded: return "loaded \(shown)"
      case .failed: return "failed \(error ?? "?") \(shown)"
      }
    }
  }

  /// Numbers the runs as the closure starts them.
  @MainActor final class RunCounter {
    var count = 0
  }

  /// 300 random steps a seed (3,000 with `RILL_STRESS=1`): after each step the state read matches the model, a
  /// subscriber (while there is one) has just heard it, and nobody ever heard a stale run's result.
  @Test(arguments: [1, 2, 3, 4, 0xA5C, 0x5EED] as [UInt64])
  func everyStateMatchesThePlainModel(seed: UInt64) async {
    var generator = SplitMix64(seed: seed)
    var model = Model()
    let query = CurrentValueSubject(0)
    let loads = Loads<Int, String>()
    let counter = RunCounter()
    let results = AsyncComputed { () async throws -> String in
      _ = query.value
      counter.count += 1
      return try await loads.load(counter.count)
    }
    var heard: [String] = []
    var acceptedValues: Set<String> = []
    var subscription: Subscription?
    var mismatches: [String] = []
    let steps = StressSize.pick(default: 300, stress: 3_000)
    for step in 0..<steps {
      var action = ""
      switch generator.next() % 8 {
      case 0, 1:
        action = "write"
        query.value += 1
        model.inputChanged()
      case 2:
        action = "reload"
        results.reload()
        model.inputChanged()
      case 3:
        guard let run = model.current else { continue }
        let value = "R\(run)"
        action = "succeed \(run)"
        acceptedValues.insert(value)
        await loads.succeed(run, with: value)
        model.finish(run: run, value: value, error: nil)
      case 4:
        guard let run = model.current else { continue }
        action = "fail \(run)"
        await loads.fail(run, with: LoadError("E\(run)"))
        model.finish(run: run, value: nil, error: "E\(run)")
      case 5:
        guard let stale = loads.waitingInputs.filter({ $0 != model.current }).min() else { continue }
        action = "finish stale \(stale)"
        await loads.succeed(stale, with: "stale \(stale)")
      case 6:
        if let live = subscription {
          action = "unsubscribe"
          live.cancel()
          subscription = nil
          model.observed = false
          if model.current != nil {
            model.current = nil
            model.needsStart = true
          }
        } else {
          action = "subscribe"
          model.observed = true
          model.read()
          subscription = results.subscribe { heard.append(brief($0)) }
        }
      default:
        action = "read"
        model.read()
      }
      if subscription != nil, heard.last != model.brief {
        mismatches.append("step \(step) (\(action)): heard \(heard.last ?? "nothing"), model \(model.brief)")
      }
      let read = brief(results.state)
      model.read()
      if read != model.brief {
        mismatches.append("step \(step) (\(action)): read \(read), model \(model.brief)")
      }
      #expect(counter.count == model.runs, "step \(step) (\(action))")
      if !mismatches.isEmpty { break }
    }
    subscription?.cancel()
    #expect(mismatches == [])
    let heardValues = heard.compactMap { $0.split(separator: " ").last.map(String.init) }.filter { $0 != "nil" }
    #expect(Set(heardValues).isSubset(of: acceptedValues))
    for run in loads.waitingInputs { await loads.succeed(run, with: "after the test") }
  }
}
