#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a thread keeps so that a chain of any depth connects, delivers and is freed in a bounded amount of
/// stack: the library's own walks down a chain hand their next step back to a loop instead of calling it,
/// once they are deep.
///
/// - **Connect.** A node connecting its upstream as the last step of its connect (a *tail* subscribe, made
///   with ``Signal/subscribe(forwardingTo:_:)``) lets that upstream connect later, once `connectNesting`
///   connects are on the stack: the upstream joins `pendingConnects`, and the nearest connect on the stack
///   that is not such a tail call connects it when its own connect returns. Nothing runs in between but the
///   library's returns, so the order of everything a connect does is unchanged.
/// - **Delivery.** A node whose rank is a multiple of ``checkpointRank`` counts itself in `deliveryNesting`
///   while it delivers. Nested deeper than ``deepCheckpoints`` such nodes, a delivery calls its last observer
///   with the node that observer forwards to marked (``Signal/deliveryHooks``): that node's delivery, the last
///   thing the observer does, joins `continuations` instead of running, and the marking delivery runs it when
///   it has returned. A chain of forwarding operators is delivered in a loop; other shapes recurse as before.
/// - **Free.** A node being freed while another node is being freed on this thread hands the references it
///   holds upstream to the outermost one, which releases them in a loop (``releaseUpstream(_:)``).
///
/// Per thread, not per graph: stack belongs to a thread, and a node can be freed on any thread. So its state is
/// not checked for exclusivity at run time: only its own thread touches it, and no access spans a call out.
@usableFromInline
final class StackGuard {
  /// How many derived nodes are connecting on this thread, one inside another.
  @exclusivity(unchecked) var connectNesting = 0
  /// The signal whose next first subscriber connects as a tail call (see ``Signal/subscribe(forwardingTo:_:)``).
  @usableFromInline @exclusivity(unchecked) var tailConnect: ObjectIdentifier?
  /// Nodes whose connect was deferred, connected by the nearest connect below them that is not a tail call.
  @exclusivity(unchecked) var pendingConnects: ContiguousArray<any DeferredConnecting> = []
  /// How many checkpoint deliveries are on this thread's stack (see ``Signal/deliveryHooks``).
  @usableFromInline @exclusivity(unchecked) var deliveryNesting = 0
  /// Deliveries handed back by nodes marked as tail targets, run by the delivery that marked them.
  @usableFromInline @exclusivity(unchecked) var continuations: ContiguousArray<() -> Void> = []
  #if DEBUG
    /// How many deliveries and connects this thread handed back to a loop, for the tests that pin that deep
    /// chains do.
    @usableFromInline var handedBack = 0
  #endif
  /// Whether a node is being freed on this thread, by ``releaseUpstream(_:)``'s loop.
  @exclusivity(unchecked) var isReleasing = false
  /// Upstream signals of nodes freed inside the loop, released by it.
  @exclusivity(unchecked) var released: ContiguousArray<AnyObject> = []

  /// A deferred connect waits once this many connects are on the stack.
  static var connectLimit: Int { 32 }
  /// A node whose rank is a positive multiple of this is a delivery checkpoint.
  @usableFromInline static var checkpointRank: Int { 32 }
  /// A checkpoint delivery nested inside more than this many others delivers down its chain in a loop.
  @usableFromInline static var deepCheckpoints: Int { 2 }

  /// This thread's guard, made at its first use and freed with the thread.
  @usableFromInline static var current: StackGuard {
    if let pointer = pthread_getspecific(stackGuardKey) {
      return Unmanaged<StackGuard>.fromOpaque(pointer).takeUnretainedValue()
    }
    let guardian = StackGuard()
    pthread_setspecific(stackGuardKey, Unmanaged.passRetained(guardian).toOpaque())
    return guardian
  }

  /// Releases `references` (the upstream a node being freed held) in a loop on this thread, not from inside
  /// the `deinit` that gives it up: freeing the last reference to a chain frees one node at a time, however
  /// deep the chain.
  static func releaseUpstream(_ references: consuming AnyObject) {
    let guardian = current
    if guardian.isReleasing {
      guardian.released.append(consume references)
      return
    }
    guardian.isReleasing = true
    guardian.released.append(consume references)
    while let next = guardian.released.popLast() {
      // Dropped at the end of this iteration, after the array's access has ended: what it frees hands its own
      // upstream references to the array.
      withExtendedLifetime(next) {}
    }
    if guardian.released.capacity > 1024 { guardian.released = [] }
    guardian.isReleasing = false
  }
}

/// A node whose connect can wait for the loop of a connect below it (see ``StackGuard``).
protocol DeferredConnecting: AnyObject {
  /// Connects now, if the node still has observers and is not connected.
  func connectDeferred()
}

/// The thread-specific slot of the guard (retained), released when the thread exits.
private let stackGuardKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key) { releaseStackGuard($0) }
  return key
}()

/// Releases a thread's guard, at the thread's exit.
private func releaseStackGuard(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<StackGuard>.fromOpaque(pointer).release()
}
