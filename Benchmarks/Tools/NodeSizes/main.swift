// The heap block of each kind of node, as the allocator gives it (`malloc_usable_size`): what a skeptical reader runs
// to check the sizes Benchmarks/README.md quotes. `swift run -c release NodeSizes` (Linux; a release build, whose
// nodes have none of the debug build's checking fields).
//
// A node here is one block: every node listed is fed by edges, or is a source or a `Computed`. Its observers' slots
// (a list from the second observer on), a subject's and a computed's edges to what reads them, are not counted; nor
// is the list of a join's ports from the third on ("node" rows: one block more, 32 bytes and 16 a port).

import Rill

@_silgen_name("malloc_usable_size") func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int

/// The size of the block `object` lives in.
func blockSize(_ object: AnyObject) -> Int {
  mallocUsableSize(Unmanaged.passUnretained(object).toOpaque())
}

let events = Subject<Int>()
let other = Subject<Int>()
let state = CurrentValueSubject(0)
let rows: [(String, AnyObject)] = [
  ("Subject<Int>", events),
  ("CurrentValueSubject<Int>", state),
  ("map", events.map { $0 + 1 }),
  ("filter", events.filter { $0 > 0 }),
  ("compactMap", events.compactMap { $0 > 0 ? $0 : nil }),
  ("scan", events.scan(0, +)),
  ("removeDuplicates", events.removeDuplicates()),
  ("take(3)", events.take(3)),
  ("skip(3)", events.skip(3)),
  ("prepend(0)", events.prepend(0)),
  ("pairwise", events.pairwise()),
  ("combine(a, b)", combine(events, other)),
  ("merge(a, b)", merge(events, other)),
  ("combine(a, b, c) node", combine(events, other, events)),
  ("merge of five node", merge(events, other, events, other, events)),
  ("withLatestFrom", events.withLatestFrom(other)),
  ("take(until:)", events.take(until: other)),
  ("flatMapLatest", state.flatMapLatest { _ in events }),
  ("debounce", events.debounce(for: .seconds(1), clock: ContinuousClock())),
  ("asyncMap", events.map(.latest) { $0 + 1 }),
  ("Computed<Int>", Computed { state.value + 1 }),
]
let width = rows.map(\.0.count).max() ?? 0
/// `text` followed by spaces up to the first column's width.
func padded(_ text: String) -> String { text + String(repeating: " ", count: width - text.count) }
print(padded("node"), "bytes")
for (name, node) in rows { print(padded(name), blockSize(node)) }
