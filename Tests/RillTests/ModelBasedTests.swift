import Foundation
import Rill
import TestSupport
import Testing

/// Drives a subject with thousands of random steps — subscribe, cancel, send, and the same three from
/// inside an observer — and compares every delivery with a plain reference model of rules 1–5.
///
/// Set `RILL_MODEL_SEED` to replay one seed. 2,000 steps per case; 20,000 with `RILL_STRESS=1` (see ``StressSize``).
@Suite(.freesEverything) struct ModelBasedTests {
  enum Kind: String, CaseIterable {
    case subject, currentValueSubject, mappedSubject, mappedCurrentValueSubject
  }

  static var seeds: [UInt64] {
    if let text = ProcessInfo.processInfo.environment["RILL_MODEL_SEED"], let seed = UInt64(text) {
      return [seed]
    }
    return [1, 2, 0xC0FFEE]
  }

  @Test(arguments: Kind.allCases, seeds)
  func deliveriesMatchTheReferenceModel(kind: Kind, seed: UInt64) {
    let steps = StressSize.pick(default: 2_000, stress: 20_000)
    let harness = Harness(kind: kind)
    let model = Model(replays: kind == .currentValueSubject || kind == .mappedCurrentValueSubject)
    if kind == .mappedSubject || kind == .mappedCurrentValueSubject { model.transform = { $0 &* 3 &+ 1 } }
    var generator = SplitMix64(seed: seed)
    var script = Script()
    var checked = 0
    for step in 0..<steps {
      if script.nextID > 0 && generator.next() % 2 == 0 {
        // Arm an observer: the next value it hears makes it perform one to three actions in a row (say,
        // a send and then a subscribe); then send a value.
        let observerID = Int(generator.next() % UInt64(script.nextID))
        let actions = (0...generator.next() % 3).map { _ in
          script.randomAction(using: &generator, live: model.liveIDs)
        }
        harness.armed[observerID, default: []] += actions
        model.armed[observerID, default: []] += actions
        let value = script.takeValue()
        harness.perform(.send(value))
        model.perform(.send(value))
      } else {
        let action = script.randomAction(using: &generator, live: model.liveIDs)
        harness.perform(action)
        model.perform(action)
      }
      var index = checked
      while index < harness.log.count && index < model.log.count && harness.log[index] == model.log[index] {
        index += 1
      }
      if index != harness.log.count || index != model.log.count {
        Issue.record(
          """
          \(kind) seed \(seed) (RILL_MODEL_SEED=\(seed)) diverged at step \(step), delivery \(index): \
          real \(harness.log[index...].prefix(5)) model \(model.log[index...].prefix(5))
          """)
        break
      }
      checked = harness.log.count
    }
    #expect(harness.log.count > steps / 2)
    harness.tearDown()
  }
}

/// Chooses the steps: fresh observer ids, fresh values, and cancels that keep the live count small.
struct Script {
  var nextID = 0
  var nextValue = 1

  mutating func takeValue() -> Int {
    defer { nextValue += 1 }
    return nextValue
  }

  mutating func randomAction(using generator: inout SplitMix64, live: [Int]) -> Action {
    let roll = generator.next() % 100
    if roll < 30 && live.count < 16 {
      defer { nextID += 1 }
      return .subscribe(nextID)
    }
    if roll < 60 && !live.isEmpty {
      return .cancel(live[Int(generator.next() % UInt64(live.count))])
    }
    if roll < 65 && nextID > 0 {
      // Any observer, so sometimes one that is already cancelled.
      return .cancel(Int(generator.next() % UInt64(nextID)))
    }
    return .send(takeValue())
  }
}

enum Action: Equatable {
  case subscribe(Int)
  case cancel(Int)
  case send(Int)
}

struct Delivery: Equatable, CustomStringConvertible {
  let observer: Int
  let value: Int
  var description: String { "\(observer)←\(value)" }
}

/// The real thing: one subject (optionally seen through `map`) and its subscriptions.
final class Harness {
  var log: [Delivery] = []
  var armed: [Int: [Action]] = [:]
  private var subscriptions: [Int: Subscription] = [:]
  private let sendValue: (Int) -> Void
  private let signal: Signal<Int>

  init(kind: ModelBasedTests.Kind) {
    switch kind {
    case .subject:
      let subject = Subject<Int>()
      sendValue = subject.send
      signal = subject
    case .currentValueSubject:
      let subject = CurrentValueSubject(0)
      sendValue = { subject.value = $0 }
      signal = subject
    case .mappedSubject:
      let subject = Subject<Int>()
      sendValue = subject.send
      signal = subject.map { $0 &* 3 &+ 1 }
    case .mappedCurrentValueSubject:
      let subject = CurrentValueSubject(0)
      sendValue = { subject.value = $0 }
      signal = subject.map { $0 &* 3 &+ 1 }
    }
  }

  func perform(_ action: Action) {
    switch action {
    case .subscribe(let id):
      subscriptions[id] = signal.subscribe { [unowned self] value in
        log.append(Delivery(observer: id, value: value))
        if let actions = armed.removeValue(forKey: id) {
          for action in actions { perform(action) }
        }
      }
    case .cancel(let id):
      subscriptions[id]?.cancel()
    case .send(let value):
      sendValue(value)
    }
  }

  func tearDown() {
    for subscription in subscriptions.values { subscription.cancel() }
  }
}

/// The reference model, written as plainly as possible: observers in a list (tombstones kept during a delivery), a flag
/// for "delivering", a FIFO queue, and the observer count taken when a delivery starts.
final class Model {
  var log: [Delivery] = []
  var armed: [Int: [Action]] = [:]
  var transform: (Int) -> Int = { $0 }
  private let replays: Bool
  private var current = 0
  private var observers: [(id: Int, live: Bool)] = []
  private var delivering = false
  private var queue: [Int] = []

  init(replays: Bool) { self.replays = replays }

  /// The observers not cancelled yet, in order.
  var liveIDs: [Int] { observers.filter(\.live).map(\.id) }

  func perform(_ action: Action) {
    switch action {
    case .subscribe(let id):
      observers.append((id, true))
      if replays { receive(id, transform(current)) }
    case .cancel(let id):
      if let index = observers.firstIndex(where: { $0.id == id }) { observers[index].live = false }
    case .send(let value):
      if delivering {
        queue.append(value)
        return
      }
      delivering = true
      deliver(value)
      while !queue.isEmpty { deliver(queue.removeFirst()) }
      delivering = false
      // Forgetting cancelled observers between deliveries changes nothing observable; it keeps the
      // model fast.
      observers.removeAll { !$0.live }
    }
  }

  private func deliver(_ value: Int) {
    current = value
    let count = observers.count
    for index in 0..<count where observers[index].live {
      receive(observers[index].id, transform(value))
    }
  }

  private func receive(_ id: Int, _ value: Int) {
    log.append(Delivery(observer: id, value: value))
    if let actions = armed.removeValue(forKey: id) {
      for action in actions { perform(action) }
    }
  }
}

/// A tiny deterministic generator (SplitMix64), so every run of a seed takes the same steps.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
