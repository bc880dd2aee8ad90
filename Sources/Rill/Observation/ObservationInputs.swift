// A computation (a `Computed`, an effect) that reads `@Observable` properties depends on them (rule 16).
//
// Observation says what a piece of code read only through its tracking scope, and a scope costs about 230
// instructions, more than a whole computed node's run: every run in one would cost every computation about twice
// what it costs now. So a consumer's first run runs in a scope that only looks: Observation asks the scope's
// `onChange` only when the code read something (`withObservationTracking` takes it as an autoclosure), and that
// question is the answer. A consumer whose first run read an `@Observable` property is marked
// (``ReactiveFlags/readsObservation``), and from then on every run of it runs in a scope: what it reads is
// re-tracked at each run, so a property the last run did not read is not a dependency. A consumer whose first run
// read none runs as before (see the limit in `ObservationAndSwiftUI.md`).
//
// The change reaches the graph through a source of its own, the consumer's input: a `CurrentValueSubject<UInt>`
// that the consumer reads at the end of each such run, and that a change of a property it read writes. So the
// change goes through the graph as a write does: at most one run per consumer, glitch-free, cut off by equality,
// effects once.
//
// Timing. Observation's public tracking tells of a change before the value is stored (`willSet`), on the thread that
// writes. In the consumer's domain, the input is marked then — a read after the write returned runs the consumer
// again and sees the new value — and what the mark scheduled (observed computeds, effects, subscribers) runs on the
// next turn of the main queue, or with the next propagation of the graph, whichever comes first. A write made from
// inside a propagation (an effect, a subscriber) is queued behind it, like a write to a subject there; one made inside
// a `batch` waits for the batch's end. A consumer that ran between the notice and that turn may have seen the old
// value (code that runs inside the notice), so that turn runs it again: an equal result changes nothing.
//
// Memory. Observation's tracking is one-shot, and a registration stays until it fires: each scoped run first ends the
// consumer's last tracking, which read the input's own key (`token`), by sending that key's `willSet` — the tracking
// fires, finds it is not current, and Observation removes all its registrations. A freed consumer ends its tracking
// the same way.

import Dispatch
import Observation

#if !canImport(Darwin) && !RILL_PORTABLE_ATOMICS
  import Synchronization
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

#if DEBUG
  /// The `onChange` of a run that looks for a late read: Observation asks for it only when the run read a property.
  private func noteLateRead(_ didRead: inout Bool) -> @Sendable () -> Void {
    didRead = true
    return {}
  }
#endif

