import Rill
import Testing

/// Rule 5: an operator that forwards values forwards every value of a propagation, in order — also when its
/// source emits several in one propagation. Only joins (`combine`) coalesce.
@Suite(.freesEverything) struct ForwardEveryValueTests {
  /// Every forwarding operator, set up to pass its input through unchanged.
  enum Forwarding: String, CaseIterable {
    case map, filter, compactMap, scan, removeDuplicates, skip, take, prepend, withLatestFrom, merge, flatMapLatest

    func make(_ source: Signal<Int>) -> Signal<Int> {
      switch self {
      case .map: source.map { $0 }
      case .filter: source.filter { _ in true }
      case .compactMap: source.compactMap { $0 }
      case .scan: source.scan(0) { $1 }
      case .removeDuplicates: source.removeDuplicates()
      case .skip: source.skip(0)
      case .take: source.take(1_000)
      case .prepend: source.prepend(contentsOf: [])
      case .withLatestFrom: source.withLatestFrom(CurrentValueSubject("x")) { value, _ in value }
      case .merge: Rill.merge(source, Subject<Int>())
      case .flatMapLatest: CurrentValueSubject(0).flatMapLatest { _ in source }
      }
    }
  }

  @Test(arguments: Forwarding.allCases)
  func forwardsBothBranchesOfOneSendMerged(operator: Forwarding) {
    let subject = Subject<Int>()
    let branches = merge(subject.map { $0 * 10 }, subject.map { $0 * 10 + 1 })
    var log: [Int] = []
    let subscription = `operator`.make(branches).subscribe { log.append($0) }
    subject.send(1)
    subject.send(2)
    #expect(log == [10, 11, 20, 21])
    withExtendedLifetime(subscription) {}
  }

  @Test(arguments: Forwarding.allCases)
  func forwardsAWholeReplayedPrefix(operator: Forwarding) {
    let subject = Subject<Int>()
    var log: [Int] = []
    let subscription = `operator`.make(subject.prepend(1, 2, 3)).subscribe { log.append($0) }
    subject.send(4)
    #expect(log == [1, 2, 3, 4])
    withExtendedLifetime(subscription) {}
  }
}
