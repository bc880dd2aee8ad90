// The Reactivity workloads in Rill: the graphs of the suite's Rill side (Reactivity.swift says how they are run).

import RillStore

/// Runs `workload` in Rill and returns what its effects added up, or nil for a workload of another suite.
func rillSink(_ workload: String, operations: Int) -> Int? {
  var sink = 0
  var subscriptions: [Subscription] = []
  let head = CurrentValueSubject(0)

  func writes() {
    for value in 0..<operations { head.send(value) }
  }

  switch workload {
  case "kairo_deep":
    isolated {
      var node: Signal<Int> = head
      for _ in 0..<50 { node = node.map { $0 &+ 1 } }
      subscriptions.append(node.subscribe { sink &+= $0 })
      writes()
    }
  case "kairo_broad":
    isolated {
      for offset in 0..<50 { subscriptions.append(head.map { $0 &+ offset }.map { $0 &+ 1 }.subscribe { sink &+= $0 }) }
      writes()
    }
  case "kairo_diamond":
    isolated {
      let branches = (0..<5).map { _ in head.map { $0 &+ 1 } }
      subscriptions.append(combine(branches) { $0.reduce(0, &+) }.subscribe { sink &+= $0 })
      writes()
    }
  case "kairo_triangle":
    isolated {
      var chain: [Signal<Int>] = [head]
      for _ in 1..<10 { chain.append(chain[chain.count - 1].map { $0 &+ 1 }) }
      subscriptions.append(combine(chain) { $0.reduce(0, &+) }.subscribe { sink &+= $0 })
      writes()
    }
  case "kairo_mux":
    isolated {
      let heads = (0..<100).map { _ in CurrentValueSubject(0) }
      let muxed = combine(heads.map { $0.removeDuplicates() })
      for index in 0..<100 {
        subscriptions.append(muxed.map { $0[index] }.removeDuplicates().map { $0 &+ 1 }.subscribe { sink &+= $0 })
      }
      for number in 0..<operations {
        let (index, value) = muxWrite(number)
        heads[index].send(value)
      }
    }
  case "kairo_repeated":
    isolated {
      subscriptions.append(head.map(readRepeatedly).subscribe { sink &+= $0 })
      writes()
    }
  case "kairo_unstable":
    isolated {
      let double = head.map { $0 &* 2 }
      let inverse = head.map { 0 &- $0 }
      subscriptions.append(
        head.flatMapLatest { $0 & 1 == 1 ? double : inverse }.map { $0 &* 20 }.subscribe { sink &+= $0 })
      writes()
    }
  case "kairo_avoidable":
    isolated {
      let c2 = head.map { $0 }.map { _ in 0 }.removeDuplicates()
      subscriptions.append(c2.map { $0 &+ 1 }.map { $0 &+ 2 }.map { $0 &+ 3 }.subscribe { sink &+= $0 })
      writes()
    }
  case "read_observable":
    isolated {
      // Not an operator: the same computed as the Computed side's, reading a plain property instead of an
      // `@Observable` one. Computed ÷ Rill is what tracking the property costs.
      let box = opaque(Box(3))
      let sum = opaque(Computed { head.value &+ box.value })
      _ = sum.value
      for value in 0..<operations {
        head.value = value
        sink &+= sum.value
      }
    }
  case "read_value":
    isolated {
      // A `CurrentValueSubject`'s value read outside any computation: one operation is one read.
      let subject = opaque(CurrentValueSubject(3))
      for _ in 0..<operations { sink &+= subject.value }
    }
  case "read_reported":
    isolated {
      // The same read of a subject marked to report to Observation, outside any tracking: the watch its first read
      // starts runs on (nothing writes), and each read registers with Observation.
      let subject = opaque(CurrentValueSubject(3).reportingToObservation())
      for _ in 0..<operations { sink &+= subject.value }
    }
  case _ where fanOutCount(workload) != nil:
    isolated {
      let source = CurrentValueSubject(-1)
      for offset in 0..<fanOutCount(workload)! {
        subscriptions.append(source.map { $0 &+ offset }.subscribe { sink &+= $0 })
      }
      sink = 0  // the replays at subscription
      for value in 0..<operations { source.value = value }
    }
  case _ where cellxLayers(workload) != nil:
    isolated {
      // cellx_<layers>: the suite has 100 and 1,000; other sizes find where the graph outgrows the cache.
      let layers = cellxLayers(workload)!
      let start = cellxStarts[0]
      let heads = (
        CurrentValueSubject(start.prop1), CurrentValueSubject(start.prop2), CurrentValueSubject(start.prop3),
        CurrentValueSubject(start.prop4)
      )
      var layer: (Signal<Int>, Signal<Int>, Signal<Int>, Signal<Int>) = (heads.0, heads.1, heads.2, heads.3)
      for _ in 0..<layers {
        let above = layer
        layer = (
          above.1.map { $0 }, combine(above.0, above.2) { $0 &- $1 }, combine(above.1, above.3) { $0 &+ $1 },
          above.2.map { $0 }
        )
        for cell in [layer.0, layer.1, layer.2, layer.3] { subscriptions.append(cell.subscribe { sink &+= $0 }) }
      }
      for update in 0..<operations {
        let cells = cellxStarts[(update &+ 1) & 1]
        batch {
          heads.0.send(cells.prop1)
          heads.1.send(cells.prop2)
          heads.2.send(cells.prop3)
          heads.3.send(cells.prop4)
        }
      }
    }
  default:
    return nil
  }
  blackHole(subscriptions)
  return sink
}
