// A `Computed` or a `CurrentValueSubject` read inside Observation's tracking (a SwiftUI body): the read is reported to
// Observation, and so is the next change of the value, after the propagation that made it and after the cut-off.
//
// Observation gives no public way to know whether a read runs inside its tracking: `ObservationRegistrar.access`
// looks its thread-local list up and does nothing outside, but costs about 140 instructions even then (a read of a
// clean computed costs 39). So a signal reports only when asked to (`reportingToObservation()`), and every other
// read pays nothing: the flag is folded into a test each read makes anyway.
//
// A reported read starts a watch of the node (one a node, until its value changes): the node's version then. The
// watch keeps no reference to the node and links nothing (the computed stays lazy, and may be freed on any thread):
// after each propagation that wrote a value computations read, while any watch runs, the graph checks the watches of
// its domain — a computed is brought up to date as a read would, and a version that moved is reported once (will
// and did set, together: the value is new by then) and ends the watch. Observation's tracking is one-shot too: the
// body that is told reads again, and watches again.

import Observation

#if !canImport(Darwin) && !RILL_PORTABLE_ATOMICS
  import Synchronization
#endif

/// How many watches of values read under Observation's tracking run, on any thread: while it is 0, a write to a
/// value computations read pays one relaxed load for them; otherwise a locked look-up of its own domain's, and a check
/// only where that domain has watches.
let observationWatches = TrackingWord(0)

extension Computed {
  /// Makes reads of ``value`` inside Observation's tracking — a SwiftUI view's `body`, `withObservationTracking` —
  /// depend on this computed, and returns it.
  ///
  /// A read of `value` outside Rill's own computations is reported to Observation; the first change of the value
  /// after it is reported once, after the propagation (or outermost ``batch(_:)``) that made it, and after the
  /// cut-off: an equal re-evaluation reports nothing. Observation's tracking is one-shot, as a view's is: what was
  /// told reads again, and is told of the next change.
  ///
  /// ```swift
  /// @Observable @MainActor final class GradeModel {
  ///   @ObservationIgnored let credit = CurrentValueSubject(0)
  ///   @ObservationIgnored let grade: Computed<String>
  ///   init() {
  ///     let credit = credit
  ///     grade = Computed { credit.value < 70 ? "fail" : "pass" }.reportingToObservation()
  ///   }
  /// }
  /// // In a view: Text(model.grade.value) re-renders when the grade changes, and only then.
  /// ```
  ///
  /// The computed stays lazy: a read under tracking links it to nothing, and it may be freed at any time. While a
  /// read watches it, each propagation of its domain that writes a value computations read brings it up to date (as
  /// a read would), to tell whether its value changed.
  ///
  /// Without this call Observation does not see reads of `value` at all: it offers no way to know that a read runs
  /// inside its tracking short of registering the read, which would cost every read of every computed about four
  /// times what it costs now. A read inside a Rill computation is never reported: that computation depends on this
  /// one, and reports its own value if it is marked.
  ///
  /// Call it where the computed lives (its isolation domain), before it is read under Observation.
  ///
  /// - Complexity: A reported read about 550 instructions (Observation's registration, a lock and a look-up); then,
  ///   while a watch runs, each propagation of its domain checks the watches of that domain, and a propagation of
  ///   another domain pays a locked look-up that finds none.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @discardableResult
  public final func reportingToObservation() -> Computed<Value> {
    flags |= ReactiveFlags.reportsToObservation
    return self
  }
}

