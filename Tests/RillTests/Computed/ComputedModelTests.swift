import Rill
import TestSupport
import Testing

/// Random graphs of subjects and computeds with dynamic dependencies and cut-offs, random writes and batches,
/// against recomputing everything from the subjects (rules 10–14).
///
/// Each computed reads a node, then one of two lists of earlier nodes chosen by the value it read, and reduces
/// the sum modulo a small number, so its dependencies change and equal results (cut-offs) are common. Some are
/// `Equatable` (`Int`), some use `init(equals:)` (a pair that is not `Equatable`), some are neither (always
/// changed). Every value is a pure function of the subjects' values, which the model recomputes from scratch at
/// each step; what *changed* in a step is defined on the nodes that were observed when it began, whose values
/// were then up to date:
/// - a subject changed if it was written (a `CurrentValueSubject` has no equality: an equal write is a change);
/// - an `Equatable` or `equals:` computed changed if its value after the step differs from its value before;
/// - a computed that is neither changed if something its last run read changed (it was re-evaluated).
///
/// After each step: every value read equals the model's; each subscriber heard its computed's new value once if
/// it changed and nothing otherwise; each effect ran once, reading the model's values, if something its last
/// run read changed, and never otherwise, in creation order; an observed computed ran exactly when something it
/// read changed, an unobserved one not at all unless something read it, and none more than once; reading the
/// observed values afterwards evaluates nothing.
///
/// A batch that also reads computeds between its writes is checked more loosely: a read in the middle of a batch
/// evaluates what is stale then, and a later write can make it stale again, so a computed may run once per read
/// plus once at the end, and a value that went A → B (read) → A is a version change that its observers may hear.
@Suite(.freesEverything) struct ComputedModelTests {
  enum Kind {
    case subject, equatable, equals, always
  }

  /// What a computed or an effect reads: `selector`, then the nodes of `onMultiple` if the value it read is a
  /// multiple of `divisor`, of `otherwise` if not (a list may name a node twice).
  struct Reads: CustomStringConvertible {
    var selector: Int
    var divisor: Int
    var onMultiple: [Int]
    var otherwise: [Int]

    /// A weighted sum of the values read, each read with `read`, in order.
    func run(_ read: (Int) -> Int) -> Int {
      let first = read(selector)
      var sum = first
      for (offset, node) in (first % divisor == 0 ? onMultiple : otherwise).enumerated() {
        sum &+= read(node) &* (offset + 2)
      }
      return sum
    }

    /// The nodes read, in order, when the nodes' values are `values`.
    func nodes(values: [Int]) -> [Int] {
      var nodes: [Int] = []
      _ = run { node in
        nodes.append(node)
        return values[node]
      }
      return nodes
    }

    var description: String { "n\(selector) %\(divisor) ? \(onMultiple) : \(otherwise)" }
  }

  /// A node of the graph: a subject, or a computed of `reads` modulo `modulus`.
  struct NodeSpec: CustomStringConvertible {
    var kind: Kind
    var reads: Reads
    var modulus: Int

    func value(_ read: (Int) -> Int) -> Int { reads.run(read) % modulus }

    var description: String { kind == .subject ? "subject" : "\(kind) (\(reads)) mod \(modulus)" }
  }

  /// A value that is not `Equatable`, compared by `equals:`.
  struct Pair {
    var a: Int
    var b: Int
    init(_ value: Int) {
      a = value
      b = value &* 7 &+ 1
    }

    static func same(_ left: Pair, _ right: Pair) -> Bool { left.a == right.a && left.b == right.b }
  }

  /// A value that is neither `Equatable` nor given `equals:`: every evaluation is a change.
  struct Box {
    var n: Int
  }

  /// What the real graph did in one step.
  final class Recorder {
    var evaluations: [Int]
    /// What each computed read in its last run.
    var lastReads: [[Int]]
    /// What each computed read in its runs in this step.
    var readsInStep: [[Int]]
    var heard: [Int: [Int]] = [:]
    var effectRuns: [(effect: Int, nodes: [Int], values: [Int])] = []

