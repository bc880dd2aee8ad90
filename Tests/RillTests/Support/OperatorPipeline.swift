import Rill

/// Every operator, each built on one `Subject<Int>` as a `Signal<Int>` (with a `map` after the operators
/// whose output is a tuple): the table that the rules which hold for every operator are checked over
/// (lifetime in ``LifetimeTests``, cost in ``OperatorCostTests``). A new operator gets a case here.
enum OperatorPipeline: String, CaseIterable {
  case map, filter, compactMap, scan, removeDuplicates, removeDuplicatesBy, skip, take, prepend, pairwise
  case withLatestFrom, withLatestFromDiamond, flatMapLatest, merge, mergeDiamond
  case flatMap, takeUntil, takeUntilDiamond, skipUntil, skipUntilDiamond, firstWhere
  case removeDuplicatesByKeyPath, successes, failures
  case combineDiamond, combineThree, combineFour, combineFiveMixedTypes, combineSix, combineSevenMixedTypes
  case combineFiveWithATransform, combineSevenWithATransform, combineList, combineListWithDuplicates

  /// The operator applied to `source`; any other source it needs is made here and kept alive by it.
  func make(_ source: Subject<Int>) -> Signal<Int> {
    switch self {
    case .map: source.map { $0 &+ 1 }
    case .filter: source.filter { $0 % 3 != 0 }
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
    case .flatMap: CurrentValueSubject(0).flatMap { _ in source.map { $0 &+ 1 } }
    case .takeUntil: source.take(until: Subject<Void>())
    case .takeUntilDiamond: source.take(until: source.filter { $0 == 3 })
    case .skipUntil: source.skip(until: CurrentValueSubject(()))
    case .skipUntilDiamond: source.skip(until: source.filter { $0 == 2 })
    case .firstWhere: source.first { $0 > 1 }
    case .removeDuplicatesByKeyPath: source.map { ($0 / 2, $0) }.removeDuplicates(by: \.0).map(\.1)
    case .successes:
      source.map { $0.isMultiple(of: 3) ? Result<Int, Failed>.failure(Failed()) : .success($0) }.successes()
    case .failures: source.map { Result<Int, Failed>.failure(Failed(code: $0)) }.failures().map(\.code)
    case .merge: Rill.merge(source, Subject<Int>())
    case .mergeDiamond: Rill.merge(source, source.map { $0 &+ 1 })
    case .combineDiamond: Rill.combine(source, source.map { $0 &+ 1 }).map { $0 &+ $1 }
    case .combineThree: Rill.combine(source, CurrentValueSubject(2), source.map { $0 &* 3 }).map { $0 &+ $1 &+ $2 }
    case .combineFour:
      Rill.combine(source, source.map { $0 &+ 1 }, CurrentValueSubject(3), source.map { $0 &* 2 })
        .map { $0 &+ $1 &+ $2 &+ $3 }
    case .combineFiveMixedTypes:
      Rill.combine(source, CurrentValueSubject("x"), source.map { $0 % 2 == 0 }, CurrentValueSubject(2.0), source)
        .map { number, text, isEven, ratio, again in number &+ text.count &+ (isEven ? 1 : 0) &+ Int(ratio) &+ again }
    case .combineSix:
      Rill.combine(source, source.map { $0 &+ 1 }, CurrentValueSubject(3), source, source.map { $0 &* 2 }, source)
        .map { $0 &+ $1 &+ $2 &+ $3 &+ $4 &+ $5 }
    case .combineSevenMixedTypes:
      Rill.combine(
        source, CurrentValueSubject("x"), source.map { $0 % 2 == 0 }, CurrentValueSubject(2.0), source, source,
        source.map { $0 &+ 1 }
      )
      .map { (values: (Int, String, Bool, Double, Int, Int, Int)) in
        values.0 &+ values.1.count &+ (values.2 ? 1 : 0) &+ Int(values.3) &+ values.4 &+ values.5 &+ values.6
      }
    case .combineFiveWithATransform:
      Rill.combine(source, source.map { $0 &+ 1 }, CurrentValueSubject(3), source, source.map { $0 &* 2 }) {
        $0 &+ $1 &+ $2 &+ $3 &+ $4
      }
    case .combineSevenWithATransform:
      Rill.combine(source, source.map { $0 &+ 1 }, CurrentValueSubject(3), source, source, source, source) {
        (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) in a &+ b &+ c &+ d &+ e &+ f &+ g
      }
    case .combineList:
      Rill.combine([source, source.filter { $0.isMultiple(of: 2) }, source.map { $0 &+ 1 }]).map {
        $0[0] &+ $0[1] &+ $0[2]
      }
    case .combineListWithDuplicates:
      Rill.combine([source, source, source.map { $0 &* 2 }]).map { $0[0] &+ $0[1] &+ $0[2] }
    }
  }
}

/// The error of the `Result` pipelines.
struct Failed: Error {
  var code = 0
}
