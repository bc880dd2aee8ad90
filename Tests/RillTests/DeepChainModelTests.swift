import TestSupport
import Testing

@testable import Rill

/// Random trees of `map` and `filter` nodes, mostly chained (hundreds deep, so deliveries and connects go past
/// the depths at which ``ChainWalks`` hands them to loops), with effects subscribing and cancelling anywhere and
/// a replaying source sent to. Every effect must hear exactly what a plain recursive model of rules 1–4 gives:
/// depth first, observers in subscription order, replays on subscribe.
@Suite(.freesEverything) struct DeepChainModelTests {
  /// The model of one node: its observers in subscription order, and the last value it emitted while connected.
  final class ModelNode {
    enum Entry: Equatable {
      case child(Int)
      case effect(Int)
    }

    let id: Int
    let parent: Int?
    let isFilter: Bool
    var entries: [Entry] = []
    var latest: Int?

    init(id: Int, parent: Int?, isFilter: Bool) {
      self.id = id
      self.parent = parent
      self.isFilter = isFilter
    }

    /// What the node emits for `value` from its parent, or `nil` when it lets nothing through.
    func output(for value: Int) -> Int? {
      if isFilter { return (value &+ id) % 61 == 0 ? nil : value }
      return value &+ id
    }
  }

  /// The plain recursive model.
  final class Model {
    var nodes: [ModelNode] = [ModelNode(id: 0, parent: nil, isFilter: false)]
    var log: [String] = []

    init() { nodes[0].latest = 0 }

    func emit(_ value: Int, from id: Int) {
      let node = nodes[id]
      node.latest = value
      for entry in node.entries {
        switch entry {
        case .effect(let effect): log.append("e\(effect):\(value)")
        case .child(let child): if let output = nodes[child].output(for: value) { emit(output, from: child) }
        }
      }
    }

    func send(_ value: Int) { emit(value, from: 0) }

    func subscribeEffect(_ effect: Int, to id: Int) {
      add(.effect(effect), to: id)
    }

    /// Appends `entry` to node `id`'s observers, connecting it first if it had none, then replays to the entry.
    private func add(_ entry: ModelNode.Entry, to id: Int) {
      let node = nodes[id]
      node.entries.append(entry)
      if node.entries.count == 1, let parent = node.parent {
        add(.child(id), to: parent)  // connecting replays through the new path, down to `entry`
        return
      }
      guard let latest = node.latest else { return }
      switch entry {
      case .effect(let effect): log.append("e\(effect):\(latest)")
      case .child(let child): if let output = nodes[child].output(for: latest) { emit(output, from: child) }
      }
    }

    func cancelEffect(_ effect: Int, on id: Int) {
      remove(.effect(effect), from: id)
    }

    private func remove(_ entry: ModelNode.Entry, from id: Int) {
      let node = nodes[id]
      node.entries.removeAll { $0 == entry }
      if node.entries.isEmpty, let parent = node.parent {
        node.latest = nil
        remove(.child(id), from: parent)
      }
    }
  }

  /// 1,000 random steps per seed; 1,500 with `RILL_STRESS=1` (see ``StressSize``).
  @Test(arguments: [1, 2, 3, 0xDEE9] as [UInt64])
  func deliveriesAndReplaysMatchTheRecursiveModel(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let model = Model()
    let source = CurrentValueSubject(0)
    var signals: [Signal<Int>] = [source]
    var deepest = 0
    var depths = [0]
    var log: [String] = []
    var effects: [(id: Int, node: Int, subscription: Subscription)] = []
    var nextEffect = 0
    let handedBackBefore = StackGuard.current.handedBack

    for step in 0..<StressSize.pick(default: 1_000, stress: 1_500) {
      switch generator.next() % 10 {
      case 0...5:  // a node, nearly always below the deepest one
        let id = signals.count
        let parent = generator.next() % 10 < 9 ? deepest : Int(generator.next() % UInt64(signals.count))
        let isFilter = generator.next() % 8 == 0
        let node = ModelNode(id: id, parent: parent, isFilter: isFilter)
        model.nodes.append(node)
        signals.append(
          isFilter ? signals[parent].filter { node.output(for: $0) != nil } : signals[parent].map { $0 &+ id })
        depths.append(depths[parent] + 1)
        if depths[id] > depths[deepest] { deepest = id }
      case 6, 7:  // an effect, on the deepest node or any other
        let node = generator.next() % 2 == 0 ? Int(generator.next() % UInt64(signals.count)) : deepest
        let id = nextEffect
        nextEffect += 1
        model.subscribeEffect(id, to: node)
        effects.append((id, node, signals[node].subscribe { log.append("e\(id):\($0)") }))
      case 8 where !effects.isEmpty:
        let (id, node, subscription) = effects.remove(at: Int(generator.next() % UInt64(effects.count)))
        model.cancelEffect(id, on: node)
        subscription.cancel()
      default:
        let value = Int(generator.next() % 1_000)
        model.send(value)
        source.value = value
      }
      if log != model.log {
        let index = zip(log, model.log).prefix { $0 == $1 }.count
        Issue.record(
          "seed \(seed), step \(step): real \(log[index...].prefix(4)) model \(model.log[index...].prefix(4))")
        break
      }
    }
    #expect(depths[deepest] > 300, "the tree is deep enough to hand deliveries and connects to loops")
    #expect(StackGuard.current.handedBack - handedBackBefore > 100)
    for effect in effects { effect.subscription.cancel() }
  }
}