extension CurrentValueSubject {
  /// Makes reads of ``value`` inside Observation's tracking — a SwiftUI view's `body`, `withObservationTracking` —
  /// depend on this subject, and returns it: the first write after such a read is reported once, after the
  /// propagation (or outermost ``batch(_:)``) that made it. Every write counts, equal or not.
  ///
  /// ```swift
  /// let credit = CurrentValueSubject(0).reportingToObservation()
  /// // In a view: Text("\(credit.value) points") re-renders at each write.
  /// ```
  ///
  /// Reads outside Observation's tracking, and reads inside Rill's computations, are not reported; unmarked
  /// subjects pay nothing for the feature (see ``Computed/reportingToObservation()``).
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @discardableResult
  public final func reportingToObservation() -> CurrentValueSubject<Value> {
    // Its reads are noted and its writes tell the graph only once it is a source of the tracked graph.
    if !has(ReactiveFlags.isTrackedSource) { becomeTrackedSource() }
    flags |= ReactiveFlags.reportsToObservation
    return self
  }
}

extension ReactiveNode {
  /// A read of a value that reports to Observation: reported, unless a computation running on this thread reads it
  /// (that computation depends on it instead).
  @usableFromInline @inline(never) final func noteReadForObservation() {
    guard !isTrackingOnThisThread else { return }
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      ObservationReads.noteRead(of: self)
    }
  }

  /// This value, which reported to Observation, is being freed: its watch and its registrar go (on any thread).
  final func forgetForObservation() {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      ObservationReads.forget(ObjectIdentifier(self))
    }
  }

  /// A write to a value computations read, while watches run: the watches of this domain are checked when this
  /// propagation's computeds have settled, as an effect of its own: once, however many values the propagation wrote
  /// (and however many graphs: the first one's check sees them all), and with no allocation (the effect is made once
  /// a thread, and its queue holds it unretained).
  @inline(never) final func scheduleObservationCheck() {
    // Watches run somewhere; a domain with none of its own pays a look-up, not a check (nor a checker).
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), ObservationReads.areWatchesRunning(in: .current)
    else { return }
    let checker = TrackingContext.withCurrent { context in
      if let checker = context.observationChecker { return checker }
      // Its run reads nothing as a dependency: everything it does is untracked. A graph of its own, idle: a write
      // that a report makes (from a tracking's `onChange`) goes ahead as anyone's, queued behind a busy graph.
      let checker = EffectNode(uncounted: { untracked(checkObservationWatches) })
      checker.graph = Graph(uncounted: ())
      context.observationChecker = checker
      return checker
    }
    guard !checker.has(ReactiveFlags.isScheduled) else { return }
    checker.flags |= ReactiveFlags.isDirty | ReactiveFlags.isScheduled
    withOwnRootGraph { $0.effects.push(checker) }
  }
}

/// The checker's run (see ``ReactiveNode/scheduleObservationCheck()``): watches start only where Observation is.
private func checkObservationWatches() {
  if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { ObservationReads.check() }
}

/// A value that reports to Observation, as Observation sees it: what a reported read registers with (its change is a
/// change of ``value`` here), and the watch that the read starts. One a value, made at its first reported read and
/// freed with it; its fields are guarded by ``ObservationReads/state``'s lock.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservationWatch: Observable, @unchecked Sendable {
  let registrar = ObservationRegistrar()
  /// The value; `nil` once freed (its `deinit` removes this watch next).
  weak var node: ReactiveNode?
  /// Where the watch started: its checks run in that domain.
  var place: ObservationDomain
  /// The value's version at the read that started the watch, or `nil` while none runs.
  var watchedVersion: UInt?

  init(node: ReactiveNode, place: ObservationDomain) {
    self.node = node
    self.place = place
  }

  /// The key Observation tracks: the value's.
  var value: Int { 0 }

  /// A read, for Observation's tracking running on this thread (if any).
  func access() {
    registrar.access(self, keyPath: \.value)
  }

  /// The value changed: every tracking that read it is told.
  func reportChange() {
    registrar.willSet(self, keyPath: \.value)
    registrar.didSet(self, keyPath: \.value)
  }
}

