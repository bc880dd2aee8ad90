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
  public static func encode(demo: String, history: Data) throws -> Data {
    let object: [String: Any] = ["demo": demo, "history": try JSONSerialization.jsonObject(with: history)]
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }

  /// The recorded session in a recording's `data`.
  public static func decode(_ data: Data) throws(RecordingError) -> RecordedSession {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw .notJSON
    }
    guard let envelope = object as? [String: Any] else { throw .notARecording("not a JSON object") }
    guard let demo = envelope["demo"] as? String else { throw .notARecording("no \"demo\" name") }
    guard let history = envelope["history"], JSONSerialization.isValidJSONObject(history) else {
      throw .notARecording("no \"history\" object")
    }
    do {
      return RecordedSession(demo: demo, history: try JSONSerialization.data(withJSONObject: history))
    } catch {
      throw .notARecording("no \"history\" object")
    }
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
    case .notJSON: "not a recording: the file is not valid JSON"
    case .notARecording(let missing): "not a recording: \(missing)"
    case .unknownDemo(let name): "recorded by an unknown demo '\(name)' (expected credit or counter)"
    case .rejected(let demo, let error): "not a \(demo) session: \(error)"
    }
  }
}
