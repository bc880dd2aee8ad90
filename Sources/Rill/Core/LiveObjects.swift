#if DEBUG
  #if canImport(Darwin) || RILL_PORTABLE_ATOMICS
    typealias LiveObjectCount = AtomicWord
  #else
    internal import Synchronization
    typealias LiveObjectCount = Atomic<Int>
  #endif

  /// Counts the signals, graphs, subscriptions and join settles alive that were created while it was bound, in debug builds
  /// only (every object is also counted in ``processLiveObjects``, for ``LiveObjects/counts``): the tests bind one around each test (the `.freesEverything` trait) and expect every count back at 0,
  /// so a leak anywhere in the core fails the test that caused it. Tests run in parallel, so each binds its own
  /// scope, as a task-local value; outside tests none is bound and an object pays one task-local read when it
  /// is created. Release builds have none of it.
  final class LiveObjectScope: Sendable {
    /// The scope objects created now are counted in, if any.
    @TaskLocal static var current: LiveObjectScope?

    private let signals = LiveObjectCount(0)
    private let graphs = LiveObjectCount(0)
    private let subscriptions = LiveObjectCount(0)
    private let joins = LiveObjectCount(0)

    init() {}

    /// How many objects of each kind counted here are alive.
    var counts: LiveObjectCounts {
      LiveObjectCounts(
        signals: signals.load(ordering: .acquiring), graphs: graphs.load(ordering: .acquiring),
        subscriptions: subscriptions.load(ordering: .acquiring), joins: joins.load(ordering: .acquiring))
    }

    fileprivate func add(_ delta: Int, to kind: LiveObject.Kind) {
      switch kind {
      case .signal: signals.add(delta, ordering: .releasing)
      case .graph: graphs.add(delta, ordering: .releasing)
      case .subscription: subscriptions.add(delta, ordering: .releasing)
      case .join: joins.add(delta, ordering: .releasing)
      }
    }
  }

  /// Every object counted in this process, whatever scope (if any) was bound: ``LiveObjects/counts``.
  let processLiveObjects = LiveObjectScope()

  /// A stored property of each counted object: it counts the object in the scope bound when the object was
  /// created, and uncounts it when the object is freed (on whatever thread that happens).
  @usableFromInline
  struct LiveObject: ~Copyable {
    @usableFromInline enum Kind { case signal, graph, subscription, join }

    private let scope: LiveObjectScope?
    private let kind: Kind
    private let isCounted: Bool

    @usableFromInline init(_ kind: Kind) {
      self.kind = kind
      isCounted = true
      scope = LiveObjectScope.current
      scope?.add(1, to: kind)
      processLiveObjects.add(1, to: kind)
    }

    /// An object of the library's own that lives as long as the process (``Graph/unassigned``): not counted.
    init(uncounted kind: Kind) {
      self.kind = kind
      isCounted = false
      scope = nil
    }

    deinit {
      guard isCounted else { return }
      scope?.add(-1, to: kind)
      processLiveObjects.add(-1, to: kind)
    }
  }
#endif

/// How many of Rill's objects are alive in this process, by kind: a leak check for an app's debug build, as
/// RxSwift's `Resources.total`.
///
/// Debug builds of Rill count every signal, graph, subscription and join settle as it is made and freed (one
/// atomic add each); release builds count nothing: there ``counts`` is ``LiveObjectCounts/notCounted``, which
/// says so. Check that a screen lets go of its pipelines:
///
/// ```swift
/// let before = LiveObjects.counts
/// showAndDismissTheSettingsScreen()
/// assert(LiveObjects.counts == before, "the settings screen leaked: \(LiveObjects.counts), \(before) before")
/// print(LiveObjects.counts)   // 12 signals, 3 graphs, 9 subscriptions, 2 join settles alive
/// ```
///
/// Compare counts taken in one isolation domain with nothing else making signals meanwhile: the counts are the
/// whole process's, on every thread.
public enum LiveObjects {
  /// The objects alive now; in a release build of Rill, which does not count them,
  /// ``LiveObjectCounts/notCounted`` (``LiveObjectCounts/isCounted`` is false, and it prints as much).
  public static var counts: LiveObjectCounts {
    #if DEBUG
      processLiveObjects.counts
    #else
      .notCounted
    #endif
  }
}

/// Live objects by kind (see ``LiveObjects``), printed as one line: `12 signals, 3 graphs, 9 subscriptions,
/// 2 join settles alive`.
public struct LiveObjectCounts: Equatable, Sendable, CustomStringConvertible {
  /// Signals: subjects, operators' nodes, computeds (one object each), effects' nodes, a store's state signals.
  public var signals: Int
  /// Graphs: the propagation domains of connected signals (signals that were joined share one).
  public var graphs: Int
  /// Subscriptions alive (cancelled or not: a subscription object counts until it is freed).
  public var subscriptions: Int
  /// The settles of joins (`combine`, `withLatestFrom`, `take(until:)`, `skip(until:)`), one per connected join.
  public var joins: Int
  /// Whether the objects were counted: false for ``notCounted``, what a release build of Rill gives.
  public let isCounted: Bool

  /// All of them.
  public var total: Int { signals + graphs + subscriptions + joins }

  /// Counts of each kind.
  public init(signals: Int = 0, graphs: Int = 0, subscriptions: Int = 0, joins: Int = 0) {
    self.signals = signals
    self.graphs = graphs
    self.subscriptions = subscriptions
    self.joins = joins
    isCounted = true
  }

  private init(notCounted: Void) {
    signals = 0
    graphs = 0
    subscriptions = 0
    joins = 0
    isCounted = false
  }

  /// What ``LiveObjects/counts`` is in a release build of Rill, which counts nothing: every count 0, and
  /// ``isCounted`` false. Equal to no counts that were taken.
  public static let notCounted = LiveObjectCounts(notCounted: ())

  /// One line: how many of each kind are alive, or that nothing was counted.
  public var description: String {
    guard isCounted else { return "not counted: a release build of Rill counts nothing" }
    func count(_ number: Int, _ kind: String) -> String { "\(number) \(kind)\(number == 1 ? "" : "s")" }
    let kinds = [
      count(signals, "signal"), count(graphs, "graph"), count(subscriptions, "subscription"),
      count(joins, "join settle"),
    ]
    return kinds.joined(separator: ", ") + " alive"
  }
}
