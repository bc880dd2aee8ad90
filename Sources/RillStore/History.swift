public import Foundation

/// The actions a store has recorded, and how many of them are applied to its current state.
///
/// Every action that reaches the reducer is recorded with its date. ``position`` counts the entries
/// applied: after `undo()` it is one less than `entries.count`, and the undone entry stays in
/// ``entries`` until a new dispatch replaces the undone future.
///
/// ```swift
/// store.dispatch(.increase); store.dispatch(.increase)
/// store.undo()
/// store.history.entries.map(\.action)   // [.increase, .increase]
/// store.history.position                // 1
/// ```
public struct History<Action> {
  /// Every recorded action, oldest first, including undone ones.
  public internal(set) var entries: [HistoryEntry<Action>]
  /// How many entries are applied to the current state: 0 is the initial state, `entries.count` the
  /// latest.
  public internal(set) var position: Int

  /// A history of `entries`, of which the first `position` are applied.
  public init(entries: [HistoryEntry<Action>], position: Int) {
    self.entries = entries
    self.position = position
  }
}

/// One recorded action and when it was dispatched.
public struct HistoryEntry<Action> {
  /// The action, as it reached the reducer (after any middleware transformed it).
  public var action: Action
  /// When it reached the reducer.
  public var date: Date

  /// An entry for `action` at `date`.
  @inlinable public init(action: Action, date: Date) {
    self.action = action
    self.date = date
  }
}

extension History: Equatable where Action: Equatable {}
extension History: Sendable where Action: Sendable {}
extension HistoryEntry: Equatable where Action: Equatable {}
extension HistoryEntry: Sendable where Action: Sendable {}
extension HistoryEntry: Codable where Action: Codable {}

/// How much history a store records.
///
/// By default a store keeps the 100 most recent actions at least (`.bounded(100)`), so a
/// long-running app's memory stays flat and undo still reaches back 100 actions. A recorder, a
/// debugging session or a tool that exports the session opts in to every action:
///
/// ```swift
/// let store = Store(initialState: App(), reducer: app, recording: .unbounded)
/// ```
///
/// What each costs per recorded action:
/// - `.bounded(count)`: a clock read (`Date()`), an O(1) append, and, amortized, one more reducer call
///   (the oldest entries are folded into the state undo starts from, in place). Memory: at most
///   `2 × count − 1` entries and one more state (that start). No snapshots, so the state is never
///   copied by a dispatch; undo and jump replay up to `2 × count − 1` actions.
/// - `.unbounded`: a clock read, an amortized O(1) append, and a snapshot of the state every 64
///   actions, which keeps replays short (at most 63 reducer calls). Memory grows with every action:
///   the entries (an `Int`-sized action with its date is 16 bytes) and each snapshot, which shares
///   the parts of the state unchanged since the previous one and copies the rest (a copy-on-write
///   array changed since is copied whole).
public enum HistoryRecording: Equatable, Sendable {
  /// Record every action. Memory grows with the number of actions: for recording a session to export.
  case unbounded
  /// Keep at least the `count` most recent actions (between `count` and `2 × count − 1`): when the
  /// history reaches `2 × count` entries, the oldest are folded into the state undo starts from.
  /// Undo then reaches back `count` actions at least; once entries were folded, the history cannot be
  /// exported (with the default, `.bounded(100)`: from the 200th action on). To export sessions of any
  /// length, record `.unbounded`.
  case bounded(Int)
  /// Record nothing: undo, redo and jump have nothing to travel, and export fails.
  case disabled
}

extension Store {
  /// The recorded actions and the position of the current state among them.
  public var history: History<Action> {
    History(entries: recorder.entries, position: recorder.position)
  }

  /// Whether ``undo()`` has an action to undo.
  public var canUndo: Bool {
    recorder.position > 0
  }

  /// Whether ``redo()`` has an undone action to redo.
  public var canRedo: Bool {
    recorder.position < recorder.entries.count
  }

  /// Goes back one action: the state becomes the state before the last applied action. Does nothing
  /// when ``canUndo`` is false.
  ///
  /// The state is recomputed with the reducer from the nearest snapshot (one every 64 actions), not
  /// by reversing anything; middleware does not run. Subscribers are told the new state. Called from
  /// a subscriber or middleware it is queued like a dispatch.
  ///
  /// ```swift
  /// store.dispatch(.increase)   // count 1
  /// store.undo()                // count 0
  /// store.redo()                // count 1
  /// ```
  ///
  /// - Complexity: With `.unbounded` recording, at most 63 reducer calls; with `.bounded(count)`, at
  ///   most `2 × count − 1`.
  public func undo() {
    submit(.undo, name: "undo()")
  }

