/// Why a node last ran: its inputs in that run, and which of them had changed.
///
/// For a ``Computed`` and an ``effect(_:)``, the inputs are what the run read, in the order it read them, each
/// changed since the run before read it, unchanged, or newly read (read where the run before did not read it: a new
/// dependency, or one read in another order). For a join (`combine`, `merge`, `withLatestFrom`, `take(until:)`…) it
/// is the signals it joins, in order, and whether each delivered a value since the emission before. Ask a signal
/// with ``Signal/lastRunReason``, or have a line written at each run with ``Signal/traced(_:)`` (and
/// ``effect(named:trace:_:)``):
///
/// ```swift
/// let label = Computed { "\(grade.value) (\(color.value))" }.named("label").traced()
/// credit.value = 75
/// // Computed "label" ran: Computed "grade" changed, Computed "color" changed
/// ```
///
/// Kept by debug builds of Rill only: it costs a byte per edge and a step per read there, and a release build
/// nothing (``Signal/lastRunReason`` is `nil`, and no line is written).
public struct RunReason: Hashable, Sendable, CustomStringConvertible {
  /// One input of the run.
  public struct Input: Hashable, Sendable {
    /// How the run found the input.
    public enum Change: UInt8, Hashable, Sendable {
      /// Changed since the run before read it (for a join: delivered a value since its emission before).
      case changed
      /// Unchanged.
      case unchanged
      /// Read where the run before did not read it: a new dependency, or one read in another order.
      case newlyRead
    }

    /// What the input is.
    public let kind: NodeKind
    /// Its name (``Signal/named(_:)``), or `nil`.
    public let name: String?
    /// The type of its values.
    public let valueType: String?
    /// How the run found it.
    public let change: Change
  }

  /// What ran.
  public let kind: NodeKind
  /// Its name, or `nil`.
  public let name: String?
  /// The inputs of the run, in order.
  public let inputs: [Input]

  /// The inputs that made the run: changed or newly read.
  public var changedInputs: [Input] { inputs.filter { $0.change != .unchanged } }

  /// One line: what ran, then each input and how the run found it. A name is written as the live graph's text
  /// writes it (``LiveGraph/text``), so a quote or a line break in it is escaped.
  ///
  /// `Computed "label" ran: Computed "grade" changed, Computed "color" unchanged`
  public var description: String {
    let what = RunReason.describe(kind: kind, name: name, valueType: nil)
    let verb = kind == .computed || kind == .effect ? "ran" : "emitted"
    let inputs = inputs.map { input in
      let change =
        switch input.change {
        case .changed: "changed"
        case .unchanged: "unchanged"
        case .newlyRead: "newly read"
        }
      return RunReason.describe(kind: input.kind, name: input.name, valueType: input.valueType) + " " + change
    }
    return "\(what) \(verb): " + (inputs.isEmpty ? "no inputs" : inputs.joined(separator: ", "))
  }

  /// `kind "name"` (the name escaped as in ``LiveGraph/text``), or `kind (Type)` for a node with no name.
  static func describe(kind: NodeKind, name: String?, valueType: String?) -> String {
    if let name { return "\(kind.name) " + LiveGraph.quoted(name) }
    return valueType.map { "\(kind.name) (\($0))" } ?? kind.name
  }

  /// An input of `object` (a signal, or a tracked-graph node), found as `change`.
  static func input(_ object: AnyObject, _ change: Input.Change) -> Input {
    guard let node = object as? any LiveNode else {
      return Input(kind: .signal, name: nil, valueType: nil, change: change)
    }
    return Input(
      kind: node.liveKind, name: node.liveName, valueType: node.liveValueType.map(LiveGraphWalk.typeDescription),
      change: change)
  }
}

