#if DEBUG
  #if canImport(Darwin) || RILL_PORTABLE_ATOMICS
    typealias LiveObjectCount = AtomicWord
  #else
    internal import Synchronization
    typealias LiveObjectCount = Atomic<Int>
  #endif

  /// Counts the signals, graphs, subscriptions and join settles alive that were created while it was bound, in debug builds
  /// only: the tests bind one around each test (the `.freesEverything` trait) and expect every count back at 0,
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

  /// The live objects of a ``LiveObjectScope``, by kind.
  struct LiveObjectCounts: Equatable, Sendable, CustomStringConvertible {
    var signals = 0
    var graphs = 0
    var subscriptions = 0
    /// Join settles (``JoinSettle``), which their connections own by hand.
    var joins = 0

    var description: String {
      "\(signals) signals, \(graphs) graphs, \(subscriptions) subscriptions, \(joins) join settles"
    }
  }

  /// A stored property of each counted object: it counts the object in the scope bound when the object was
  /// created, and uncounts it when the object is freed (on whatever thread that happens).
  @usableFromInline
  struct LiveObject: ~Copyable {
    @usableFromInline enum Kind { case signal, graph, subscription, join }

    private let scope: LiveObjectScope?
    private let kind: Kind

    @usableFromInline init(_ kind: Kind) {
      self.kind = kind
      scope = LiveObjectScope.current
      scope?.add(1, to: kind)
    }

    deinit {
      scope?.add(-1, to: kind)
    }
  }
#endif
