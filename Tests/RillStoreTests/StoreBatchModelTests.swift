import Rill
import RillStore
import Testing

/// Random batches of dispatches, time travel and dispatches made from observers (queued in the state's graph),
/// with joins over selections that leave settles pending and subscribers coming and going. After every step: a
/// new subscriber of the state and of a closure selection starts from the current state, and every subscriber's
/// last state is the current one.
@Suite struct StoreBatchModelTests {
  typealias Rectangle = StoreBatchTests.Rectangle
  typealias Resize = StoreBatchTests.Resize

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func everySubscriberEndsAtTheCurrentState(seed: UInt64) {
    var random = EntityTableModelTests.SeededGenerator(state: seed)
    let store = StoreBatchTests.rectangleStore()
    let trigger = Subject<Resize>()
    let dispatcher = trigger.subscribe { store.dispatch($0) }
    let joined = combine(trigger.map { _ in 0 }, store.select(\.width), store.select(\.height)) { $0 + $1 * $2 }
      .subscribe { _ in }
    var observers: [(log: StateLog, subscription: Subscription)] = []

    func randomResize() -> Resize {
      Bool.random(using: &random)
        ? .width(Int.random(in: 1...9, using: &random)) : .height(Int.random(in: 1...9, using: &random))
    }
    func randomCommand() {
      switch Int.random(in: 0..<6, using: &random) {
      case 0, 1: store.dispatch(randomResize())
      case 2: trigger.send(randomResize())  // dispatched from an observer: queued in the graph
      case 3: store.undo()
      case 4: store.redo()
      default:
        let log = StateLog()
        observers.append((log, store.state.subscribe { log.states.append($0) }))
      }
    }

    for step in 0..<300 {
      if Bool.random(using: &random) {
        batch { for _ in 0..<Int.random(in: 1...6, using: &random) { randomCommand() } }
      } else {
        randomCommand()
      }
      if observers.count > 4 { observers.remove(at: Int.random(in: 0..<observers.count, using: &random)) }

      let current = store.currentState
      var replayed: [Rectangle] = []
      let late = store.state.subscribe { replayed.append($0) }
      #expect(replayed == [current], "seed \(seed), step \(step): the state replays")
      var areas: [Int] = []
      let area = store.select { $0.width * $0.height }.subscribe { areas.append($0) }
      #expect(areas == [current.width * current.height], "seed \(seed), step \(step): a closure selection")
      for observer in observers {
        #expect(observer.log.states.last == current, "seed \(seed), step \(step): an observer's last state")
      }
      withExtendedLifetime((late, area)) {}
    }
    withExtendedLifetime((dispatcher, joined)) {}
  }

  final class StateLog {
    var states: [Rectangle] = []
  }
}
