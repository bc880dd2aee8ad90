public import Foundation
public import RillStore

/// A recorded session on disk: the store's exported history, wrapped with the name of the demo it
/// belongs to, so `rill replay` knows which demo to replay it into.
///
/// ```json
/// {"demo":"credit","history":{ …what Store.exportHistory() wrote… }}
/// ```
///
/// The history is kept as the store wrote it; the store alone decides whether it fits (its actions
/// must decode as the named demo's actions).
public enum Recording {
  /// The envelope around `history` (the JSON from `Store.exportHistory()`) for the demo `demo`.
  ///
  /// The history's bytes are copied in as they are, not parsed and written again.
  public static func encode(demo: String, history: Data) throws -> Data {
    let name = try JSONEncoder().encode(demo)
    var data = Data()
    data.reserveCapacity(history.count + name.count + 24)
    data.append(contentsOf: #"{"demo":"#.utf8)
    data.append(name)
    data.append(contentsOf: #","history":"#.utf8)
    data.append(history)
    data.append(contentsOf: "}".utf8)
    return data
  }

  /// The recorded session in a recording's `data`.
  ///
  /// Only the envelope is read here: its members are found by their quotes and brackets, and the
  /// history's bytes are handed on unparsed (the store checks them when it imports them).
  public static func decode(_ data: Data) throws(RecordingError) -> RecordedSession {
    guard !data.withUnsafeBytes(JSONScanner.isBlank) else { throw .empty }
    let envelope = data.withUnsafeBytes { raw -> Result<(demo: String?, history: Data?), RecordingError> in
      let bytes = raw.bindMemory(to: UInt8.self)
      var scanner = JSONScanner(bytes)
      guard scanner.peek() == UInt8(ascii: "{") else {
        var value = JSONScanner(bytes)
        let isJSON =
          value.value() != nil && value.isAtEnd()
          && (try? JSONSerialization.jsonObject(
            with: data, options: .fragmentsAllowed)) != nil
        return .failure(isJSON ? .notARecording("not a JSON object") : .notJSON)
      }
      guard let members = scanner.members(), scanner.isAtEnd() else { return .failure(.notJSON) }
      let demo = members.last { $0.name == "demo" }.flatMap {
        try? JSONDecoder().decode(String.self, from: Data(bytes[$0.value]))
      }
      let history = members.last { $0.name == "history" }.flatMap {
        bytes[$0.value.lowerBound] == UInt8(ascii: "{") ? Data(bytes[$0.value]) : nil
      }
      return .success((demo, history))
    }
    let (demo, history) = try envelope.get()
    guard let demo else { throw .notARecording("no \"demo\" name") }
    guard let history else { throw .notARecording("no \"history\" object") }
    return RecordedSession(demo: demo, history: history)
  }

  /// The recorded session in the file at `path`.
  public static func load(path: String) throws(RecordingError) -> RecordedSession {
    try decode(read(path: path))
  }

  /// The contents of the file at `path`.
  public static func read(path: String) throws(RecordingError) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noSuchFile }
    guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable
    }
    return data
  }
}

/// What a recording holds: the name of its demo and the store's history as JSON.
public struct RecordedSession: Equatable, Sendable {
  /// The demo's name, `"credit"` or `"counter"`.
  public var demo: String
  /// The JSON of `Store.exportHistory()`.
  public var history: Data

  /// A session of `demo` with `history`.
  public init(demo: String, history: Data) {
    self.demo = demo
    self.history = history
  }
}

/// Why a recording cannot be replayed. `description` is one line, for `rill replay`'s error message.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
  /// The file does not exist.
  case noSuchFile
  /// The file exists but cannot be read (a directory, no permission).
  case unreadable
  /// The file is empty, or holds only white space.
  case empty
  /// The file is not JSON.
  case notJSON
  /// The file is JSON but not a recording envelope; the string says what is missing.
  case notARecording(String)
  /// The envelope names a demo that does not exist.
  case unknownDemo(String)
  /// The store refused the history (corrupt, or another demo's actions).
  case rejected(demo: String, HistoryImportError)

  /// One line saying what is wrong.
  public var description: String {
    switch self {
    case .noSuchFile: "no such file"
    case .unreadable: "cannot read the file"
    case .empty: "not a recording: the file is empty"
    case .notJSON: "not a recording: the file is not valid JSON"
    case .notARecording(let missing): "not a recording: \(missing)"
    case .unknownDemo(let name): "recorded by an unknown demo '\(name)' (expected credit or counter)"
    case .rejected(let demo, let error): "not a \(demo) session: \(error)"
    }
  }
}