    init(nodes: Int) {
      evaluations = Array(repeating: 0, count: nodes)
      lastReads = Array(repeating: [], count: nodes)
      readsInStep = lastReads
    }

    func reset() {
      for index in evaluations.indices { evaluations[index] = 0 }
      heard = [:]
      for index in readsInStep.indices { readsInStep[index] = [] }
      effectRuns = []
    }
  }

  /// Every node's value and what each computed reads, recomputed from the subjects' values.
  struct ModelState {
    var values: [Int] = []
    var reads: [[Int]] = []

    init(specs: [NodeSpec], subjects: [Int]) {
      for (id, spec) in specs.enumerated() {
        if spec.kind == .subject {
          values.append(subjects[id])
          reads.append([])
          continue
        }
        var read: [Int] = []
        let value = spec.value { node in
          read.append(node)
          return values[node]
        }
        values.append(value)
        reads.append(read)
      }
    }

    /// The nodes observed: those subscribed to, those the effects read, and what observed computeds read.
    func observed(subscribed: [Int], effects: [Reads]) -> [Bool] {
      var observed = Array(repeating: false, count: values.count)
      var stack = subscribed
      for effect in effects { stack += effect.nodes(values: values) }
      while let node = stack.popLast() {
        guard !observed[node] else { continue }
        observed[node] = true
        stack += reads[node]
      }
      return observed
    }
  }

  static func randomReads(below count: Int, using generator: inout SplitMix64) -> Reads {
    var lists: [[Int]] = [[], []]
    for index in 0..<2 {
      for _ in 0..<Int(generator.next() % 3) {
        // Mostly the last few nodes, so chains grow deep; sometimes any.
        let recent = count - 1 - Int(generator.next() % UInt64(min(count, 3)))
        lists[index].append(generator.next() % 3 == 0 ? Int(generator.next() % UInt64(count)) : recent)
      }
    }
    let selector = generator.next() % 2 == 0 ? count - 1 : Int(generator.next() % UInt64(count))
    return Reads(selector: selector, divisor: Int(2 + generator.next() % 2), onMultiple: lists[0], otherwise: lists[1])
  }

  static func randomGraph(subjects: Int, computeds: Int, using generator: inout SplitMix64) -> [NodeSpec] {
    let none = Reads(selector: 0, divisor: 1, onMultiple: [], otherwise: [])
    var specs = Array(repeating: NodeSpec(kind: .subject, reads: none, modulus: 1), count: subjects)
    let kinds: [Kind] = [.equatable, .equatable, .equatable, .equals, .always]
    for id in subjects..<(subjects + computeds) {
      let kind = kinds[Int(generator.next() % UInt64(kinds.count))]
      let reads = randomReads(below: id, using: &generator)
      specs.append(NodeSpec(kind: kind, reads: reads, modulus: Int(2 + generator.next() % 4)))
    }
    return specs
  }

