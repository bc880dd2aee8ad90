public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Recording {
  /// Writes `data` to the file at `path` so that a failed write never destroys the file it replaces:
  /// into a new file beside it (`.NAME.rill-PID.tmp`), flushed to the disk, then renamed over it. A
  /// failed write removes the new file and leaves the old one as it was.
  ///
  /// A `path` that names something other than a regular file (`/dev/stdout`, a pipe) is written in
  /// place, since it cannot be replaced.
  ///
  /// - Throws: ``RecordingWriteError``, saying what is wrong in words a person can act on.
  public static func save(_ data: Data, to path: String) throws(RecordingWriteError) {
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists && (status.st_mode & S_IFMT) == S_IFDIR { throw .isADirectory }
    if exists && (status.st_mode & S_IFMT) != S_IFREG {
      try write(data, to: path, flags: O_WRONLY | O_TRUNC, mode: 0)
      return
    }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var directoryStatus = stat()
    guard stat(directory, &directoryStatus) == 0 else {
      throw errno == ENOENT ? .noSuchDirectory(directory) : .failed(errno)
    }
    guard (directoryStatus.st_mode & S_IFMT) == S_IFDIR else { throw .noSuchDirectory(directory) }
    let temporary = directory + "/." + url.lastPathComponent + ".rill-\(getpid()).tmp"
    do throws(RecordingWriteError) {
      try write(data, to: temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: exists ? status.st_mode & 0o777 : 0o644)
      guard rename(temporary, path) == 0 else { throw .failed(errno) }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Opens `path` with `flags`, writes all of `data`, flushes it to the disk and closes it.
  static func write(_ data: Data, to path: String, flags: Int32, mode: mode_t) throws(RecordingWriteError) {
    let descriptor = open(path, flags | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw .failed(errno) }
    var failure = data.withUnsafeBytes { FileStream(descriptor: descriptor).send($0) }
    if failure == nil && (flags & O_CREAT) != 0 && fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0 && failure == nil && errno != EINTR { failure = errno }
    if let failure { throw .failed(failure) }
  }
}

/// Why a recording could not be written. `description` is one line, for `rill`'s error message.
public enum RecordingWriteError: Error, Equatable, CustomStringConvertible {
  /// The path names a directory.
  case isADirectory
  /// The directory the file would go in does not exist (or is not a directory).
  case noSuchDirectory(String)
  /// A system call failed with this `errno`.
  case failed(Int32)

  /// One line saying what is wrong: "is a directory", "no space left on the device".
  public var description: String {
    switch self {
    case .isADirectory: "is a directory"
    case .noSuchDirectory(let directory): "no such directory '\(directory)'"
    case .failed(ENOSPC): "no space left on the device"
    case .failed(EDQUOT): "the disk quota is used up"
    case .failed(EACCES), .failed(EPERM): "permission denied"
    case .failed(EROFS): "the file system is read-only"
    case .failed(EFBIG): "the file would be too large"
    case .failed(let code): String(cString: strerror(code)).lowercased()
    }
  }
}
