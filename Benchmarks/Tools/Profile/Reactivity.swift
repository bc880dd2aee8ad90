// The Reactivity suite's setups (Benchmarks/Reactivity), for instruction profiles: the kairo cases run
// `operations` writes, cellx_1000 runs `operations` full updates of a graph built first.

import RillStore

/// Sets a Reactivity workload up for Rill or the baseline and runs `operations` operations; returns false for
/// a workload of another suite.
func runReactivity(_ workload: String, side: Side, operations: Int) -> Bool {
  let rill = side == .rill
  var sink = 0
  var subscriptions: [Subscription] = []
  let head = CurrentValueSubject(0)
  var nodes = ContiguousArray<(Int) -> Int>()
  let effects: ContiguousArray<(Int) -> Void> = [{ sink &+= $0 }]

  func writes() {
    for value in 0..<operations { head.send(value) }
  }

  switch workload {
  case "kairo_deep":
    if rill {
      var node: Signal<Int> = head
      for _ in 0..<50 { node = node.map { $0 &+ 1 } }
      subscriptions.append(node.subscribe { sink &+= $0 })
      writes()
    } else {
      for _ in 0..<50 { nodes.append { $0 &+ 1 } }
      for value in 0..<operations {
        var current = value
        for node in nodes { current = node(current) }
        for effect in effects { effect(current) }
      }
    }
  case "kairo_broad":
    if rill {
      for offset in 0..<50 { subscriptions.append(head.map { $0 &+ offset }.map { $0 &+ 1 }.subscribe { sink &+= $0 }) }
      writes()
    } else {
      var branches = ContiguousArray<(first: (Int) -> Int, second: (Int) -> Int, effect: (Int) -> Void)>()
      for offset in 0..<50 { branches.append(({ $0 &+ offset }, { $0 &+ 1 }, { sink &+= $0 })) }
      for value in 0..<operations {
        for branch in branches { branch.effect(branch.second(branch.first(value))) }
      }
    }
  case "kairo_diamond", "kairo_triangle":
    let width = workload == "kairo_diamond" ? 5 : 10
    if rill {
      var sources: [Signal<Int>] = []
      if width == 5 {
        sources = (0..<5).map { _ in head.map { $0 &+ 1 } }
      } else {
        sources = [head]
        for _ in 1..<10 { sources.append(sources[sources.count - 1].map { $0 &+ 1 }) }
      }
      subscriptions.append(combine(sources) { $0.reduce(0, &+) }.subscribe { sink &+= $0 })
      writes()
    } else {
      for _ in 0..<width { nodes.append { $0 &+ 1 } }
      var values = ContiguousArray(repeating: 0, count: width)
      let sums: ContiguousArray<(ContiguousArray<Int>) -> Int> = [{ $0.reduce(0, &+) }]
      for value in 0..<operations {
        for index in 0..<width {
          values[index] = width == 5 ? nodes[index](value) : (index == 0 ? value : nodes[index](values[index - 1]))
        }
        for sum in sums {
          let total = sum(values)
          for effect in effects { effect(total) }
        }
      }
    }
  case "kairo_mux":
    // Rounds of 20 writes: heads 0…9 get their index, then twice it (head 0 always 0: an equal write).
    func write(_ number: Int) -> (head: Int, value: Int) {
      let position = number % 20
      return (position % 10, position < 10 ? position % 10 : 2 &* (position % 10))
    }
    if rill {
      let heads = (0..<100).map { _ in CurrentValueSubject(0) }
      let muxed = combine(heads.map { $0.removeDuplicates() })
      for index in 0..<100 {
        subscriptions.append(muxed.map { $0[index] }.removeDuplicates().map { $0 &+ 1 }.subscribe { sink &+= $0 })
      }
      for number in 0..<operations {
        let (index, value) = write(number)
        heads[index].send(value)
      }
    } else {
      var heads = ContiguousArray(repeating: 0, count: 100)
      var last = heads
      var picks = ContiguousArray<(ContiguousArray<Int>) -> Int>()
      for index in 0..<100 { picks.append { $0[index] } }
      nodes = ContiguousArray(repeating: { $0 &+ 1 }, count: 100)
      for number in 0..<operations {
        let (index, value) = write(number)
        guard heads[index] != value else { continue }
        heads[index] = value
        for split in 0..<100 {
          let picked = picks[split](heads)
          if picked != last[split] {
            last[split] = picked
            for effect in effects { effect(nodes[split](picked)) }
          }
        }
      }
    }
  case "kairo_unstable":
    if rill {
      let double = head.map { $0 &* 2 }
      let inverse = head.map { 0 &- $0 }
      subscriptions.append(
        head.flatMapLatest { $0 & 1 == 1 ? double : inverse }.map { $0 &* 20 }.subscribe { sink &+= $0 })
      writes()
    } else {
      nodes = [{ $0 &* 2 }, { 0 &- $0 }, { $0 &* 20 }]
      for value in 0..<operations {
        let result = nodes[2](value & 1 == 1 ? nodes[0](value) : nodes[1](value))
        for effect in effects { effect(result) }
      }
    }
  case "kairo_repeated":
    let readRepeatedly = { (value: Int) -> Int in
      var result = 0
      for _ in 0..<30 { result &+= value }
      return result
    }
    if rill {
      subscriptions.append(head.map(readRepeatedly).subscribe { sink &+= $0 })
      writes()
    } else {
      nodes = [readRepeatedly]
      for value in 0..<operations {
        for node in nodes {
          let result = node(value)
          for effect in effects { effect(result) }
        }
      }
    }
  case "kairo_avoidable":
    if rill {
      let c2 = head.map { $0 }.map { _ in 0 }.removeDuplicates()
      subscriptions.append(c2.map { $0 &+ 1 }.map { $0 &+ 2 }.map { $0 &+ 3 }.subscribe { sink &+= $0 })
      writes()
    } else {
      let above: ContiguousArray<(Int) -> Int> = [{ $0 }, { _ in 0 }]
      nodes = [{ $0 &+ 1 }, { $0 &+ 2 }, { $0 &+ 3 }]
      var lastC2: Int? = nil
      for value in 0..<operations {
        var current = value
        for node in above { current = node(current) }
        guard current != lastC2 else { continue }
        lastC2 = current
        for node in nodes { current = node(current) }
        for effect in effects { effect(current) }
      }
    }
  case _ where workload.hasPrefix("cellx_") && Int(workload.dropFirst("cellx_".count)) != nil:
    // cellx_<layers>: the suite has 100 and 1,000; other sizes find where the graph outgrows the cache.
    let layers = Int(workload.dropFirst("cellx_".count))!
    let starts = [(1, 2, 3, 4), (4, 3, 2, 1)]
    if rill {
      let start = (
        CurrentValueSubject(starts[0].0), CurrentValueSubject(starts[0].1), CurrentValueSubject(starts[0].2),
        CurrentValueSubject(starts[0].3)
      )
      var layer: (Signal<Int>, Signal<Int>, Signal<Int>, Signal<Int>) = (start.0, start.1, start.2, start.3)
      for _ in 0..<layers {
        let above = layer
        layer = (
          above.1.map { $0 }, combine(above.0, above.2) { $0 &- $1 }, combine(above.1, above.3) { $0 &+ $1 },
          above.2.map { $0 }
        )
        for cell in [layer.0, layer.1, layer.2, layer.3] { subscriptions.append(cell.subscribe { sink &+= $0 }) }
      }
      for update in 0..<operations {
        let cells = starts[(update &+ 1) & 1]
        batch {
          start.0.send(cells.0)
          start.1.send(cells.1)
          start.2.send(cells.2)
          start.3.send(cells.3)
        }
      }
    } else {
      let rules: ContiguousArray<((Int, Int, Int, Int)) -> Int> = [
        { $0.1 }, { $0.0 &- $0.2 }, { $0.1 &+ $0.3 }, { $0.2 },
      ]
      let graph = ContiguousArray(repeating: rules, count: layers)
      let cellEffects = ContiguousArray(repeating: effects[0], count: 4 &* layers)
      for update in 0..<operations {
        var cells = starts[(update &+ 1) & 1]
        for (index, layer) in graph.enumerated() {
          cells = (layer[0](cells), layer[1](cells), layer[2](cells), layer[3](cells))
          cellEffects[4 &* index](cells.0)
          cellEffects[4 &* index &+ 1](cells.1)
          cellEffects[4 &* index &+ 2](cells.2)
          cellEffects[4 &* index &+ 3](cells.3)
        }
      }
    }
  default:
    return false
  }
  blackHole(sink)
  blackHole(subscriptions)
  return true
}

/// The straight-line form of a Reactivity workload; returns false for one that has none.
func runStraightLineReactivity(_ workload: String, operations: Int) -> Bool {
  false
}
