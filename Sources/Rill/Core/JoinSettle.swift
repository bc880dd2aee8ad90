/// What a graph's pending settles run (``PendingSettles``): a join's settle (``JoinSettle``) or a computed
/// (``ReactiveNode``), each with a ``run()`` of its own. No fields: a node pays nothing for being one.
///
/// Not part of Rill's API: public only because ``Signal`` is a node (see ``ReactiveNode``), and a public class's
/// superclass must be public. It has no public members, and nothing outside Rill can make or subclass one.
public class _PendingRun {
  @usableFromInline init() {}

  /// The graph's turn for this settle. Called through an unretained reference (see ``JoinSettle``).
  @usableFromInline func run() {}
}

/// The name Rill's own code uses for ``_PendingRun``.
@usableFromInline typealias PendingRun = _PendingRun

/// The settle of one connection of a join that subscribes to its sources — a `combine` of seven or more, or of a
/// list — that the graph runs once the depth-first pass of a propagation is over (rule 6). (A join fed by edges,
/// ``TwoPortSignal``, is its own settle.)
///
/// The graph keeps it unretained, so scheduling and running a settle touch no reference count: the pending settle
/// is a plain value. Its connection owns it, by one manual retain taken at creation (``make(_:)``) and given up
/// with ``release()`` when the connection ends. A connection that ends while a settle of it is scheduled or
/// running (a subscriber cancelled from inside the propagation) hands that ownership to the settle: the object
/// then holds itself until its last scheduled run has returned. So the graph's reference never dangles, and a
/// steady-state propagation pays nothing for it.
///
/// `action` is a closure built by the join's inlinable code, so it runs specialized for the join's types (an
/// overridden method of a generic class would run unspecialized). It captures the connection strongly: the cycle
/// through this object lasts while the connection does, and ``release()`` breaks it.
///
/// A computed's node is not one of these: it is a ``PendingRun`` itself, with none of this object's fields (see
/// ``ReactiveNode``).
@usableFromInline
final class JoinSettle: PendingRun {
  /// Emits what the propagation left for the join, if the join still wants to (it checks its own state).
  @usableFromInline final let action: () -> Void
  /// Runs scheduled and not yet returned.
  @usableFromInline @exclusivity(unchecked) final var unfinishedRuns = 0
  /// Whether the connection has let go while runs were unfinished: the last run frees this object.
  @usableFromInline @exclusivity(unchecked) final var isReleased = false
  #if DEBUG
    /// Counts this settle in the tests' live-object scope: its ownership is by hand.
    let live = LiveObject(.join)
  #endif

  @usableFromInline init(_ action: @escaping () -> Void) {
    self.action = action
  }

  /// Runs `action` for one scheduled run (see ``run()``).
  @usableFromInline override func run() {
    runAction()
  }

  /// A settle owned by the caller (one retain, which ``release()`` gives up), running `action`.
  @inlinable static func make(_ action: @escaping () -> Void) -> Unmanaged<JoinSettle> {
    .passRetained(JoinSettle(action))
  }

  /// The graph scheduled a run.
  @inlinable @inline(__always) final func scheduled() {
    unfinishedRuns &+= 1
  }

  /// Runs `action` for one scheduled run. Called through an unretained reference: when the connection has let go
  /// and this was the last run, it frees this object on the way out, touching nothing of it after.
  @inlinable func runAction() {
    action()
    unfinishedRuns &-= 1
    if _slowPath(isReleased) && unfinishedRuns == 0 {
      Unmanaged.passUnretained(self).release()
    }
  }

  /// The connection ended: frees this object now, or, while a run is scheduled or running, after the last one.
  @inlinable final func release() {
    if unfinishedRuns == 0 {
      Unmanaged.passUnretained(self).release()
    } else {
      isReleased = true
    }
  }
}

extension Optional where Wrapped == Unmanaged<JoinSettle> {
  /// The connection that owns this settle ended: lets go of it (see ``JoinSettle/release()``) and becomes `nil`, so
  /// the connection schedules no more runs.
  @inlinable mutating func connectionEnded() {
    guard let settle = self else { return }
    self = nil
    settle._withUnsafeGuaranteedRef { $0.release() }
  }
}