  /// 300 random steps on each seed's graph of 3 subjects and 10 computeds; 5,000 steps on 4 subjects and 16
  /// computeds with `RILL_STRESS=1` (see ``StressSize``).
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 0xC0FFEE, 0x5EED] as [UInt64])
  func everyValueRunAndDeliveryMatchesRecomputingFromTheSubjects(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let subjectCount = StressSize.pick(default: 3, stress: 4)
    let specs = Self.randomGraph(
      subjects: subjectCount, computeds: StressSize.pick(default: 10, stress: 16), using: &generator)
    let nodeCount = specs.count
    let recorder = Recorder(nodes: nodeCount)

    // The real graph: a reader of each node's value as an Int, and a way to subscribe to it.
    let subjects = (0..<subjectCount).map { _ in CurrentValueSubject(0) }
    var readers: [() -> Int] = subjects.map { subject in { subject.value } }
    var subscribers: [(@escaping (Int) -> Void) -> Subscription] = subjects.map { subject in
      { subject.subscribe($0) }
    }
    for id in subjectCount..<nodeCount {
      let spec = specs[id]
      let earlier = readers
      let body = {
        recorder.evaluations[id] += 1
        var reads: [Int] = []
        let value = spec.value { node in
          reads.append(node)
          return earlier[node]()
        }
        recorder.lastReads[id] = reads
        recorder.readsInStep[id] += reads
        return value
      }
      switch spec.kind {
      case .subject:
        preconditionFailure("subjects come first")
      case .equatable:
        let computed = Computed { body() }
        readers.append { computed.value }
        subscribers.append { observer in computed.subscribe(observer) }
      case .equals:
        let computed = Computed(equals: Pair.same) { Pair(body()) }
        readers.append { computed.value.a }
        subscribers.append { observer in computed.subscribe { observer($0.a) } }
      case .always:
        let computed = Computed { Box(n: body()) }
        readers.append { computed.value.n }
        subscribers.append { observer in computed.subscribe { observer($0.n) } }
      }
    }
    let read = readers

    var subjectValues = Array(repeating: 0, count: subjectCount)
    var subscriptions: [(id: Int, node: Int, subscription: Subscription)] = []
    var effects: [(id: Int, reads: Reads, subscription: Subscription)] = []
    var nextID = 0
    var history: [String] = []
    var counts = (writes: 0, cutOffs: 0, effectRuns: 0, deliveries: 0, dependencyChanges: 0)

    for step in 0..<StressSize.pick(default: 300, stress: 5_000) {
      let before = ModelState(specs: specs, subjects: subjectValues)
      let observedBefore = before.observed(
        subscribed: subscriptions.map(\.node), effects: effects.map(\.reads))
      recorder.reset()
      let readsAtStart = recorder.lastReads
      // Where the step reads from: what it may evaluate is what these read, through what the computeds read in
      // their last runs before the step or in their runs in the step.
      var roots: [Int] = []
      var failures: [String] = []
      func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
      }
      func randomWrite() -> (subject: Int, value: Int) {
        (Int(generator.next() % UInt64(subjectCount)), Int(generator.next() % 4))
      }
      func write(_ subject: Int, _ value: Int) {
        subjectValues[subject] = value
        subjects[subject].value = value
      }

      var written = Set<Int>()
      var isWrite = false
      var midBatchReads = 0
      var newSubscription: (id: Int, node: Int)?
      var newEffect: Int?
      let description: String
      let roll = generator.next() % 100
      switch roll {
      case 30..<48:
        isWrite = true
        let writes = (0..<Int(2 + generator.next() % 3)).map { _ in randomWrite() }
        description = "batch \(writes.map { "s\($0.subject)=\($0.value)" })"
        batch {
          for (subject, value) in writes {
            write(subject, value)
            written.insert(subject)
          }
        }
      case 48..<54:
        isWrite = true
        var actions: [String] = []
        batch {
          for _ in 0..<Int(2 + generator.next() % 4) {
            if generator.next() % 2 == 0 {
              let (subject, value) = randomWrite()
              actions.append("s\(subject)=\(value)")
              write(subject, value)
              written.insert(subject)
            } else {
              let node = subjectCount + Int(generator.next() % UInt64(nodeCount - subjectCount))
              actions.append("read n\(node)")
              midBatchReads += 1
              roots.append(node)
              let expected = ModelState(specs: specs, subjects: subjectValues).values[node]
              let value = read[node]()
              check(value == expected, "n\(node) read \(value) in the batch, the model says \(expected)")
            }
          }
        }
        description = "batch with reads \(actions)"
      case 54..<66:
        let node = subjectCount + Int(generator.next() % UInt64(nodeCount - subjectCount))
        let id = nextID
        nextID += 1
        description = "subscribe #\(id) to n\(node)"
        newSubscription = (id, node)
        roots.append(node)
        let subscription = subscribers[node]({ recorder.heard[id, default: []].append($0) })
        subscriptions.append((id, node, subscription))
      case 66..<73 where !subscriptions.isEmpty:
        let (id, node, subscription) = subscriptions.remove(at: Int(generator.next() % UInt64(subscriptions.count)))
        description = "cancel subscriber #\(id) of n\(node)"
        subscription.cancel()
      case 73..<82:
        let reads = Self.randomReads(below: nodeCount, using: &generator)
        let id = nextID
        nextID += 1
        description = "effect #\(id) reading \(reads)"
        newEffect = id
        let subscription = effect {
          var nodes: [Int] = []
          var values: [Int] = []
          _ = reads.run { node in
            let value = read[node]()
            nodes.append(node)
            values.append(value)
            return value
          }
          recorder.effectRuns.append((id, nodes, values))
        }
        effects.append((id, reads, subscription))
      case 82..<88 where !effects.isEmpty:
        let (id, _, subscription) = effects.remove(at: Int(generator.next() % UInt64(effects.count)))
        description = "cancel effect #\(id)"
        subscription.cancel()
      case 88..<100:
        let unobserved = (subjectCount..<nodeCount).filter { !observedBefore[$0] }
        let node =
          unobserved.isEmpty
          ? subjectCount + Int(generator.next() % UInt64(nodeCount - subjectCount))
          : unobserved[Int(generator.next() % UInt64(unobserved.count))]
        description = "read n\(node)\(observedBefore[node] ? " (observed)" : "")"
        roots.append(node)
        let value = read[node]()
        check(value == before.values[node], "n\(node) read \(value), the model says \(before.values[node])")
        let evaluations = recorder.evaluations
        let again = read[node]()
        check(again == value, "n\(node) read \(value), then \(again)")
        check(recorder.evaluations == evaluations, "a second read of n\(node) evaluated again")
      default:
        isWrite = true
        let (subject, value) = randomWrite()
        description = "s\(subject)=\(value)"
        write(subject, value)
        written.insert(subject)
      }
      history.append(description)

      let after = ModelState(specs: specs, subjects: subjectValues)
      let observedAfter = after.observed(subscribed: subscriptions.map(\.node), effects: effects.map(\.reads))
      var changed = Array(repeating: false, count: nodeCount)
      for id in 0..<nodeCount {
        switch specs[id].kind {
        case .subject: changed[id] = written.contains(id)
        case .equatable, .equals: changed[id] = after.values[id] != before.values[id]
        case .always: changed[id] = before.reads[id].contains { changed[$0] }
        }
      }
      let isStrict = midBatchReads == 0
      if isWrite { roots += observedBefore.indices.filter { observedBefore[$0] } }
      for run in recorder.effectRuns { roots += run.nodes }
      var reachable = Array(repeating: false, count: nodeCount)
      while let node = roots.popLast() {
        guard !reachable[node] else { continue }
        reachable[node] = true
        roots += readsAtStart[node] + recorder.readsInStep[node]
      }

      // Evaluations: at most once a step, only where the step read; an observed computed runs exactly when
      // something it read changed (or not at all if the step leaves it unobserved).
      for id in subjectCount..<nodeCount {
        let runs = recorder.evaluations[id]
        let readChanged = before.reads[id].contains { changed[$0] }
        check(runs == 0 || reachable[id], "n\(id) ran \(runs) times, though nothing the step read reads it")
        if isWrite && isStrict && observedBefore[id] && observedAfter[id] {
          check(
            runs == (readChanged ? 1 : 0), "observed n\(id) ran \(runs) times; what it read changed: \(readChanged)")
        } else if isWrite && isStrict && observedBefore[id] {
          check(
            runs <= (readChanged ? 1 : 0),
            "n\(id), observed before the step only, ran \(runs) times; what it read changed: \(readChanged)")
        } else if isWrite && !isStrict {
          check(runs <= 1 + midBatchReads, "n\(id) ran \(runs) times in a batch with \(midBatchReads) reads")
        } else if !isWrite && observedBefore[id] {
          check(runs == 0, "observed n\(id) ran \(runs) times in a step that wrote nothing")
        } else {
          check(runs <= 1, "n\(id) ran \(runs) times in one step")
        }
        if isWrite && observedBefore[id] && readChanged { counts.dependencyChanges += 1 }
        if isWrite && observedBefore[id] && runs == 1 && !changed[id] { counts.cutOffs += 1 }
      }

      // Subscribers: the new value once when it changed, nothing otherwise; a new one hears the value.
      for (id, node, _) in subscriptions {
        let heard = recorder.heard[id] ?? []
        counts.deliveries += heard.count
        let value = after.values[node]
        if let new = newSubscription, new.id == id {
          check(heard == [value], "new subscriber #\(id) of n\(node) heard \(heard), the model says [\(value)]")
        } else if !isWrite {
          check(heard.isEmpty, "subscriber #\(id) of n\(node) heard \(heard) in a step that wrote nothing")
        } else if isStrict {
          let expected = changed[node] ? [value] : []
          check(heard == expected, "subscriber #\(id) of n\(node) heard \(heard), the model says \(expected)")
        } else {
          check(
            heard.count <= 1 && heard.allSatisfy { $0 == value } && (heard.count == 1 || !changed[node]),
            "subscriber #\(id) of n\(node) heard \(heard) in a batch with reads; the value is \(value), "
              + "changed: \(changed[node])")
        }
      }

      // Effects: once, in creation order, reading the model's values, exactly when something they read changed.
      let runIDs = recorder.effectRuns.map(\.effect)
      check(runIDs == runIDs.sorted() && Set(runIDs).count == runIDs.count, "effects ran in the order \(runIDs)")
      counts.effectRuns += runIDs.count
      for (id, reads, _) in effects {
        let runs = recorder.effectRuns.filter { $0.effect == id }
        let readChanged = reads.nodes(values: before.values).contains { changed[$0] }
        if newEffect == id {
          check(runs.count == 1, "new effect #\(id) ran \(runs.count) times")
        } else if !isWrite {
          check(runs.isEmpty, "effect #\(id) ran \(runs.count) times in a step that wrote nothing")
        } else if isStrict {
          check(runs.count == (readChanged ? 1 : 0), "effect #\(id) ran \(runs.count) times; changed: \(readChanged)")
        } else {
          check(
            runs.count <= 1 && (runs.count == 1 || !readChanged),
            "effect #\(id) ran \(runs.count) times in a batch with reads; changed: \(readChanged)")
        }
        let nodes = reads.nodes(values: after.values)
        for run in runs {
          check(
            run.nodes == nodes && run.values == nodes.map { after.values[$0] },
            "effect #\(id) read \(run.nodes) = \(run.values), the model says \(nodes) = "
              + "\(nodes.map { after.values[$0] })")
        }
      }
      let cancelledHeard = recorder.heard.keys.filter { id in !subscriptions.contains { $0.id == id } }
      check(cancelledHeard.isEmpty, "cancelled subscribers heard: \(cancelledHeard)")
      let cancelledRan = recorder.effectRuns.filter { run in !effects.contains { $0.id == run.effect } }
      check(cancelledRan.isEmpty, "cancelled effects ran: \(cancelledRan.map(\.effect))")
      if isWrite { counts.writes += 1 }

      // The observed values are up to date: reading them evaluates nothing.
      let evaluations = recorder.evaluations
      for id in 0..<nodeCount where observedAfter[id] {
        let value = read[id]()
        check(value == after.values[id], "observed n\(id) reads \(value), the model says \(after.values[id])")
      }
      check(recorder.evaluations == evaluations, "reading the observed values evaluated \(recorder.evaluations)")

      if !failures.isEmpty {
        let graph = specs.enumerated().map { "  n\($0.offset): \($0.element)" }.joined(separator: "\n")
        Issue.record(
          """
          seed \(seed), step \(step): \(description)
          \(failures.joined(separator: "\n"))
          subjects before: \(before.values.prefix(subjectCount)), values before: \(before.values)
          values after: \(after.values), changed: \(changed.indices.filter { changed[$0] })
          observed before: \(observedBefore.indices.filter { observedBefore[$0] }), \
          after: \(observedAfter.indices.filter { observedAfter[$0] })
          reads before: \(before.reads), after: \(after.reads)
          subscribers: \(subscriptions.map { "#\($0.id) n\($0.node)" }), effects: \(effects.map { "#\($0.id) \($0.reads)" })
          last steps: \(history.suffix(8))
          graph:
          \(graph)
          """)
        break
      }
    }

    // At the end, every value, observed or not, is the model's.
    let final = ModelState(specs: specs, subjects: subjectValues)
    for id in 0..<nodeCount {
      #expect(read[id]() == final.values[id], "seed \(seed): n\(id) at the end")
    }
    // The steps exercised what they are meant to.
    #expect(counts.cutOffs > 0 && counts.effectRuns > 0 && counts.deliveries > 0, "seed \(seed): \(counts)")
    for entry in subscriptions { entry.subscription.cancel() }
    for entry in effects { entry.subscription.cancel() }
  }

  // The model test's findings, shrunk: each failed before its fix.

  /// Shrunk from the model test (2 subjects, 5 computeds, seed 2599, step 4). `gated` reads `copy` for the first
  /// time in the propagation, so its rank rises from 1 to 2 and `sum`'s, which is then the last settle pending,
  /// from 2 to 3. `PendingSettles.takeFirst()` re-filed that settle at its new rank with `append`, which put it
  /// in `only` (nothing else was pending), then looked only at the rank buckets and returned `nil`: the drain ran
  /// the effects before `sum` settled (fixed: the settle is filed in its bucket). The effect, dirty from `source`, reads `tens` before it is marked: a
  /// glitch (`1 0`), then runs again once `sum` settles.
  @Test func anEffectRunsOnceWithSettledValuesWhenARankRisesMidPropagation() {
    let source = CurrentValueSubject(0)
    let copy = Computed { source.value }
    let gated = Computed { source.value == 0 ? 0 : copy.value }
    let sum = Computed { gated.value + source.value }
    let tens = Computed { sum.value * 10 }
    var seen: [String] = []
    let subscription = effect { seen.append("\(source.value) \(tens.value)") }
    source.value = 1
    #expect(seen == ["0 0", "1 20"])
    subscription.cancel()
  }

  /// Shrunk from the model test. `sum` is evaluated while nothing observes it, then `gated` (which it reads)
  /// starts reading a deeper chain while `sum` is still unobserved: `gated`'s rank rises to 3 but `sum`'s stays
  /// 2, since a rank rise reaches only linked consumers, and `observe()` linked `sum` later without raising its
  /// rank above what it reads (fixed: `observe()` raises each node it links above what it reads). So `sum` settles before `gated`: its run pulls `gated`, whose change marks `sum`
  /// (running, no longer dirty) again, and `sum` runs twice in one propagation; a value that is not `Equatable`
  /// is delivered twice.
  @Test func aComputedObservedAfterWhatItReadGrewDeeperIsPushedOnce() {
    struct Box {
      var value: Int
    }
    let source = CurrentValueSubject(1)
    let gate = CurrentValueSubject(0)
    let first = Computed { source.value }
    let second = Computed { first.value }
    let gated = Computed { gate.value == 0 ? source.value % 2 : second.value % 2 }
    var runs = 0
    let sum = Computed {
      runs += 1
      return Box(value: gated.value + source.value)
    }
    _ = sum.value
    gate.value = 1
    _ = gated.value  // now reads `second`, and is still odd: `sum` is not re-evaluated
    var heard: [Int] = []
    let subscription = sum.subscribe { heard.append($0.value) }
    source.value = 2
    #expect(runs == 2)
    #expect(heard == [2, 2])
    subscription.cancel()
  }

  /// Shrunk from the model test (2 subjects, 5 computeds, seed 1934, step 3). `late` (rank 1) settles first and
  /// reads `sum` for the first time: `sum` is dirty (it reads `source`), and `refreshByWalking()` re-evaluates a
  /// dirty node at once, before what it read. Its run pulls `copy` (rank 1, not settled yet), whose change marks
  /// `sum` dirty again (its dirty bit was cleared when its run began), so `sum` ran again at its own settle: twice
  /// in one propagation (fixed: a change does not mark a consumer that is running, which reads it afterwards).
  @Test func aDirtyComputedPulledMidPropagationRunsOnce() {
    let source = CurrentValueSubject(0)
    let copy = Computed { source.value }
    var runs = 0
    let sum = Computed {
      runs += 1
      return copy.value + source.value
    }
    let late = Computed { source.value == 0 ? 0 : sum.value }
    var heard: [Int] = []
    let first = late.subscribe { heard.append($0) }
    let second = sum.subscribe { _ in }
    source.value = 1
    #expect(heard == [0, 2])
    #expect(runs == 2)
    first.cancel()
    second.cancel()
  }
}
