#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How a chain of any depth connects, delivers and is freed in a bounded amount of stack: the library's own walks
/// down a chain hand their next step back to a loop instead of calling it, once they are deep.
///
/// - **Connect.** A node connecting its upstream as the last step of its connect (a *tail* connect: the edge of a
///   ``ForwardingSignal``, added with ``Signal/addEdge(to:replay:)``) lets that upstream's connect wait once
///   ``connectLimit`` connects are running in the graph, one inside another (``Graph/connectNesting``): the
///   upstream waits in ``Graph/deferredConnect``, and the nearest connect on the stack that is not such a tail
///   call connects it when its own connect returns. Nothing runs in between but the library's returns, so the
///   order of everything a connect does is unchanged.
/// - **Delivery.** A node whose rank is a multiple of ``checkpointRank`` counts itself in
///   ``Graph/checkpointNesting`` while it delivers. Nested deeper than ``deepCheckpoints`` such nodes, a
///   delivery calls its last observer as a *tail step*: the graph names the call by the observer's address
///   (``Graph/tailStepCall``, compared, never read) with a count of steps, and the node that is that observer —
///   the node of an edge, a forwarding node at least ``deepRank`` deep whose upstream forwards too, whose
///   deliveries check (``Signal/deliveryHooks``) — takes it when it delivers, the last thing its `receive` does.
///   It calls its own last observer as the next step, and every ``tailSteps`` steps, instead of delivering, it
///   hands its delivery back (``Graph/handedBackDelivery``): the delivery that began the steps runs it once the
///   call has returned. Every frame between is a last step, so nothing runs in between but returns. A chain of
///   forwarding operators is delivered in a loop, ``tailSteps`` nodes deep at most; other shapes recurse as
///   before.
/// - **Free.** A node keeps its first upstream besides its connect; the `deinit` that frees it hands that upstream
///   to a loop on its thread (``StackGuard/releaseFirstUpstream(_:)``): the outermost one runs the loop, which
///   releases what the nodes it frees hand over, one after the other. A node fed by an edge that only the loop
///   holds gives its upstream to the loop before it is freed, so a chain of them is freed in the loop with no
///   hand-over at all.
/// - **Disconnect.** A node fed by an edge whose last observer leaves inside another disconnect waits in one field
///   of its graph (``Graph/disconnectEdge(of:)``), or in the graph's queue behind what waits already; the outermost
///   disconnect runs them in order, so a chain disconnects downstream first, in a loop.
///
/// One connect and one delivery wait at a time in a graph: the loop that runs a waiting one runs it before any
/// other connect or delivery can start.
@usableFromInline
enum ChainWalks {
  /// A tail connect waits once this many connects are running in its graph.
  static var connectLimit: Int { 32 }
  /// A node whose rank is a positive multiple of this is a delivery checkpoint.
  @usableFromInline static var checkpointRank: Int { 32 }
  /// A checkpoint delivery nested inside more than this many others delivers down its chain in a loop.
  @usableFromInline static var deepCheckpoints: Int { 2 }
  /// The least rank of a node a deep delivery can reach: below its third nested checkpoint.
  @usableFromInline static var deepRank: Int { (deepCheckpoints + 1) * checkpointRank }
  /// How many nodes a delivery handed back delivers to, one inside another, before it hands the next back: a
  /// hand-back costs several times a plain delivery, so it comes once every so many steps (at most 63).
  @usableFromInline static var tailSteps: Int { 15 }
}

/// What a thread keeps for the free of a chain (see ``ChainWalks``): per thread, because a node can be freed on
/// any thread. Its state is not checked for exclusivity at run time: only its own thread touches it, and no
/// access spans a call out.
@usableFromInline
final class StackGuard {
  /// Whether a node is being freed on this thread, by the release loop (``releaseFirstUpstream(_:)``).
  @exclusivity(unchecked) var isReleasing = false
  /// How many releases inside the loop run one inside another (see ``releaseUnlessReleasing(_:)``).
  @exclusivity(unchecked) var nestedReleases = 0
  /// The first upstream a node freed inside the loop handed over, for the loop to release: a signal.
  @exclusivity(unchecked) var nextReleasedNode: ReactiveNode?
  /// Another object a node freed inside the loop handed over, for the loop to release.
  @exclusivity(unchecked) var nextReleased: AnyObject?
  /// More of them, when one node's free frees several nodes (a join's sources).
  @exclusivity(unchecked) var released: ContiguousArray<AnyObject> = []
  #if DEBUG
    /// How many deliveries and connects this thread handed back to a loop, for the tests that pin that deep
    /// chains do.
    @usableFromInline @exclusivity(unchecked) var handedBack = 0
  #endif

