import RillStore

/// A demo session on the interactive screen: keys become commands, each view becomes a frame.
///
/// ```
/// Student credit: each click adds 5
///
///   Credit: 35   Status: fail
///
/// space, enter or + click · u undo · r redo · q quit
/// ```
public final class DemoScreen<D: Demo>: InteractiveScreen {
  /// The session shown.
  public let session: DemoSession<D>
  /// Colours or not.
  public let palette: Palette
  /// The legend's word for `q`: "quit", or "back" under the home screen.
  public let quitLabel: String
  private var rendering: Subscription?

  /// A screen for `session`.
  public init(session: DemoSession<D>, palette: Palette, quitLabel: String = "quit") {
    self.session = session
    self.palette = palette
    self.quitLabel = quitLabel
  }

  /// Draws a frame per view the session's pipeline emits, starting with the current one.
  public func show(_ draw: @escaping (String) -> Void) {
    let demo = session.demo
    let palette = self.palette
    let legend = demo.legend(quitLabel: quitLabel)
    rendering = session.view.subscribe { view in
      draw(Frame.render(demo.screen(for: view, palette: palette) + ["", legend]))
    }
  }

  /// Stops drawing.
  public func hide() {
    rendering?.cancel()
    rendering = nil
  }

  /// Performs the demo's command for `key`; `false` for its quit keys.
  public func handle(_ key: Key) -> Bool {
    guard let command = session.demo.command(for: key) else { return true }
    return session.perform(command)
  }
}

/// A replay on the interactive screen: the arrow keys step through the recorded states.
///
/// ```
/// Counter
///
///   Counter: 2
///
/// Replay: step 2 of 3 (the session ended at step 3)
/// ← → step · ↑ ↓ first/last · q quit
/// ```
public final class ReplayScreen<D: Demo>: InteractiveScreen {
  /// The replay shown.
  public let replay: Replay<D>
  /// Colours or not.
  public let palette: Palette
  private var rendering: Subscription?

  /// A screen for `replay`.
  public init(replay: Replay<D>, palette: Palette) {
    self.replay = replay
    self.palette = palette
  }

  /// Draws a frame per step: the view and the step, combined so they settle together.
  public func show(_ draw: @escaping (String) -> Void) {
    let demo = replay.session.demo
    let palette = self.palette
    let stepCount = replay.stepCount
    let endStep = replay.endStep
    rendering = combine(replay.session.view, replay.steps).subscribe { view, step in
      let ending = endStep == stepCount ? "" : " (the session ended at step \(endStep))"
      let lines =
        demo.screen(for: view, palette: palette) + [
          "", "Replay: step \(step) of \(stepCount)\(ending)", "← → step · ↑ ↓ first/last · q quit",
        ]
      draw(Frame.render(lines))
    }
  }

  /// Stops drawing.
  public func hide() {
    rendering?.cancel()
    rendering = nil
  }

  /// → (or `l`, space, enter) forward, ← (or `h`, backspace) back, ↑ first, ↓ last; `q` quits.
  public func handle(_ key: Key) -> Bool {
    switch key {
    case .right, .character("l"), .character(" "), .enter: replay.move(by: 1)
    case .left, .character("h"), .backspace: replay.move(by: -1)
    case .up, .character("g"): replay.move(by: -replay.stepCount)
    case .down, .character("G"): replay.move(by: replay.stepCount)
    case .character("q"), .control("c"), .control("d"), .escape: return false
    default: break
    }
    return true
  }
}