/// The values that report to Observation and were read outside Rill's computations, by identity, and which of them a
/// watch runs for. Locked: a value may be freed on any thread. Nothing but the collections' own code runs with the lock
/// held: reports, reads and releases (whose `deinit` may report) come after it is released. The lock is taken and
/// released by hand: a closure capturing the caller's variables allocated in a debug build.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum ObservationReads {
  struct State {
    var entries: [ObjectIdentifier: ObservationWatch] = [:]
    /// The values whose watch runs.
    var watched: Set<ObjectIdentifier> = []
    /// How many of them started in each domain (a domain with none has no key).
    var watchesByDomain: [UInt: Int] = [:]

    /// A watch starts in `domain`.
    mutating func count(watchStartedIn domain: ObservationDomain) {
      watchesByDomain[domain.number, default: 0] += 1
      observationWatches.wrappingAdd(1, ordering: .relaxed)
    }

    /// A watch that started in `domain` ends.
    mutating func count(watchEndedIn domain: ObservationDomain) {
      if let count = watchesByDomain[domain.number], count > 1 {
        watchesByDomain[domain.number] = count - 1
      } else {
        watchesByDomain[domain.number] = nil  // the table keeps its memory
      }
      observationWatches.wrappingSubtract(1, ordering: .relaxed)
    }
  }

  /// Whether a watch runs that a check in `domain` would look at: one started there.
  static func areWatchesRunning(in domain: ObservationDomain) -> Bool {
    state.lock()
    let running = state.state.watchesByDomain[domain.number] != nil
    state.unlock()
    return running
  }

  static let state = LockedState(State())

  /// `node`, up to date, was read outside Rill's computations: the read goes to Observation, and the watch starts
  /// unless it runs already.
  static func noteRead(of node: ReactiveNode) {
    let id = ObjectIdentifier(node)
    state.lock()
    let watch: ObservationWatch
    if let existing = state.state.entries[id] {
      watch = existing
    } else {
      watch = ObservationWatch(node: node, place: .current)
      state.state.entries[id] = watch
    }
    if watch.watchedVersion == nil {
      watch.watchedVersion = node.version
      watch.place = .current
      state.state.watched.insert(id)
      state.state.count(watchStartedIn: watch.place)
    }
    state.unlock()
    watch.access()
  }

  /// Ends the watch of the value `id` names, and forgets it (its `deinit`).
  static func forget(_ id: ObjectIdentifier) {
    state.lock()
    let watch = state.state.entries.removeValue(forKey: id)
    if state.state.watched.remove(id) != nil, let watch { state.state.count(watchEndedIn: watch.place) }
    state.unlock()
    withExtendedLifetime(watch) {}  // its registrar goes after the lock (Observation may tell its trackings)
  }

  /// After a propagation that wrote a value computations read: the watches of this domain whose value changed are
  /// reported, and end.
  static func check() {
    TrackingContext.withCurrent(check(using:))
  }

  /// ``check()``, with this thread's context, whose list of watches due keeps its memory from one check to the next.
  static func check(using context: TrackingContext) {
    let here = ObservationDomain.current
    var due = context.observationDue
    context.observationDue = []
    state.lock()
    for id in state.state.watched {
      guard let watch = state.state.entries[id], watch.place == here, let node = watch.node,
        let version = watch.watchedVersion
      else { continue }
      due.append((id, node, version))
    }
    state.unlock()
    var reports: [ObservationWatch] = []
    // By index: an iterator would hold the list past the loop in a debug build, and its reuse below would copy it.
    for index in due.indices {
      let watch = due[index]
      // A computed is brought up to date as a read would be (it may be lazy); a subject's version is its own. (The
      // check runs untracked: see the checker.)
      if watch.node.has(ReactiveFlags.isComputed) { watch.node.refresh() }
      guard watch.node.version != watch.version else { continue }
      state.lock()
      if state.state.watched.remove(watch.id) != nil, let ended = state.state.entries[watch.id] {
        state.state.count(watchEndedIn: ended.place)
        ended.watchedVersion = nil
        reports.append(ended)
      }
      state.unlock()
    }
    due.removeAll(keepingCapacity: true)  // a value freed meanwhile goes here, outside the lock
    context.observationDue = due
    for report in reports { report.reportChange() }
  }
}
