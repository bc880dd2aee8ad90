#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Raw keys from a terminal, with the terminal's settings restored however the program ends.
///
/// ``run(input:output:_:)`` saves the terminal's settings, turns off line buffering, echo and
/// signal keys (so Ctrl-C arrives as a key), writes ``ANSI/screenStart``, runs the body, then writes
/// ``ANSI/screenEnd`` and puts the saved settings back. The restore also runs when the process is
/// ended by SIGINT, SIGTERM, SIGHUP or SIGQUIT (a handler restores, then re-raises the signal with
/// its default action, so the exit status still says which signal it was) and when `exit` is called
/// inside the body. While ``Interruption`` catches SIGINT, SIGTERM and SIGHUP, those end the body
/// through the program's quit path instead (input ends), and only SIGQUIT takes this fallback.
///
/// ```swift
/// try RawMode.run(input: .standardInput, output: .standardOutput) {
///   while let bytes = FileStream.standardInput.read() { … }
/// }
/// ```
public enum RawMode {
  /// Why raw mode could not start.
  public struct Failure: Error, CustomStringConvertible {
    /// The C `errno` from `tcgetattr` or `tcsetattr`.
    public let code: Int32
    /// One line naming the failure.
    public var description: String { "cannot set up the terminal: " + String(cString: strerror(code)) }
  }

  /// The signals after which the terminal is restored before the process ends.
  public static let restoredSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Runs `body` with `input` in raw mode and the screen set up on `output`, restoring both after.
  public static func run<Result>(
    input: FileStream, output: FileStream, _ body: () throws -> Result
  ) throws -> Result {
    var saved = termios()
    guard tcgetattr(input.descriptor, &saved) == 0 else { throw Failure(code: errno) }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    RestoreState.arm(input: input.descriptor, saved: saved, output: output.descriptor, end: ANSI.screenEnd)
    // The signals that `Interruption` catches end the session through its quit path, which restores.
    let fallbackSignals = restoredSignals.filter { !Interruption.isCatching($0) }
    let previousHandlers = fallbackSignals.map { signal($0, restoreAndReraise) }
    // A process can start with these signals blocked (Foundation's `Process` launches children with
    // its thread's mask); they would then never end it. Unblock them while the screen is up.
    var handled = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&handled)
    for number in restoredSignals { sigaddset(&handled, number) }
    pthread_sigmask(SIG_UNBLOCK, &handled, &previousMask)
    defer {
      RestoreState.restore()
      for (number, handler) in zip(fallbackSignals, previousHandlers) { signal(number, handler) }
      pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }
    // TCSANOW, not TCSAFLUSH: keys typed before the screen came up are kept, not thrown away.
    guard tcsetattr(input.descriptor, TCSANOW, &raw) == 0 else { throw Failure(code: errno) }
    output.write(ANSI.screenStart)
    return try body()
  }
}

/// The signal handler: restore the terminal, then die of the signal as if there were no handler.
private func restoreAndReraise(_ number: Int32) {
  RestoreState.restore()
  signal(number, SIG_DFL)
  raise(number)
}

/// What the restore needs, kept where a signal handler can reach it without allocating or locking:
/// preallocated memory, written before the handlers are installed.
enum RestoreState {
  nonisolated(unsafe) static let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) static let endBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
  // Read by the signal handler, which may interrupt this thread while it writes them: not checked for exclusive
  // access at run time (see `InterruptionState`).
  @exclusivity(unchecked) nonisolated(unsafe) static var endCount = 0
  @exclusivity(unchecked) nonisolated(unsafe) static var input: Int32 = 0
  @exclusivity(unchecked) nonisolated(unsafe) static var output: Int32 = 1
  @exclusivity(unchecked) nonisolated(unsafe) static var armed = false
  nonisolated(unsafe) static var exitHookInstalled = false

  static func arm(input: Int32, saved: termios, output: Int32, end: String) {
    settings.initialize(to: saved)
    let bytes = Array(end.utf8.prefix(64))
    for (index, byte) in bytes.enumerated() { endBytes[index] = byte }
    endCount = bytes.count
    self.input = input
    self.output = output
    armed = true
    if !exitHookInstalled {
      exitHookInstalled = true
      atexit { RestoreState.restore() }
    }
  }

  /// Writes the screen's end sequence and puts the saved settings back, once; async-signal-safe.
  static func restore() {
    guard armed else { return }
    armed = false
    _ = write(output, endBytes, endCount)
    _ = tcsetattr(input, TCSANOW, settings)
  }
}
