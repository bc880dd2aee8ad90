/// What a node of the live graph is: a subject, an operator, a computed, an effect, a store's state or selection…
///
/// Its ``name`` is the word the renderings of ``LiveGraph`` print, usually the operator's name (`"map"`,
/// `"combine"`, `"removeDuplicates"`).
public struct NodeKind: Hashable, Sendable, CustomStringConvertible {
  /// The kind's name, as the renderings print it.
  public let name: String

  /// A kind called `name`.
  public init(_ name: String) {
    self.name = name
  }

  public var description: String { name }

  /// A ``Subject``.
  public static let subject = NodeKind("Subject")
  /// A ``CurrentValueSubject``.
  public static let currentValueSubject = NodeKind("CurrentValueSubject")
  /// A store's state (`Store.state` in RillStore).
  public static let storeState = NodeKind("store state")
  /// A ``Computed``.
  public static let computed = NodeKind("Computed")
  /// An ``AsyncComputed``.
  public static let asyncComputed = NodeKind("AsyncComputed")
  /// The work of an ``AsyncComputed``: what its closure read before its first suspension are this node's inputs.
  public static let asyncComputedWork = NodeKind("AsyncComputed work")
  /// An ``effect(_:)``.
  public static let effect = NodeKind("effect")
  /// A tracked value whose owner is gone, still read by a computation: no longer shown, since a subject is its own
  /// tracked source and lives while a computation reads it.
  @available(*, deprecated, message: "a live graph no longer shows this kind: a subject is its own tracked source")
  public static let trackedValue = NodeKind("tracked value")
  /// A signal of a kind the library does not name.
  public static let signal = NodeKind("signal")
}

/// The kind of a ``DerivedSignal``, one byte that the node keeps where its layout had room (see
/// ``DerivedSignal/kind``): naming a node's operator costs it no memory.
@usableFromInline
package enum OperatorKind: UInt8, CaseIterable, Sendable {
  case map, filter, compactMap, scan, removeDuplicates, prepend, take, skip, firstWhere, pairwise
  case combine, merge, withLatestFrom, flatMap, flatMapLatest, takeUntil, skipUntil
  case handleEvents, print, debounce, throttle, delay, timeout, asyncMap, asyncSequence, observing
  /// A node fed by its owner (``PushedSignal``) whose owner did not say more.
  case pushed
  /// A store's `select` (RillStore).
  case select
  /// A store's per-id model signal, `entity(_:in:)` (RillStore).
  case entity

  /// The kind as the live graph reports it.
  var nodeKind: NodeKind {
    switch self {
    case .asyncSequence: NodeKind("AsyncSequence")
    default: NodeKind(String(describing: self))
    }
  }
}