  /// Goes forward one undone action. Does nothing when ``canRedo`` is false.
  ///
  /// - Complexity: One reducer call.
  public func redo() {
    submit(.redo, name: "redo()")
  }

  /// Makes the state the state after the first `position` recorded actions (0 is the initial state,
  /// `history.entries.count` the latest) and tells the subscribers.
  ///
  /// The entries after `position` stay, for `redo()` or another jump, until a new dispatch replaces
  /// them. Only the recorded actions are replayed, with the reducer: middleware does not run again.
  ///
  /// Called from a subscriber or middleware it is queued like a dispatch, and checked again when its
  /// turn comes: if a command queued before it shrank the history (a dispatch after an undo drops the
  /// undone entries; a bounded recording folds its oldest ones) so that `position` is out of range,
  /// the jump does nothing, as `undo()` does with nothing to undo.
  ///
  /// - Precondition: `0 <= position <= history.entries.count` when called.
  /// - Complexity: Going forward from the current state, one reducer call per action, in place.
  ///   Otherwise, with `.unbounded` recording, at most 63 reducer calls from the nearest snapshot
  ///   (taken every 64 actions); with `.bounded(count)`, up to `2 × count − 1` from the oldest kept state.
  public func jump(to position: Int) {
    precondition(
      (0...recorder.entries.count).contains(position),
      "Store.jump(to: \(position)) is out of range: the history has \(recorder.entries.count) entries")
    submit(.jump(position), name: "jump(to:)")
  }
}

/// The store's record of its actions, with the snapshots that make replays short. Only the store
/// mutates it.
@usableFromInline
struct HistoryRecorder<State, Action> {
  /// A snapshot is taken every this many actions.
  @usableFromInline static var snapshotInterval: Int { 64 }

  /// The state at position 0: the initial state, or the state after the entries a bounded recording
  /// dropped.
  @usableFromInline var base: State
  @usableFromInline var entries: [HistoryEntry<Action>] = []
  @usableFromInline var position = 0
  /// States at some positions (ascending, each in 1...entries.count).
  @usableFromInline var snapshots: [HistorySnapshot<State>] = []
  /// The position of the last snapshot, or 0 (the base).
  @usableFromInline var lastSnapshotPosition = 0
  /// How many old entries a bounded recording has dropped.
  @usableFromInline var droppedCount = 0
  @usableFromInline let recording: HistoryRecording
  /// Which actions are recorded (`nil`: all).
  @usableFromInline let records: (@Sendable (Action) -> Bool)?
  /// The position whose state includes unrecorded actions not yet kept in a snapshot, if any.
  @usableFromInline var unrecordedPosition: Int?
  @usableFromInline let isRecording: Bool
  /// Whether it takes snapshots (only an unbounded recording: a snapshot keeps a copy of the state).
  @usableFromInline let takesSnapshots: Bool
  /// How many entries a bounded recording keeps when it trims.
  @usableFromInline let keptCount: Int
  /// The entry count at which a bounded recording trims (`Int.max` when unbounded).
  @usableFromInline let trimCount: Int

  @usableFromInline init(base: State, recording: HistoryRecording, records: (@Sendable (Action) -> Bool)? = nil) {
    self.base = base
    self.recording = recording
    self.records = records
    takesSnapshots = recording == .unbounded
    switch recording {
    case .unbounded:
      isRecording = true
      keptCount = .max
      trimCount = .max
    case .bounded(let count):
      precondition(count > 0, "HistoryRecording.bounded(\(count)) needs a count of 1 or more; use .disabled")
      isRecording = true
      keptCount = count
      trimCount = count > Int.max / 2 ? .max : 2 * count
    case .disabled:
      isRecording = false
      keptCount = 0
      trimCount = .max
    }
  }

  /// Records `action`, whose result is `state`, at the current position (dropping any undone future).
  @inlinable mutating func record(_ action: Action, state: State, reducer: Reducer<State, Action>) {
    guard isRecording else { return }
    if _slowPath(position != entries.count) { dropFuture() }
    if let records, !records(action) {
      unrecordedPosition = position
      return
    }
    entries.append(HistoryEntry(action: action, date: Date()))
    position &+= 1
    if takesSnapshots && position &- lastSnapshotPosition >= Self.snapshotInterval {
      snapshots.append(HistorySnapshot(position: position, state: state))
      lastSnapshotPosition = position
    }
    if _slowPath(entries.count >= trimCount) { trim(reducer: reducer) }
  }

