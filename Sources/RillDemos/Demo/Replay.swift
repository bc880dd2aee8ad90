public import Foundation
public import RillStore

/// A recorded session loaded into a fresh store, stepped through one state at a time.
///
/// The steps are the history's positions: step 0 is the initial state, step *n* the state after
/// the *n*th recorded action, up to ``stepCount``. A replay starts at step 0. ``playAll()`` walks
/// every step in order and, if the session ended with actions undone, ends on the state it ended in.
///
/// ```swift
/// let replay = try Replay(demo: CreditDemo(), history: data)   // recorded: add, add, undo
/// let rendering = replay.session.renderLines(palette: .plain) { print($0) }   // Credit: 0 …
/// replay.playAll()                                                           // Credit: 5 …, 10 …, 5 …
/// ```
public final class Replay<D: Demo> {
  /// The session on the fresh store the history was imported into.
  public let session: DemoSession<D>
  /// The step the recorded session ended on (less than ``stepCount`` if it ended with undos).
  public let endStep: Int

  /// Imports `history` (the JSON of `Store.exportHistory()`) into a fresh store and goes to step 0.
  /// Throws the store's error if the history does not fit this demo.
  public init(demo: D, history: Data) throws {
    session = DemoSession(demo: demo)
    try session.store.importHistory(history)
    endStep = session.store.history.position
    stepCount = session.store.history.entries.count
    session.store.jump(to: 0)
  }

  /// How many actions were recorded; the last step.
  public let stepCount: Int

  /// The step shown now.
  public var step: Int { session.store.history.position }

  /// Goes `delta` steps forward (or back, when negative), staying within 0...stepCount.
  public func move(by delta: Int) {
    let step = self.step
    let target = min(max(step + delta, 0), stepCount)
    if target != step { session.store.jump(to: target) }
  }

  /// Walks from the current step through every step to the last, then to ``endStep``; or stops where
  /// it is when `proceed` says to (it is asked before each step).
  public func playAll(while proceed: () -> Bool = { true }) {
    // One jump a step, each one reducer call forward from the last (the step is counted here rather
    // than asked of the store each time).
    var step = self.step
    while step < stepCount {
      guard proceed() else { return }
      step += 1
      session.store.jump(to: step)
    }
    if endStep != step { session.store.jump(to: endStep) }
  }

  /// The step of each state the store emits, derived from its state signal so that it settles in
  /// the same propagation as the view (`combine(view, steps)` emits once per step).
  public var steps: Signal<Int> {
    let store = session.store
    return store.state.map { [weak store] _ in store?.history.position ?? 0 }
  }
}

extension Replay {
  /// Loads `recording` into a fresh store of `demo`; the recording must name `demo`.
  public convenience init(demo: D, recording: RecordedSession) throws(RecordingError) {
    guard recording.demo == D.name else { throw .unknownDemo(recording.demo) }
    do {
      try self.init(demo: demo, history: recording.history)
    } catch let error as HistoryImportError {
      throw .rejected(demo: recording.demo, error)
    } catch {
      throw .notARecording("\(error)")
    }
  }
}
