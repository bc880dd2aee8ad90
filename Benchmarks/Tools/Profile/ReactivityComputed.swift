// The Reactivity workloads with Rill's tracked derived state, the JS frameworks' way: the graphs of the suite's
// Rill Computed side (Reactivity.swift says how they are run). Every JS `computed` is a `Computed` (cut off by
// `==`), every JS `effect` an `effect`, every head a `CurrentValueSubject` written with `.value =`; cellx's four
// head writes are one `batch`, as in the JS original.

import RillStore

/// Runs `workload` with computeds and effects and returns what its effects added up, or nil for a workload of
/// another suite.
func computedSink(_ workload: String, operations: Int) -> Int? {
  var sink = 0
  var subscriptions: [Subscription] = []
  let head = CurrentValueSubject(0)

  func writes() {
    for value in 0..<operations { head.value = value }
  }

  switch workload {
  case "kairo_deep":
    isolated {
      var node = Computed { head.value &+ 1 }
      for _ in 1..<50 {
        let above = node
        node = Computed { above.value &+ 1 }
      }
      let last = node
      subscriptions.append(effect { sink &+= last.value })
      writes()
    }
  case "kairo_broad":
    isolated {
      for offset in 0..<50 {
        let plusOffset = Computed { head.value &+ offset }
        let plusOne = Computed { plusOffset.value &+ 1 }
        subscriptions.append(effect { sink &+= plusOne.value })
      }
      writes()
    }
  case "kairo_diamond":
    isolated {
      let branches = (0..<5).map { _ in Computed { head.value &+ 1 } }
      let sum = Computed { branches.reduce(0) { $0 &+ $1.value } }
      subscriptions.append(effect { sink &+= sum.value })
      writes()
    }
  case "kairo_triangle":
    isolated {
      var chain = [Computed { head.value &+ 1 }]
      for _ in 2..<10 {
        let above = chain[chain.count - 1]
        chain.append(Computed { above.value &+ 1 })
      }
      let sum = Computed { [chain] in chain.reduce(head.value) { $0 &+ $1.value } }
      subscriptions.append(effect { sink &+= sum.value })
      writes()
    }
  case "kairo_mux":
    isolated {
      let heads = (0..<100).map { _ in CurrentValueSubject(0) }
      let muxed = Computed { heads.map { $0.value } }
      for index in 0..<100 {
        let picked = Computed { muxed.value[index] }
        let plusOne = Computed { picked.value &+ 1 }
        subscriptions.append(effect { sink &+= plusOne.value })
      }
      for number in 0..<operations {
        let (index, value) = muxWrite(number)
        heads[index].value = value
      }
    }
  case "kairo_repeated":
    isolated {
      let current = Computed {
        var result = 0
        for _ in 0..<30 { result &+= head.value }
        return result
      }
      subscriptions.append(effect { sink &+= current.value })
      writes()
    }
  case "kairo_unstable":
    isolated {
      let double = Computed { head.value &* 2 }
      let inverse = Computed { 0 &- head.value }
      let current = Computed {
        var result = 0
        for _ in 0..<20 { result &+= head.value & 1 == 1 ? double.value : inverse.value }
        return result
      }
      subscriptions.append(effect { sink &+= current.value })
      writes()
    }
  case "kairo_avoidable":
    isolated {
      let c1 = Computed { head.value }
      let c2 = Computed {
        _ = c1.value
        return 0
      }
      let c3 = Computed { c2.value &+ 1 }
      let c4 = Computed { c3.value &+ 2 }
      let c5 = Computed { c4.value &+ 3 }
      subscriptions.append(effect { sink &+= c5.value })
      writes()
    }
  case _ where cellxLayers(workload) != nil:
    isolated {
      let layers = cellxLayers(workload)!
      let start = cellxStarts[0]
      let heads = (
        CurrentValueSubject(start.prop1), CurrentValueSubject(start.prop2), CurrentValueSubject(start.prop3),
        CurrentValueSubject(start.prop4)
      )
      // Each closure captures only the cells it reads.
      var layer = (
        Computed { heads.1.value },
        Computed { [one = heads.0, three = heads.2] in one.value &- three.value },
        Computed { [two = heads.1, four = heads.3] in two.value &+ four.value },
        Computed { heads.2.value }
      )
      subscriptions.reserveCapacity(4 * layers)
      for index in 0..<layers {
        if index > 0 {
          let above = layer
          layer = (
            Computed { [two = above.1] in two.value },
            Computed { [one = above.0, three = above.2] in one.value &- three.value },
            Computed { [two = above.1, four = above.3] in two.value &+ four.value },
            Computed { [three = above.2] in three.value }
          )
        }
        for cell in [layer.0, layer.1, layer.2, layer.3] { subscriptions.append(effect { sink &+= cell.value }) }
      }
      for update in 0..<operations {
        let cells = cellxStarts[(update &+ 1) & 1]
        batch {
          heads.0.value = cells.prop1
          heads.1.value = cells.prop2
          heads.2.value = cells.prop3
          heads.3.value = cells.prop4
        }
      }
    }
  case "read_reported":
    isolated {
      // A clean computed marked to report to Observation, read outside any tracking and any computation.
      let tripled = opaque(Computed { head.value &+ 3 }.reportingToObservation())
      _ = tripled.value
      for _ in 0..<operations { sink &+= tripled.value }
    }
  case "read_observable":
    isolated {
      // A write, then a read of an unobserved computed that reads it and an `@Observable` property: one run a write,
      // inside Observation's tracking (its first run read the property).
      let box = opaque(ObservedBox())
      let sum = opaque(Computed { head.value &+ box.value })
      _ = sum.value
      for value in 0..<operations {
        head.value = value
        sink &+= sum.value
      }
    }
  case "read_value":
    isolated {
      // A clean unobserved computed read outside any computation: one operation is one read.
      let tripled = opaque(Computed { head.value &+ 3 })
      _ = tripled.value
      for _ in 0..<operations { sink &+= tripled.value }
    }
  case _ where fanOutCount(workload) != nil:
    isolated {
      let count = fanOutCount(workload)!
      let source = CurrentValueSubject(-1)
      let nodes = (0..<count).map { offset in Computed { source.value &+ offset } }
      let observers = nodes.map { node in node.subscribe { sink &+= $0 } }
      sink = 0  // the replays at subscription
      for value in 0..<operations { source.value = value }
      blackHole(observers)
    }
  default:
    return nil
  }
  blackHole(subscriptions)
  return sink
}

