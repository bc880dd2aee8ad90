// The Reactivity workloads' tight baseline: each node and effect an opaque closure, stored once and called by index
// in a topological order written by hand (Reactivity.swift says how they are run).

import Observation
import RillStore

/// A value in an object, read through a reference: the baseline of a read.
final class Box {
  var value: Int

  init(_ value: Int) {
    self.value = value
  }
}

/// A key of its own that an evaluation's tracking reads, so that the next evaluation can end that tracking.
final class TrackingToken: Observable {
  let registrar = ObservationRegistrar()

  func access() {
    registrar.access(self, keyPath: \.key)
  }

  /// Fires the trackings that read the key: Observation removes all their registrations.
  func endTracking() {
    registrar.willSet(self, keyPath: \.key)
    registrar.didSet(self, keyPath: \.key)
  }

  var key: Int { 0 }
}

/// A value Observation tracks, read outside any tracking: the baseline of a read that reports to Observation.
@Observable final class ObservedBox {
  var value = 3
}

/// Runs `workload` as the tight baseline and returns what its effects added up, or nil for another suite's.
func baselineSink(_ workload: String, operations: Int) -> Int? {
  var sink = 0
  switch workload {
  case "kairo_deep":
    let nodes = ContiguousArray((0..<50).map { _ in opaque(Step { $0 &+ 1 }) })
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      var current = value
      for index in nodes.indices { current = nodes[index].run(current) }
      effect.run(current)
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_broad":
    let plusOffsets = ContiguousArray((0..<50).map { offset in opaque(Step { $0 &+ offset }) })
    let plusOnes = ContiguousArray((0..<50).map { _ in opaque(Step { $0 &+ 1 }) })
    let effects = ContiguousArray((0..<50).map { _ in opaque(Effect { sink &+= $0 }) })
    func write(_ value: Int) {
      for branch in 0..<50 { effects[branch].run(plusOnes[branch].run(plusOffsets[branch].run(value))) }
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_diamond":
    let branches = ContiguousArray((0..<5).map { _ in opaque(Step { $0 &+ 1 }) })
    let sum = opaque(Join { $0.reduce(0, &+) })
    let effect = opaque(Effect { sink &+= $0 })
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: 5)
    defer { latest.deallocate() }
    func write(_ value: Int) {
      for branch in 0..<5 { latest[branch] = branches[branch].run(value) }
      effect.run(sum.run(UnsafeBufferPointer(latest)))
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_triangle":
    let chain = ContiguousArray((1..<10).map { _ in opaque(Step { $0 &+ 1 }) })
    let sum = opaque(Join { $0.reduce(0, &+) })
    let effect = opaque(Effect { sink &+= $0 })
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: 10)
    defer { latest.deallocate() }
    func write(_ value: Int) {
      latest[0] = value
      for node in 0..<9 { latest[node &+ 1] = chain[node].run(latest[node]) }
      effect.run(sum.run(UnsafeBufferPointer(latest)))
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_mux":
    let heads = UnsafeMutableBufferPointer<Int>.allocate(capacity: 100)
    let latest = UnsafeMutableBufferPointer<Int>.allocate(capacity: 100)
    let lastPicks = UnsafeMutableBufferPointer<Int>.allocate(capacity: 100)
    for buffer in [heads, latest, lastPicks] { buffer.initialize(repeating: 0) }
    defer { for buffer in [heads, latest, lastPicks] { buffer.deallocate() } }
    let mux = opaque(MuxNode { latest[$0] = $1 })
    let picks = ContiguousArray((0..<100).map { index in opaque(Join { $0[index] }) })
    let plusOnes = ContiguousArray((0..<100).map { _ in opaque(Step { $0 &+ 1 }) })
    let effects = ContiguousArray((0..<100).map { _ in opaque(Effect { sink &+= $0 }) })
    for index in 0..<100 { effects[index].run(plusOnes[index].run(picks[index].run(UnsafeBufferPointer(latest)))) }
    func write(_ number: Int) {
      let (head, value) = muxWrite(number)
      guard heads[head] != value else { return }
      heads[head] = value
      mux.record(head, value)
      let all = UnsafeBufferPointer(latest)
      for index in 0..<100 {
        let picked = picks[index].run(all)
        guard picked != lastPicks[index] else { continue }
        lastPicks[index] = picked
        effects[index].run(plusOnes[index].run(picked))
      }
    }
    for number in 0..<operations { write(number) }
  case "kairo_repeated":
    let node = opaque(Step(run: readRepeatedly))
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      effect.run(node.run(value))
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "kairo_unstable":
    let double = opaque(Step { $0 &* 2 })
    let inverse = opaque(Step { 0 &- $0 })
    let times20 = opaque(Step { $0 &* 20 })
    let effect = opaque(Effect { sink &+= $0 })
    func write(_ value: Int) {
      let chosen = value & 1 == 1 ? double.run(value) : inverse.run(value)
      effect.run(times20.run(chosen))
    }
    write(0)
    for value in 0..<operations { write(value) }
  case "read_value":
    // A stored property of an object the optimizer cannot see through (it may still hoist the read out of the loop).
    let box = opaque(Box(3))
    for _ in 0..<operations { sink &+= box.value }
  case "read_reported":
    // What a read that Observation sees costs where nothing tracks it: an `@Observable` property's.
    let box = opaque(ObservedBox())
    for _ in 0..<operations { sink &+= box.value }
  case "read_observable":
    // The same design by hand: each evaluation inside Observation's tracking, which reads a key of its own first so
    // that the next evaluation can end it (a one-shot tracking stays registered until it fires).
    let box = opaque(ObservedBox())
    let token = opaque(TrackingToken())
    var head = 0
    for value in 0..<operations {
      head = value
      token.endTracking()
      sink &+= withObservationTracking(
        {
          token.access()
          return head &+ box.value
        }, onChange: {})
    }
  case _ where fanOutCount(workload) != nil:
    let count = fanOutCount(workload)!
    let nodes = ContiguousArray((0..<count).map { offset in opaque(Step { $0 &+ offset }) })
    let effects = ContiguousArray((0..<count).map { _ in opaque(Effect { sink &+= $0 }) })
    func write(_ value: Int) {
      for index in 0..<count { effects[index].run(nodes[index].run(value)) }
    }
    for value in 0..<operations { write(value) }
  case "kairo_avoidable":
    let c1 = opaque(Step { $0 })
    let c2 = opaque(Step { _ in 0 })
    let c3 = opaque(Step { $0 &+ 1 })
    let c4 = opaque(Step { $0 &+ 2 })
    let c5 = opaque(Step { $0 &+ 3 })
    let effect = opaque(Effect { sink &+= $0 })
    var lastC2 = c2.run(c1.run(0))
    effect.run(c5.run(c4.run(c3.run(lastC2))))
    func write(_ value: Int) {
      let current = c2.run(c1.run(value))
      guard current != lastC2 else { return }
      lastC2 = current
      effect.run(c5.run(c4.run(c3.run(current))))
    }
    for value in 0..<operations { write(value) }
  case _ where cellxLayers(workload) != nil:
    let layers = cellxLayers(workload)!
    let prop1s = ContiguousArray((0..<layers).map { _ in opaque(Step { $0 }) })
    let prop2s = ContiguousArray((0..<layers).map { _ in opaque(Step2 { $0 &- $1 }) })
    let prop3s = ContiguousArray((0..<layers).map { _ in opaque(Step2 { $0 &+ $1 }) })
    let prop4s = ContiguousArray((0..<layers).map { _ in opaque(Step { $0 }) })
    let effects = ContiguousArray((0..<4 &* layers).map { _ in opaque(Effect { sink &+= $0 }) })
    func update(_ start: Cells) {
      var cells = start
      for layer in 0..<layers {
        cells = Cells(
          prop1: prop1s[layer].run(cells.prop2), prop2: prop2s[layer].run(cells.prop1, cells.prop3),
          prop3: prop3s[layer].run(cells.prop2, cells.prop4), prop4: prop4s[layer].run(cells.prop3))
        effects[4 &* layer].run(cells.prop1)
        effects[4 &* layer &+ 1].run(cells.prop2)
        effects[4 &* layer &+ 2].run(cells.prop3)
        effects[4 &* layer &+ 3].run(cells.prop4)
      }
    }
    update(cellxStarts[0])
    for number in 0..<operations { update(cellxStarts[(number &+ 1) & 1]) }
  default:
    return nil
  }
  return sink
}
