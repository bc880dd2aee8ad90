import Foundation
import Rill
import Testing

/// Rule 8: core types are not `Sendable`, and the core and operators take no locks.
@Suite(.freesEverything) struct IsolationTests {
  @Test func coreTypesAreNotSendable() {
    #expect(!isSendable(Signal<Int>.self))
    #expect(!isSendable(Subject<Int>.self))
    #expect(!isSendable(CurrentValueSubject<Int>.self))
    #expect(!isSendable(Subscription.self))
  }

  @Test func theSendableProbeRecognisesSendableTypes() {
    #expect(isSendable(Int.self))
    #expect(isSendable(String.self))
  }

  /// The exceptions: the inbox that takes subscriptions freed on other threads (rule 8), `ForeignRelease.swift`,
  /// a lock and atomics a delivery reads with one relaxed load; `batch`'s count of open batches,
  /// `Batch.swift`, read with one relaxed load only when a propagation ends with joins to settle; and the
  /// tests' live-object counter, `LiveObjects.swift`, in debug builds only. On Apple platforms these three use
  /// the stand-ins of `AtomicWord.swift` (Synchronization's atomics need macOS 15 / iOS 18).
  @Test func coreAndOperatorsUseNoLocks() throws {
    let forbidden = [
      "Mutex", "NSLock", "NSRecursiveLock", "pthread_mutex", "os_unfair_lock", "@unchecked Sendable", "Atomic",
      "LockedState",
    ]
    let files = try sourceFiles(in: ["Sources/Rill/Core", "Sources/Rill/Operators"])
    try #require(files.count >= 10, "found only \(files.map(\.lastPathComponent))")
    var hits: [String] = []
    let exceptions: Set = ["ForeignRelease.swift", "LiveObjects.swift", "Batch.swift", "AtomicWord.swift"]
    for file in files where !exceptions.contains(file.lastPathComponent) {
      let text = try String(contentsOf: file, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { continue }
        for word in forbidden where code.contains(word) {
          hits.append("\(file.lastPathComponent):\(number + 1): \(word)")
        }
      }
    }
    #expect(hits == [])
  }

  private func sourceFiles(in folders: [String]) throws -> [URL] {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // RillTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // package root
    var files: [URL] = []
    for folder in folders {
      let directory = root.appendingPathComponent(folder)
      let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
      for case let url as URL in enumerator where url.pathExtension == "swift" {
        files.append(url)
      }
    }
    return files
  }
}

/// Chosen at compile time: the constrained overload wins only for `Sendable` types.
private func isSendable<T: Sendable>(_: T.Type) -> Bool { true }
private func isSendable<T>(_: T.Type) -> Bool { false }
