// The isolation domain Observation's bridges (watches and inputs) remember, and check later code against.

/// An isolation domain as the Observation bridges tell it: the main queue, whichever thread drains it, or one thread
/// other than the main queue's, for that thread's lifetime.
///
/// Not `pthread_self()`: a new thread may be given the identifier of one that exited, and a watch or an input left
/// by the old thread (its value still alive) would be taken for the new thread's — checked or written from a domain
/// that does not own it. A thread's number here comes from its ``TrackingContext`` and is never handed out twice.
/// And the main queue is its own domain: on Linux a worker thread drains it for a while and then runs other work,
/// which is not the main actor's.
struct ObservationDomain: Equatable {
  /// 0 for the main queue; otherwise the thread's ``TrackingContext/threadNumber``.
  let number: UInt

  /// The main queue.
  static var mainQueue: ObservationDomain { ObservationDomain(number: 0) }

  /// The calling code's domain.
  static var current: ObservationDomain {
    isOnMainQueue() ? .mainQueue : ObservationDomain(number: TrackingContext.withCurrent { $0.threadNumber })
  }

  /// Whether this is the main queue.
  var isMainQueue: Bool { number == 0 }

  /// Whether the calling code runs in this domain.
  func includesCurrentCode() -> Bool { self == .current }
}