extension ReactiveNode {
  /// `body`, a run of this consumer (inside ``track(_:)``), inside Observation's tracking: looking, on a first run;
  /// depending, on every run of a consumer that read an `@Observable` property in its first.
  @usableFromInline @inline(never) final func runUnderObservation<Result>(_ body: () -> Result) -> Result {
    let isFirstRun = has(ReactiveFlags.looksAtObservation)
    flags &= ~ReactiveFlags.looksAtObservation
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return body() }
    if has(ReactiveFlags.readsObservation), let input = ObservationInput.of(self) {
      refreshDependenciesThatReadObservation()
      return input.run(of: self, body)
    }
    // Written so, not with a `guard isFirstRun else { return body() }` in release builds: that form made the
    // optimizer give up this function's specialization for an effect's run, and retain the effect around every run
    // (callgrind: kairo_broad +5.9%, cellx_100 +7.0% in the Computed rows).
    #if DEBUG
      if !isFirstRun { return runLookingForALateRead(body) }
      let result = withObservationTracking(body, onChange: ObservationInput.firstRunReadProperties(of: self))
      if !has(ReactiveFlags.readsObservation) { flags |= ReactiveFlags.checksLateObservationReads }
      return result
    #else
      return withObservationTracking(body, onChange: ObservationInput.firstRunReadProperties(of: self))
    #endif
  }

  #if DEBUG
    /// A later run of a consumer whose first run read no `@Observable` property (debug builds): looked at, and, if it
    /// reads one, a warning, once — that property is not a dependency (only a first run is looked at in a release
    /// build, where a scope at every run would cost every run more than the run).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final func runLookingForALateRead<Result>(_ body: () -> Result) -> Result {
      var didRead = false
      let nestedBefore = TrackingContext.withCurrent { $0.runsThatReadObservation }
      let result = withObservationTracking(body, onChange: noteLateRead(&didRead))
      // A computation evaluated inside this run that read properties merged its reads into this run's: not a late
      // read of this one's (it may have made one too: the warning is for the certain cases).
      if didRead && TrackingContext.withCurrent({ $0.runsThatReadObservation }) == nestedBefore {
        flags &= ~ReactiveFlags.checksLateObservationReads
        let message =
          "Rill: warning: \(closureForFailure) read an @Observable property in a later run, but none in its first: "
          + "it does not depend on it, and will not run again when it changes. Read such a property in the first run "
          + "too (see \"Observation and SwiftUI\"). This warning is shown once for this computation, in debug builds.\n"
        var text = message
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }  // standard error
      }
      return result
    }
  #endif

  /// Brings the computeds this consumer read last run that read `@Observable` properties up to date, before its own
  /// tracking starts: Observation merges a tracking nested in another into it, so one of them evaluated inside this
  /// run would make this consumer depend on that one's properties — run again at each change of them, past that
  /// one's cut-off, and nest it again. (A computed this run reads for the first time may still nest, once.)
  final func refreshDependenciesThatReadObservation() {
    let both = ReactiveFlags.isComputed | ReactiveFlags.readsObservation
    var index = 0
    while index < dependencies.count {
      dependencies[index].source._withUnsafeGuaranteedRef { source in
        if source.flags & both == both { source.refresh() }
      }
      index &+= 1
    }
  }

  /// A consumer that read `@Observable` properties is being freed (on any thread): its input goes, and its tracking.
  final func forgetObservationInput() {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      ObservationInput.forget(self)
    }
  }
}

