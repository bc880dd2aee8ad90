import RillDemos
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Raw mode on a pseudo-terminal the test opens itself.
///
/// Serialized: `RawMode` keeps the settings to restore in process-wide storage (a signal handler must
/// reach them), so only one raw-mode session may run at a time, as in the real program.
@Suite(.serialized) struct RawModeTests {
  /// A pseudo-terminal: the master side (the "user") and the slave side (the program's terminal).
  final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    /// Glibc's pseudo-terminal calls, which its Swift module does not export (they need
    /// `_XOPEN_SOURCE`), looked up by name.
    static func function<Function>(_ name: String, as type: Function.Type) throws -> Function {
      let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name), "\(name) not found")
      return unsafeBitCast(symbol, to: type)
    }

    init() throws {
      typealias Call = @convention(c) (Int32) -> Int32
      let openpt = try Self.function("posix_openpt", as: Call.self)
      let grantpt = try Self.function("grantpt", as: Call.self)
      let unlockpt = try Self.function("unlockpt", as: Call.self)
      let ptsname = try Self.function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
      master = openpt(O_RDWR | O_NOCTTY)
      try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
      let name = try #require(ptsname(master))
      slave = open(name, O_RDWR | O_NOCTTY)
      try #require(slave >= 0)
      _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
      close(slave)
      close(master)
    }

    var settings: termios {
      var settings = termios()
      _ = tcgetattr(slave, &settings)
      return settings
    }

    /// What the program wrote so far.
    func written() -> String {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { break }
        bytes += buffer[..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  struct Failure: Error {}

  func same(_ a: termios, _ b: termios) -> Bool {
    var a = a
    var b = b
    return memcmp(&a, &b, MemoryLayout<termios>.size) == 0
  }

  @Test func insideTheBodyKeysAreRawAndAfterItTheSettingsAreBack() throws {
    let terminal = try PseudoTerminal()
    let before = terminal.settings
    let stream = FileStream(descriptor: terminal.slave)
    let inside = try RawMode.run(input: stream, output: stream) { terminal.settings }
    let after = terminal.settings
    #expect(inside.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
    #expect(before.c_lflag & tcflag_t(ECHO | ICANON | ISIG) != 0)
    #expect(same(before, after))
    let written = terminal.written()
    #expect(written.hasPrefix(ANSI.screenStart))
    #expect(written.hasSuffix(ANSI.screenEnd))
  }

  @Test func theSettingsAreBackWhenTheBodyThrows() throws {
    let terminal = try PseudoTerminal()
    let before = terminal.settings
    let stream = FileStream(descriptor: terminal.slave)
    #expect(throws: Failure.self) {
      try RawMode.run(input: stream, output: stream) { throw Failure() }
    }
    #expect(same(before, terminal.settings))
    #expect(terminal.written().hasSuffix(ANSI.screenEnd))
  }

  @Test func keysTypedOnTheTerminalArriveOneByOne() throws {
    let terminal = try PseudoTerminal()
    let stream = FileStream(descriptor: terminal.slave)
    let keys = try RawMode.run(input: stream, output: stream) {
      _ = write(terminal.master, " u\u{1B}[C\u{3}", 6)
      var keys: [Key] = []
      KeyLoop.run(read: { stream.read() }) { key in
        keys.append(key)
        return key != .control("c")
      }
      return keys
    }
    #expect(keys == [.character(" "), .character("u"), .right, .control("c")])
  }

  @Test func notATerminalIsAnErrorAndChangesNothing() throws {
    var pipeEnds: [Int32] = [0, 0]
    try #require(pipe(&pipeEnds) == 0)
    defer {
      close(pipeEnds[0])
      close(pipeEnds[1])
    }
    var ran = false
    #expect(throws: RawMode.Failure.self) {
      try RawMode.run(input: FileStream(descriptor: pipeEnds[0]), output: FileStream(descriptor: pipeEnds[1])) {
        ran = true
      }
    }
    #expect(!ran)
  }
}
