import RillDemos
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct TerminalIOTests {
  @Test func writesAndReadsThroughAPipeUntilItsEnd() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let reader = FileStream(descriptor: ends[0])
    let writer = FileStream(descriptor: ends[1])
    writer.write("Credit: 5 [gray]  Status: 不合格\n")
    close(ends[1])
    var received: [UInt8] = []
    while let bytes = reader.read() { received += bytes }
    close(ends[0])
    #expect(String(decoding: received, as: UTF8.self) == "Credit: 5 [gray]  Status: 不合格\n")
  }

  @Test func aLineReaderGivesEachLineWithoutItsEndingAndTheLastOneToo() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    FileStream(descriptor: ends[1]).write("add\r\n\n  undo \nquit")
    close(ends[1])
    let lines = Array(LineReader(FileStream(descriptor: ends[0])))
    close(ends[0])
    #expect(lines == ["add", "", "  undo ", "quit"])
  }

  @Test func aFailedWriteReportsItsError() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    close(ends[0])
    // The test process ignores SIGPIPE (see ChildProcess), so the write fails with EPIPE. A process that another
    // test spawns at that moment holds a copy of the read end until it runs its program (the descriptor closes on
    // exec): a write then goes into the pipe (a CI run saw it). The copy goes within moments; so the write is
    // tried again, a bounded number of times, until it fails.
    _ = ChildProcess.ignoreBrokenPipes
    let writer = FileStream(descriptor: ends[1])
    var error: Int32?
    for _ in 0..<1_000 {
      error = writer.send("lost\n")
      if error != nil { break }
      usleep(1_000)
    }
    #expect(error == EPIPE)
    close(ends[1])
  }

  @Test func aPipeIsNotATerminal() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    #expect(!FileStream(descriptor: ends[0]).isTerminal)
  }

  @Test func aPseudoTerminalIsATerminal() throws {
    let terminal = try RawModeTests.PseudoTerminal()
    #expect(FileStream(descriptor: terminal.slave).isTerminal)
  }
}