/// The source through which a change of the `@Observable` properties a consumer read reaches the graph (see the file's
/// comment). One a consumer, made at the first run that read a property, freed with the consumer. Its state is the
/// consumer's domain's, but ``isRetired``.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservationInput: Observable, @unchecked Sendable {
  let registrar = ObservationRegistrar()
  /// What the consumer reads at the end of each run, and a change writes.
  let source = CurrentValueSubject<UInt>(0)
  /// The consumer's domain: where its first run ran.
  let place: ObservationDomain
  /// The number of the consumer's current tracking: a tracking that fires with another is over.
  var generation: UInt = 0
  /// Whether the current tracking read ``token`` and has not fired: the next run ends it.
  var isTrackingPending = false
  /// Between a change's notice, which marked ``source``, and the turn that runs what the mark scheduled.
  var isChanging = false
  /// Whether a computed's run read ``source`` while ``isChanging``, in the turn of the notice: it may have run inside
  /// the notice, and seen the value before the change.
  var wasReadWhileChanging = false
  /// The main queue's turn (``mainQueueTurns``) in which the notice came.
  var noticeTurn: UInt = 0

  /// How many turns the inputs asked of the main queue have started: a run in a later turn than a notice's runs after
  /// the value was stored (the notice's turn wrote it before it ended). Read and written on the main queue only.
  nonisolated(unsafe) static var mainQueueTurns: UInt = 0
  /// How many notices reached the domain, current or not (for the tests: a tracking the next run did not end would
  /// add one per run).
  var noticesInDomain = 0
  /// Set once the consumer is freed, on the thread that frees it: a tracking that fires then does nothing.
  let isRetired = TrackingWord(0)

  init(place: ObservationDomain) {
    self.place = place
  }

  /// The key each scoped run reads, so that its tracking can be ended (see ``endPendingTracking()``).
  var token: Int { 0 }

  // MARK: The inputs of consumers

  /// The inputs, by consumer. Locked: a consumer may be freed on any thread.
  static let inputs = LockedState([ObjectIdentifier: ObservationInput]())

  /// The input of `consumer`, which is marked.
  static func of(_ consumer: ReactiveNode) -> ObservationInput? {
    inputs.lock()
    let input = inputs.state[ObjectIdentifier(consumer)]
    inputs.unlock()
    return input
  }

  /// The `onChange` of a consumer's first run, which Observation asks for only when the run read a property: the
  /// consumer is marked, its input made and read (inside the run: an edge like any other), and the change handler is
  /// returned. That first tracking did not read ``token``: it stays until a property it read changes.
  static func firstRunReadProperties(of consumer: ReactiveNode) -> @Sendable () -> Void {
    let input = ObservationInput(place: .current)
    inputs.lock()
    inputs.state[ObjectIdentifier(consumer)] = input
    inputs.unlock()
    consumer.flags |= ReactiveFlags.readsObservation
    TrackingContext.withCurrent { $0.runsThatReadObservation &+= 1 }
    input.noteReadByConsumer(consumer)
    return input.changeHandler(for: input.generation)
  }

  /// `consumer` is being freed: its input goes, and the tracking its last run left, which the input ends now (after
  /// the lock: Observation calls the handler, which finds the input retired).
  static func forget(_ consumer: ReactiveNode) {
    inputs.lock()
    let input = inputs.state.removeValue(forKey: ObjectIdentifier(consumer))
    inputs.unlock()
    guard let input else { return }
    input.isRetired.store(1, ordering: .relaxed)
    input.endTracking()
  }

  // MARK: Runs

  /// A run of the consumer, which read properties before: the last run's tracking ends, this run's starts, and the
  /// run reads the input (depends on it).
  func run<Result>(of consumer: ReactiveNode, _ body: () -> Result) -> Result {
    generation &+= 1  // first: the tracking ended below finds it is not current
    endPendingTracking()
    let result = withObservationTracking(
      {
        registrar.access(self, keyPath: \.token)
        return body()
      }, onChange: changeHandler(for: generation))
    isTrackingPending = true
    TrackingContext.withCurrent { $0.runsThatReadObservation &+= 1 }
    noteReadByConsumer(consumer)
    return result
  }

  /// The consumer, running, reads its input: an edge, recorded as any read's.
  func noteReadByConsumer(_ consumer: ReactiveNode) {
    _ = source.value
    // An effect runs in a propagation, which a notice does not start: only a computed is pulled inside one.
    if isChanging && noticeTurn == Self.mainQueueTurns && consumer.has(ReactiveFlags.isComputed) {
      wasReadWhileChanging = true
    }
  }

  /// Ends the tracking the consumer's last run started, if it has not fired.
  func endPendingTracking() {
    guard isTrackingPending else { return }
    isTrackingPending = false
    endTracking()
  }

  /// Fires every tracking that read ``token``: each finds it is not current (or the input retired) and Observation
  /// removes its registrations.
  func endTracking() {
    registrar.willSet(self, keyPath: \.token)
    registrar.didSet(self, keyPath: \.token)
  }

  // MARK: Changes

  /// What Observation calls when a property that the run numbered `generation` read is about to change: on the
  /// thread that writes, before the value is stored.
  func changeHandler(for generation: UInt) -> @Sendable () -> Void {
    { [weak self] in self?.propertyWillChange(generation: generation) }
  }

  /// A property the run numbered `generation` read is about to change (see ``changeHandler(for:)``).
  func propertyWillChange(generation: UInt) {
    guard isRetired.load(ordering: .relaxed) == 0 else { return }
    if place.includesCurrentCode() {
      changeInDomain(generation: generation)
    } else if place.isMainQueue {
      // Written elsewhere: the domain hears it on its next turn, as a write, and again 10 ms later. The notice comes
      // before the writing thread stores the value, and nothing tells when it has: the next turn may come first (on
      // two cores it does, now and then), and would keep the old value with nothing left to tell it.
      DispatchQueue.main.async { [weak self] in self?.changeFromElsewhere(generation: generation) }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) { [weak self] in self?.writeAgain() }
    }
    // A thread's domain cannot be reached from another thread: the change is not heard (see the docs).
  }

  /// ``propertyWillChange(generation:)`` in the consumer's domain.
  func changeInDomain(generation: UInt) {
    noticesInDomain += 1
    guard generation == self.generation else { return }  // a tracking the consumer's next run replaced
    isTrackingPending = false
    if let running = TrackingContext.existing?.running {
      guard running._withUnsafeGuaranteedRef({ $0.has(ReactiveFlags.isEffect) }) else {
        // A computed's closure writes the property: nothing can be marked inside its run. The next turn writes.
        if place.isMainQueue {
          DispatchQueue.main.async { [weak self] in self?.changeFromElsewhere(generation: generation) }
        }
        return
      }
      // An effect writes it: the write is queued behind the effect (rule 14), and delivered after the value is stored.
      source.send(source.current &+ 1)
      return
    }
    guard source.markChangedForLater() else {
      // Inside a propagation of the input's graph: the write is queued behind it, and delivered after the value is
      // stored (as any write there).
      source.send(source.current &+ 1)
      return
    }
    // On the main queue the next turn runs what the mark scheduled; a thread's domain has no turn to ask for: its
    // next propagation runs it.
    guard place.isMainQueue else { return }
    isChanging = true
    wasReadWhileChanging = false
    noticeTurn = Self.mainQueueTurns
    DispatchQueue.main.async { [weak self] in self?.finishChange() }
  }

  /// The turn after a change's notice: what the mark scheduled runs, and the consumers that ran since the notice run
  /// again (they may have seen the value before the change).
  func finishChange() {
    Self.mainQueueTurns &+= 1
    guard isChanging else { return }
    isChanging = false
    if wasReadWhileChanging {
      source.send(source.current &+ 1)
    } else if source.startPropagation() {
      // What the notice marked runs now: the values read under Observation's tracking are checked after it.
      if observationWatches.load(ordering: .relaxed) != 0 { source.scheduleObservationCheck() }
      source.finishPropagation()
    }
  }

  /// A change heard on the domain's turn after the notice (written on another thread, or from a computed's closure):
  /// the input is written.
  func changeFromElsewhere(generation: UInt) {
    Self.mainQueueTurns &+= 1
    guard generation == self.generation else { return }
    isTrackingPending = false
    source.send(source.current &+ 1)
  }

  /// 10 ms after a notice from another thread: the input is written again, so the consumer runs with the stored value
  /// even if the first turn ran before the store (an equal result changes nothing).
  func writeAgain() {
    Self.mainQueueTurns &+= 1
    guard isRetired.load(ordering: .relaxed) == 0 else { return }
    source.send(source.current &+ 1)
  }
}

extension CurrentValueSubject where Value == UInt {
  /// Counts a change and marks what read this subject, without running what the mark scheduled: that runs with the
  /// graph's next propagation (or the open batch's end). Returns false, changing nothing, while the graph propagates.
  func markChangedForLater() -> Bool {
    guard startPropagation() else { return false }
    current &+= 1
    // Not `sourceChanged()`: the check of Observation's watches is an effect, one a thread, and left waiting in this
    // graph until the next turn it would keep every other graph's propagation from checking. The turn that runs what
    // this marks asks for the check (see `ObservationInput.finishChange()`).
    if has(ReactiveFlags.isTrackedSource) { countChangeAndMarkDependents() }
    let root = currentGraph
    if root.depth == 1 && root.hasWork && BatchScope.holdIfBatching(root) { return true }
    root.depth &-= 1
    return true
  }
}
