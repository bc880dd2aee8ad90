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

  /// Writes all of `text`, retrying on interrupts; stops quietly if the reader has gone.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Reads the bytes available (waiting for at least one): `nil` at end of input or on an error.
  public func read(maximumCount: Int = 64) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: maximumCount)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, maximumCount) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      return Array(buffer[..<count])
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
