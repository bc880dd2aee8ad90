import Observation
import Testing

@testable import Rill

/// `Signal.observing(_:)`: a signal of an expression over `@Observable` properties.
@MainActor @Suite(.timeLimit(.minutes(5))) struct ObservingTests {
  @Test func replaysTheCurrentValueThenEmitsEachNewValueAfterTheChange() async {
    let profile = Profile()
    var names: [String] = []
    let subscription = Signal.observing { profile.name }.subscribe { names.append($0) }
    #expect(names == ["Ada"])
    profile.name = "Grace"
    await yield { names.count == 2 }
    profile.name = "Barbara"
    await yield { names.count == 3 }
    #expect(names == ["Ada", "Grace", "Barbara"])
    subscription.cancel()
  }

  @Test func emitsOncePerChangeTransaction() async {
    let profile = Profile()
    var seen: [String] = []
    let subscription = Signal.observing { "\(profile.name) \(profile.count)" }.subscribe { seen.append($0) }
    profile.rename("Grace", count: 2)
    profile.count = 3
    await yield { seen.count == 2 }
    await settle()
    #expect(seen == ["Ada 0", "Grace 3"])
    subscription.cancel()
  }

  @Test func aChangeOfAPropertyItDidNotReadEmitsNothing() async {
    let profile = Profile()
    var names: [String] = []
    let subscription = Signal.observing { profile.name }.subscribe { names.append($0) }
    profile.count = 1
    await settle()
    profile.name = "Grace"
    await yield { names.count == 2 }
    await settle()
    #expect(names == ["Ada", "Grace"])
    subscription.cancel()
  }

  /// Observation's tracking is one-shot: after the report of a change, nothing tracks the model until the signal
  /// reads it again. A change made in that window is told to nobody, and not lost: the read sees it, and tracks
  /// again from there.
  @Test func aChangeBetweenTheReportAndTheNextReadIsNotLost() async {
    let profile = Profile()
    var names: [String] = []
    let subscription = Signal.observing { profile.name }.subscribe { names.append($0) }
    profile.name = "Grace"  // reported: the read waits for the main actor
    profile.name = "Barbara"  // in the window: no tracking to tell
    await yield { names.last == "Barbara" }
    await settle()
    #expect(names == ["Ada", "Barbara"])
    profile.name = "Ada"  // tracked again since that read
    await yield { names.count == 3 }
    #expect(names == ["Ada", "Barbara", "Ada"])
    subscription.cancel()
  }

  @Test func eachEvaluationTracksWhatItReadThisTime() async {
    let profile = Profile()
    profile.showsName = false
    var seen: [String] = []
    let subscription = Signal.observing { profile.showsName ? profile.name : "hidden" }.subscribe { seen.append($0) }
    profile.name = "Grace"  // not read: no new value
    await settle()
    #expect(seen == ["hidden"])
    profile.showsName = true
    await yield { seen.count == 2 }
    profile.name = "Barbara"  // read now
    await yield { seen.count == 3 }
    #expect(seen == ["hidden", "Grace", "Barbara"])
    subscription.cancel()
  }

  @Test func theLastSubscriberLeavingStopsTheTrackingAndFreesTheNode() async {
    let profile = Profile()
    var evaluations = 0
    weak var node: Signal<String>?
    var subscription: Subscription?
    do {
      let signal = Signal.observing {
        evaluations += 1
        return profile.name
      }
      node = signal
      subscription = signal.subscribe { _ in }
    }
    #expect(evaluations == 1)
    #expect(node != nil)
    subscription?.cancel()
    subscription = nil
    profile.name = "Grace"
    await settle()
    #expect(evaluations == 1)
    await yield { node == nil }
    #expect(node == nil)
  }

  @Test func aLaterSubscriberGetsTheLatestValue() async {
    let profile = Profile()
    let signal = Signal.observing { profile.name }
    var first: [String] = []
    var second: [String] = []
    let a = signal.subscribe { first.append($0) }
    profile.name = "Grace"
    await yield { first.count == 2 }
    let b = signal.subscribe { second.append($0) }
    #expect(second == ["Grace"])
    a.cancel()
    b.cancel()
  }
}