extension Signal {
  /// Why this signal last ran — a computed re-evaluated, a join emitted — or `nil`: before its first run, for a
  /// subject, and in a release build of Rill (see ``RunReason``).
  ///
  /// ```swift
  /// credit.value = 75
  /// print(view.lastRunReason!)   // combine emitted: map "color" changed, map "status" changed
  /// ```
  public var lastRunReason: RunReason? {
    #if DEBUG
      runReason()
    #else
      nil
    #endif
  }

  /// Has a line written to `trace` (standard output by default) each time this signal runs, saying why (see
  /// ``RunReason``): a computed's re-evaluation, a join's or another operator's emission. Debug builds of Rill
  /// only: a release build never calls `trace`. Returns this signal.
  ///
  /// ```swift
  /// let view = combine(color, status).named("view").traced()
  /// let shown = view.subscribe { _ in }   // a node runs only while observed
  /// credit.value = 75   // prints "combine "view" emitted: map "color" changed, map "status" changed"
  /// ```
  ///
  /// `trace` is called where the signal runs, in its graph's isolation domain (the one this call is made in), as
  /// its observers are; so it need not be `@Sendable`, and a test collects the lines in a plain array:
  ///
  /// ```swift
  /// var lines: [String] = []
  /// let total = Computed { credit.value + bonus.value }.named("total").traced { lines.append($0) }
  /// ```
  @discardableResult
  public func traced(_ trace: @escaping (String) -> Void = { Swift.print($0) }) -> Self {
    NodeNames.setTrace(trace, for: self)
    isLabelled = true
    isTraced = true
    return self
  }

  /// Writes why this signal ran to its trace, if it has one.
  final func writeTrace() {
    guard let trace = NodeNames.trace(of: self), let reason = runReason() else { return }
    trace(reason.description)
  }
}

extension ReactiveNode {
  /// Why this computed or effect last ran (debug builds), or `nil` before its first run (`hasRun` says it has: a
  /// computed's first value is stored after its run ends).
  final func trackedRunReason(hasRun: Bool = false) -> RunReason? {
    #if DEBUG
      if !hasRun && has(ReactiveFlags.isComputed) && !has(ReactiveFlags.hasValue) { return nil }
      var inputs: [RunReason.Input] = []
      for index in 0..<dependencies.count {
        let edge = dependencies[index]
        inputs.append(RunReason.input(edge.source.takeUnretainedValue(), edge.change))
      }
      return RunReason(kind: liveKind, name: liveName, inputs: inputs)
    #else
      return nil
    #endif
  }

  /// Writes why this computed or effect ran to its trace (kept on its signal, for a computed).
  @usableFromInline final func traceRun() {
    guard let trace = NodeNames.trace(of: self), let reason = trackedRunReason(hasRun: true) else { return }
    trace(reason.description)
  }
}

#if DEBUG
  extension Signal {
    /// `observer`, which feeds `node`, first noting that this signal delivered when `node` is a join that keeps
    /// track (debug builds; see ``RunReason``). A forwarding node is not a join: its observer stays as it is.
    @usableFromInline final func recordingArrivals(
      _ observer: @escaping (Value) -> Void, feeding node: AnyObject
    ) -> (Value) -> Void {
      guard let join = node as? any JoinArrivals, join.recordsArrivals else { return observer }
      let upstream = ObjectIdentifier(self)
      return { [unowned(unsafe) join] value in
        join.noteArrival(from: upstream)
        observer(value)
      }
    }
  }

  /// A node that keeps which of its upstreams delivered since it last emitted.
  protocol JoinArrivals: AnyObject {
    /// Whether it keeps them: it has more than one upstream.
    var recordsArrivals: Bool { get }
    /// `upstream` delivered a value.
    func noteArrival(from upstream: ObjectIdentifier)
  }

  extension DerivedSignal: JoinArrivals {
    var recordsArrivals: Bool { hasOtherUpstreams }

    func noteArrival(from upstream: ObjectIdentifier) {
      arrivals.insert(upstream)
    }
  }
#endif