  /// This thread's guard, made at its first use and freed with the thread.
  @usableFromInline static var current: StackGuard {
    if let pointer = pthread_getspecific(stackGuardKey) {
      return Unmanaged<StackGuard>.fromOpaque(pointer).takeUnretainedValue()
    }
    let guardian = StackGuard()
    pthread_setspecific(stackGuardKey, Unmanaged.passRetained(guardian).toOpaque())
    return guardian
  }

  /// Releases `upstream` (an upstream of a node being freed) in a loop on this thread, not from inside the `deinit`
  /// that gives it up: freeing the last reference to a chain frees one node at a time, however deep the chain.
  @usableFromInline static func releaseUpstream(_ upstream: consuming AnyObject) {
    var upstream: AnyObject? = consume upstream
    withCurrent { guardian in
      if guardian.isReleasing {
        if guardian.nextReleased == nil {
          guardian.nextReleased = upstream.take()
        } else {
          guardian.released.append(upstream.take().unsafelyUnwrapped)
        }
        return
      }
      guardian.isReleasing = true
      upstream = nil  // released inside the loop: what it frees hands its own upstreams over
      guardian.releaseHandedOver()
    }
  }

  /// Runs `release`, which lets go of what a node being freed held, as the first step of the release loop, when no
  /// loop runs on this thread: what it frees hands its own upstreams over to the loop. Inside the loop, runs it there
  /// too, while fewer than ``nestedReleaseLimit`` such releases run one inside another (each a few frames: a chain of
  /// computeds, each closure holding the one above, is freed that many levels at a time). Returns false, without
  /// running it, past that: the caller then hands what it lets go of over (``releaseUpstream(_:)``), which costs an
  /// object to hold it.
  @usableFromInline static func releaseUnlessReleasing(_ release: () -> Void) -> Bool {
    withCurrent { guardian in
      if guardian.isReleasing {
        guard guardian.nestedReleases < nestedReleaseLimit else { return false }
        guardian.nestedReleases &+= 1
        release()
        guardian.nestedReleases &-= 1
        return true
      }
      guardian.isReleasing = true
      release()
      guardian.releaseHandedOver()
      return true
    }
  }

  /// How many releases ``releaseUnlessReleasing(_:)`` runs one inside another in the loop before it hands the next
  /// over: a bounded depth of frames, and a hand-over (an allocation) once every so many levels of a chain.
  static var nestedReleaseLimit: Int { 8 }

  /// Releases `node`, the first upstream of a node being freed, as ``releaseUpstream(_:)`` releases any upstream.
  static func releaseFirstUpstream(_ node: consuming ReactiveNode) {
    var node: ReactiveNode? = consume node
    withCurrent { guardian in
      if guardian.isReleasing {
        if guardian.nextReleasedNode == nil {
          guardian.nextReleasedNode = node.take()
        } else {
          guardian.released.append(node.take().unsafelyUnwrapped)
        }
        return
      }
      guardian.isReleasing = true
      guardian.nextReleasedNode = node.take()
      guardian.releaseHandedOver()
    }
  }

  /// The loop: releases what the nodes it frees hand over until nothing is left. A node that only this loop holds
  /// gives its first upstream up before it goes (``ReactiveNode/takeUpstreamForRelease()``), so a chain is freed
  /// node after node here, without its `deinit`s asking for this thread's guard.
  private func releaseHandedOver() {
    while true {
      if var node = nextReleasedNode.take() {
        while true {
          let upstream = isKnownUniquelyReferenced(&node) ? node.takeUpstreamForRelease() : nil
          // Released here, outside any access to the guard: what it frees hands its own upstreams over.
          _ = consume node
          guard let upstream else { break }
          node = upstream
        }
      } else if let other = nextReleased.take() ?? released.popLast() {
        _ = consume other
      } else {
        break
      }
    }
    if released.capacity > 1024 { released = [] }
    isReleasing = false
  }

  /// Runs `body` with this thread's guard, not retained: the thread keeps it until it exits. (A node the release loop
  /// frees that hands an upstream over asks for the guard: a retain and a release each time cost a chain's teardown
  /// 40 instructions a node.)
  static func withCurrent<Result>(_ body: (StackGuard) -> Result) -> Result {
    if let pointer = pthread_getspecific(stackGuardKey) {
      return Unmanaged<StackGuard>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
    return body(current)
  }
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
