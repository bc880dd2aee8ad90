// Only a signal that computations can read keeps the fields of one — its version, the consumers that read it, a read
// stamp (`_TrackedSignal`) — and the tracked graph reads them through a view that ignores the value type, so they
// must sit at the same place whatever the type: checked here with values of several sizes and kinds.

import Testing

@testable import Rill

@Suite struct SourceFieldsTests {
  @Test func onlyTheSignalsComputationsReadHaveTheFields() {
    let state = CurrentValueSubject(1)
    let owned = OwnedValueSubject(holding: 1)
    let doubled = Computed { state.value * 2 }
    let events = Subject<Int>()
    let mapped = state.map { $0 + 1 }
    let joined = combine(state, events)
    #expect(state.has(ReactiveFlags.hasSourceFields) && owned.has(ReactiveFlags.hasSourceFields))
    #expect(doubled.has(ReactiveFlags.hasSourceFields))
    for node in [events, mapped, joined] as [ReactiveNode] {
      #expect(!node.has(ReactiveFlags.hasSourceFields) && !node.hasDependents)
    }
    var seen: [Int] = []
    let running = effect { seen.append(doubled.value) }
    let effectNode = doubled.dependents[0].consumer.takeUnretainedValue()
    #expect(effectNode.has(ReactiveFlags.isEffect) && !effectNode.has(ReactiveFlags.hasSourceFields))
    state.value = 2
    #expect(seen == [2, 4])
    withExtendedLifetime(running) {}
  }

  /// A computed of each value type, read by one of a second type and by an effect: each write reaches the effect
  /// once, each source's version rises with its changes, and each keeps one edge to each consumer that read it.
  @Test func theFieldsAreFoundWhateverTheValueType() {
    let source = CurrentValueSubject<UInt8>(1)
    let small = Computed { source.value &+ 1 }
    let text = Computed { String(repeating: "x", count: Int(small.value)) }
    let wide = Computed { Wide(a: text.value.count, b: 0, c: 0, d: 0, e: Int(small.value)) }
    let boxed = Computed { Box(wide.value.a + wide.value.e) }
    let optional = Computed { boxed.value.number > 4 ? boxed.value.number : nil }
    var seen: [Int?] = []
    let running = effect { seen.append(optional.value) }
    let sources: [ReactiveNode] = [source, small, text, wide, boxed, optional]
    let versions = sources.map(\.version)
    source.value = 2
    source.value = 3
    #expect(seen == [nil, 6, 8])
    #expect(zip(sources, versions).allSatisfy { $0.version == $1 + 2 })
    #expect(sources.map(\.dependents.count) == [1, 2, 1, 1, 1, 1])  // `small` is read by `text` and `wide`
    withExtendedLifetime(running) {}
  }
}

/// A value wider than the inline words of a node's fields.
private struct Wide {
  var a, b, c, d, e: Int
}

/// A value that is a reference.
private final class Box {
  let number: Int
  init(_ number: Int) { self.number = number }
}