/// What the Computed side's effects must add up: with equality cut-offs an effect runs at creation and then only
/// when its value changed, so the sum differs from the other sides' wherever a write leaves a value unchanged (the
/// first kairo write, 0, equals the head's value at creation). Nil for a workload of another suite.
func computedReference(_ workload: String, operations: Int) -> Int? {
  /// Each effect's value per head value: its value at creation, then each value that differs from its last.
  func cutOff(_ effects: [(Int) -> Int]) -> Int {
    var sink = 0
    for value in effects { sink &+= value(0) }
    for write in 0..<operations {
      for value in effects where value(write) != value(write == 0 ? 0 : write &- 1) { sink &+= value(write) }
    }
    return sink
  }

  switch workload {
  case "kairo_deep": return cutOff([{ $0 &+ 50 }])
  case "kairo_broad": return cutOff((0..<50).map { offset in { $0 &+ offset &+ 1 } })
  case "kairo_diamond": return cutOff([{ 5 &* ($0 &+ 1) }])
  case "kairo_triangle": return cutOff([{ 10 &* $0 &+ 45 }])
  case "kairo_mux": return straightLineSink(workload, operations: operations)  // its cut-offs are in every side
  case "kairo_repeated": return cutOff([{ 30 &* $0 }])
  case "kairo_unstable": return cutOff([{ 20 &* ($0 & 1 == 1 ? 2 &* $0 : 0 &- $0) }])
  case "kairo_avoidable": return cutOff([{ _ in 6 }])
  case "read_value", "read_reported": return 3 &* operations
  case "read_observable": return readObservableSink(operations: operations)
  case _ where fanOutCount(workload) != nil: return fanOutSink(count: fanOutCount(workload)!, operations: operations)
  case _ where cellxLayers(workload) != nil:
    let layers = cellxLayers(workload)!
    var sink = 0
    var previous: Cells? = nil
    for number in -1..<operations {
      var before = previous
      var after = cellxStarts[(number &+ 1) & 1]
      previous = after
      for _ in 0..<layers {
        before = before?.next()
        after = after.next()
        if before?.prop1 != after.prop1 { sink &+= after.prop1 }
        if before?.prop2 != after.prop2 { sink &+= after.prop2 }
        if before?.prop3 != after.prop3 { sink &+= after.prop3 }
        if before?.prop4 != after.prop4 { sink &+= after.prop4 }
      }
    }
    return sink
  default: return nil
  }
}
