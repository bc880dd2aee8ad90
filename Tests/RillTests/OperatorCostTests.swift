import AllocationCounter
import Rill
import Testing

/// Rule 9 for every operator: once a pipeline is connected and warm, a `send` through it allocates nothing.
@Suite struct OperatorCostTests {
  enum Pipeline: String, CaseIterable {
    case compactMap, scan, removeDuplicates, removeDuplicatesBy, skip, take, prepend, pairwise
    case withLatestFrom, withLatestFromDiamond, flatMapLatest, merge, mergeDiamond
    case combineDiamond, combineFiveMixedTypes

    func make(_ source: Subject<Int>) -> Signal<Int> {
      switch self {
      case .compactMap: source.compactMap { $0 % 3 == 0 ? nil : $0 }
      case .scan: source.scan(0, &+)
      case .removeDuplicates: source.map { $0 / 2 }.removeDuplicates()
      case .removeDuplicatesBy: source.removeDuplicates { $0 / 2 == $1 / 2 }
      case .skip: source.skip(3)
      case .take: source.take(1_000_000)
      case .prepend: source.prepend(1, 2)
      case .pairwise: source.pairwise().map { $0 &+ $1 }
      case .withLatestFrom: source.withLatestFrom(CurrentValueSubject(1), &+)
      case .withLatestFromDiamond: source.withLatestFrom(source.map { $0 &+ 1 }, &+)
      case .flatMapLatest: CurrentValueSubject(0).flatMapLatest { _ in source.map { $0 &+ 1 } }
      case .merge: Rill.merge(source, Subject<Int>())
      case .mergeDiamond: Rill.merge(source, source.map { $0 &+ 1 })
      case .combineDiamond: Rill.combine(source, source.map { $0 &+ 1 }).map { $0 &+ $1 }
      case .combineFiveMixedTypes:
        Rill.combine(source, CurrentValueSubject("x"), source.map { $0 % 2 == 0 }, CurrentValueSubject(2.0), source)
          .map { number, text, isEven, ratio, again in number &+ text.count &+ (isEven ? 1 : 0) &+ Int(ratio) &+ again }
      }
    }
  }

  @Test(.enabled(if: rill_allocation_counting_available()), arguments: Pipeline.allCases)
  func steadyStateSendAllocatesNothing(pipeline: Pipeline) {
    let source = Subject<Int>()
    var total = 0
    let subscription = pipeline.make(source).subscribe { total &+= $0 }
    for value in 0..<100 { source.send(value) }
    let before = rill_allocations_on_this_thread()
    for value in 0..<1_000 { source.send(value) }
    let allocations = rill_allocations_on_this_thread() - before
    #expect(allocations == 0)
    #expect(total != 0)
    withExtendedLifetime(subscription) {}
  }
}
