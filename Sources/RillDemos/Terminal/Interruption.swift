#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signals that end a session through its quit path instead of killing the process on the spot.
///
/// While installed (``install(_:)``), SIGINT, SIGTERM and SIGHUP only note the signal and wake the
/// program: the signal handler stores the signal's number and writes a byte to a pipe, nothing else.
/// Everything else happens outside it, in the program's own flow: ``FileStream/read(maximumCount:)``
/// waits on that pipe as well as on its input and returns `nil` (end of input) once a signal came, and
/// loops that do not wait for input check ``isRequested``. So an interrupted session ends as if its
/// input had ended: the terminal is restored, the recording written; then ``endProcess(status:)`` dies
/// of the signal with its default action, so the parent sees the conventional status (128 + signal).
///
/// A second signal while the first is being handled does not wait: it restores the terminal (when
/// ``RawMode`` has it) and ends the process at once, as if nothing caught it.
///
/// ```swift
/// Interruption.install()
/// session.repeatAction(times: 1_000_000, while: { !Interruption.isRequested })
/// try save(session.recording())
/// Interruption.endProcess(status: 0)   // dies of SIGTERM if one came, else exit(0)
/// ```
public enum Interruption {
  /// The signals that end a session through its quit path.
  public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Whether a handled signal has come.
  public static var isRequested: Bool { InterruptionState.caught != 0 }

  /// The signal that came, if one did.
  public static var signal: Int32? { isRequested ? InterruptionState.caught : nil }

  /// Whether `number` is one of the signals caught now (``RawMode`` leaves those alone).
  public static func isCatching(_ number: Int32) -> Bool {
    InterruptionState.caughtSignals.contains(number)
  }

  /// Catches ``signals`` from now on (and unblocks them), except those the process started with
  /// ignored: `nohup` ignores SIGHUP, and a shell without job control starts a background command
  /// with SIGINT ignored, and they stay ignored. Calling it again does nothing.
  public static func install() {
    guard InterruptionState.wakeRead < 0 else { return }
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    InterruptionState.caught = 0
    InterruptionState.wakeWrite = descriptors[1]
    InterruptionState.wakeRead = descriptors[0]
    for number in signals where setHandler(number, noteInterruption) {
      InterruptionState.caughtSignals.append(number)
    }
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in signals { sigaddset(&handled, number) }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
  }

  /// The descriptor to wait on beside an input: readable once a signal has come (`-1` when not
  /// installed).
  public static var wakeDescriptor: Int32 { InterruptionState.wakeRead }

  /// Ends the process: dies of the signal that came, with its default action, if one did; else
  /// exits with `status`.
  public static func endProcess(status: Int32) -> Never {
    if let number = signal { dieOf(number) }
    exit(status)
  }

  /// Dies of `number` as if nothing handled it (falls back to exit status 128 + `number`).
  public static func dieOf(_ number: Int32) -> Never {
    setDefaultAction(number)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, number)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(number)
    exit(128 + number)
  }
}

/// The signal handler: note the first signal and wake the program; a second one ends it at once.
private func noteInterruption(_ number: Int32) {
  guard InterruptionState.caught == 0 else {
    RestoreState.restore()
    _ = signal(number, SIG_DFL)
    raise(number)
    return
  }
  InterruptionState.caught = number
  var byte: UInt8 = 1
  _ = write(InterruptionState.wakeWrite, &byte, 1)
}

/// Sets the handler of signal `number` (a function apart from ``Interruption/signal``), unless the
/// signal is ignored; returns whether it did.
@discardableResult
private func setHandler(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) -> Bool {
  let previous = signal(number, handler)
  guard let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) else { return true }
  _ = signal(number, SIG_IGN)
  return false
}

/// Gives signal `number` its default action.
private func setDefaultAction(_ number: Int32) {
  _ = signal(number, SIG_DFL)
}

/// What the handler touches, set before it is installed. What the handler reads or writes is not checked for
/// exclusive access at run time (`@exclusivity(unchecked)`): the handler runs on whatever thread the signal
/// interrupts, possibly in the middle of that thread's own access to the same variable — a read of `caught` by a
/// loop polling ``Interruption/isRequested`` — and a debug build aborted on that "conflict" (status 134 instead of
/// the signal's, about once in 400 interrupted sessions).
enum InterruptionState {
  @exclusivity(unchecked) nonisolated(unsafe) static var caught: Int32 = 0
  @exclusivity(unchecked) nonisolated(unsafe) static var wakeRead: Int32 = -1
  @exclusivity(unchecked) nonisolated(unsafe) static var wakeWrite: Int32 = -1
  nonisolated(unsafe) static var caughtSignals: [Int32] = []
}
