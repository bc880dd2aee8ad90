#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams as file descriptors, written and read without buffering.
///
/// Everything the demos print goes through here, so a line is on its way the moment it is rendered
/// (a pipe reader sees each state as it happens) and escape sequences never interleave with buffered
/// text.
public struct FileStream: Sendable {
  /// The file descriptor.
  public let descriptor: Int32

  /// A stream on `descriptor`.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Standard input.
  public static let standardInput = FileStream(descriptor: 0)
  /// Standard output.
  public static let standardOutput = FileStream(descriptor: 1)
  /// Standard error.
  public static let standardError = FileStream(descriptor: 2)

  /// Whether the stream is a terminal (`isatty`).
  public var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Writes all of `text`, retrying on interrupts; stops quietly if the reader has gone (see
  /// ``send(_:)`` for a write that reports its failure).
  public func write(_ text: String) {
    _ = send(text)
  }

  /// Reads the bytes available (waiting for at least one): `nil` at end of input, on an error, or
  /// once ``Interruption`` has caught a signal (it wakes this wait).
  public func read(maximumCount: Int = 64) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: maximumCount)
    while true {
      guard waitForInput() else { return nil }
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, maximumCount) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      return Array(buffer[..<count])
    }
  }

  /// Writes all of `text`, retrying on interrupts; returns the `errno` of a failed write, or `nil`.
  public func send(_ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { send(UnsafeRawBufferPointer($0)) }
  }

  /// Writes all of `bytes`, retrying on interrupts; returns the `errno` of a failed write, or `nil`.
  public func send(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return written < 0 ? errno : EIO }
      offset += written
    }
    return nil
  }

  /// Waits until the stream has input (or its end), or until ``Interruption`` caught a signal:
  /// `false` then.
  func waitForInput() -> Bool {
    let wake = Interruption.wakeDescriptor
    guard wake >= 0 else { return true }
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while !Interruption.isRequested {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 && errno != EINTR { return true }
      if ready > 0 && descriptors[0].revents != 0 { return !Interruption.isRequested }
    }
    return false
  }
}

/// Standard input's lines, read in large chunks (the `rill` commands read their scripts through it):
/// each without its line feed (or carriage return and line feed), the last one also without. Ends
/// at the end of input, or when ``Interruption`` caught a signal.
public struct LineReader: Sequence, IteratorProtocol {
  let stream: FileStream
  var buffer: [UInt8] = []
  var start = 0
  var ended = false

  /// The lines of `stream`.
  public init(_ stream: FileStream) {
    self.stream = stream
  }

  /// The next line, or `nil` at the end.
  public mutating func next() -> String? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = newline + 1
        return line
      }
      if start > 0 {
        buffer.removeSubrange(..<start)
        start = 0
      }
      guard !ended, let bytes = stream.read(maximumCount: 65_536) else {
        ended = true
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      buffer.append(contentsOf: bytes)
    }
  }
}

/// The C `write`, named apart from `FileStream.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}

/// The C `read`, named apart from `FileStream.read`.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(descriptor, bytes, count)
  #else
    Darwin.read(descriptor, bytes, count)
  #endif
}