  /// Keeps `current`, the state at `unrecordedPosition` (which includes unrecorded actions), as a
  /// snapshot there, before it changes: before time travel (`action` nil) or a recorded action.
  @usableFromInline mutating func keepUnrecordedState(_ current: State, before action: Action?) {
    guard let at = unrecordedPosition else { return }
    if let action, let records, !records(action) { return }
    unrecordedPosition = nil
    while let last = snapshots.last, last.position >= at { snapshots.removeLast() }
    snapshots.append(HistorySnapshot(position: at, state: current))
    lastSnapshotPosition = at
  }

  /// Drops the entries after `position` (undone, and now replaced by a new action).
  @usableFromInline mutating func dropFuture() {
    entries.removeSubrange(position...)
    while let last = snapshots.last, last.position > position { snapshots.removeLast() }
    lastSnapshotPosition = snapshots.last?.position ?? 0
  }

  /// Folds the oldest entries into `base`, in place, keeping the `keptCount` most recent.
  @usableFromInline mutating func trim(reducer: Reducer<State, Action>) {
    let dropped = entries.count - keptCount
    // A bounded recording's only snapshots keep unrecorded actions' changes: start from the last one
    // folded, if any, after removing it (so `base` is unique and changes in place).
    var start = 0
    if let last = snapshots.lastIndex(where: { $0.position <= dropped }) {
      start = snapshots[last].position
      base = snapshots[last].state
    }
    snapshots.removeAll { $0.position <= dropped }
    for index in start..<dropped { reducer.reduce(&base, entries[index].action) }
    entries.removeFirst(dropped)
    for index in snapshots.indices { snapshots[index].position -= dropped }
    lastSnapshotPosition = snapshots.last?.position ?? 0
    position -= dropped
    droppedCount += dropped
  }

  /// The state after the first `target` entries, replayed with `reducer` from the nearest snapshot
  /// at or before `target`, or from `current` (the state at `position`) when that is nearer.
  @usableFromInline func state(at target: Int, current: State?, reducer: Reducer<State, Action>) -> State {
    var start = 0
    var state = base
    if let snapshot = snapshot(atOrBefore: target) {
      start = snapshot.position
      state = snapshot.state
    }
    if let current, position <= target, position >= start {
      start = position
      state = current
    }
    for index in start..<target {
      reducer.reduce(&state, entries[index].action)
    }
    return state
  }

  /// Makes `current` (the state at `position`) the state after the first `target` entries, and
  /// `target` the position: going forward from a start no nearer than `current`, in place.
  @usableFromInline mutating func travel(to target: Int, current: inout State, reducer: Reducer<State, Action>) {
    if position <= target && (snapshot(atOrBefore: target)?.position ?? 0) <= position {
      for index in position..<target { reducer.reduce(&current, entries[index].action) }
    } else {
      current = state(at: target, current: nil, reducer: reducer)
    }
    position = target
  }

  /// The last snapshot at or before `target`, by binary search.
  func snapshot(atOrBefore target: Int) -> HistorySnapshot<State>? {
    var low = 0
    var high = snapshots.count
    while low < high {
      let middle = (low + high) / 2
      if snapshots[middle].position <= target {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low == 0 ? nil : snapshots[low - 1]
  }

  /// A recorder holding `entries`, replayed from `base` (taking snapshots on the way), positioned at
  /// `position`; returns it with the state at `position`.
  static func replaying(
    _ entries: [HistoryEntry<Action>],
    position: Int,
    from base: State,
    recording: HistoryRecording,
    records: (@Sendable (Action) -> Bool)?,
    reducer: Reducer<State, Action>
  ) -> (HistoryRecorder, State) {
    var recorder = HistoryRecorder(base: base, recording: recording, records: records)
    guard recorder.isRecording else {
      var state = base
      for entry in entries.prefix(position) { reducer.reduce(&state, entry.action) }
      return (recorder, state)
    }
    recorder.entries = entries
    var state = base
    var atPosition = base
    for (index, entry) in entries.enumerated() {
      reducer.reduce(&state, entry.action)
      let count = index + 1
      if recorder.takesSnapshots && count - recorder.lastSnapshotPosition >= snapshotInterval {
        recorder.snapshots.append(HistorySnapshot(position: count, state: state))
        recorder.lastSnapshotPosition = count
      }
      if count == position { atPosition = state }
    }
    recorder.position = position
    return (recorder, atPosition)
  }
}

/// The state at one position of the history.
@usableFromInline
struct HistorySnapshot<State> {
  @usableFromInline var position: Int
  @usableFromInline var state: State

  @inlinable init(position: Int, state: State) {
    self.position = position
    self.state = state
  }
}
