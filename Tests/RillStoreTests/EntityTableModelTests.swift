import Foundation
import RillStore
import TestSupport
import Testing

/// Per-id observation against a plain reference: random inserts, merges, renames (some of which throw
/// after editing, and must change nothing), removals, re-adds, dispatches of many ids, undo, redo, jumps,
/// export and import, with observers coming and going. Every observer must hear exactly the successive
/// distinct states of its own model, in order.
@Suite struct EntityTableModelTests {
  /// A small seeded generator (SplitMix64), so a failure replays.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// The plain model of the store: every state of the history as a dictionary, and the position.
  struct Reference {
    var states: [[Int: User]] = [[:]]
    var position = 0
    var current: [Int: User] { states[position] }

    mutating func apply(_ action: DirectoryAction) {
      var users = current
      switch action {
      case .loaded(let loaded): for user in loaded { users[user.id] = user }
      case .patched(let patches):
        for patch in patches {
          if var user = users[patch.id] {
            patch.merge(into: &user)
            users[patch.id] = user
          }
        }
      case .removed(let ids): for id in ids { users[id] = nil }
      case .retitled: break
      case .renamed(let id, let name, let rejected):
        if !rejected, users[id] != nil { users[id]?.name = name }
      }
      states = Array(states[...position]) + [users]
      position += 1
    }
  }

  /// One observer: what it heard, and what the reference says it should have heard.
  final class Observer {
    let id: Int
    var heard: [User?] = []
    var expected: [User?] = []
    var subscription: Subscription?

    init(id: Int) {
      self.id = id
    }
  }

  static let names = ["Ada", "Alan", "Grace", "Kay"]

  /// 150 random steps per seed; 400 with `RILL_STRESS=1` (see ``StressSize``).
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func everyObserverHearsExactlyItsModelsStates(seed: UInt64) throws {
    var random = SeededGenerator(state: seed)
    let store = Store(initialState: Directory(), reducer: directoryReducer(), recording: .unbounded)
    var reference = Reference()
    var observers: [Observer] = []
    var saved: [(data: Data, reference: Reference)] = []
    let ids = 0..<12

    func subscribeOne() {
      let observer = Observer(id: Int.random(in: ids, using: &random))
      observer.expected.append(reference.current[observer.id])
      observer.subscription = store.entity(observer.id, in: \.users).subscribe { [unowned observer] in
        observer.heard.append($0)
      }
      observers.append(observer)
    }
    func randomUser() -> User {
      User(
        id: Int.random(in: ids, using: &random), name: Self.names.randomElement(using: &random)!,
        isOnline: Bool.random(using: &random))
    }
    func randomPatch() -> UserPatch {
      UserPatch(
        id: Int.random(in: ids, using: &random),
        name: Bool.random(using: &random) ? Self.names.randomElement(using: &random) : nil,
        isOnline: Bool.random(using: &random) ? Bool.random(using: &random) : nil)
    }
    func dispatch(_ action: DirectoryAction) {
      store.dispatch(action)
      reference.apply(action)
    }

    for _ in 0..<8 { subscribeOne() }
    for _ in 0..<StressSize.pick(default: 150, stress: 400) {
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<20: dispatch(.loaded((0..<Int.random(in: 1...4, using: &random)).map { _ in randomUser() }))
      case 20..<45: dispatch(.patched((0..<Int.random(in: 1...5, using: &random)).map { _ in randomPatch() }))
      case 45..<55:
        dispatch(.removed((0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: ids, using: &random) }))
      case 55..<57: dispatch(.retitled(Self.names.randomElement(using: &random)!))
      case 57..<60:
        dispatch(
          .renamed(
            Int.random(in: ids, using: &random), to: Self.names.randomElement(using: &random)!,
            rejected: Bool.random(using: &random)))
      case 60..<68:
        store.undo()
        if reference.position > 0 { reference.position -= 1 }
      case 68..<74:
        store.redo()
        if reference.position < reference.states.count - 1 { reference.position += 1 }
      case 74..<80:
        let position = Int.random(in: 0..<reference.states.count, using: &random)
        store.jump(to: position)
        reference.position = position
      case 80..<84: saved.append((try store.exportHistory(), reference))
      case 84..<88:
        if let (data, savedReference) = saved.randomElement(using: &random) {
          try store.importHistory(data)
          reference = savedReference
        }
      case 88..<94: subscribeOne()
      default:
        if !observers.isEmpty {
          let observer = observers.remove(at: Int.random(in: observers.indices, using: &random))
          observer.subscription?.cancel()
          #expect(observer.heard == observer.expected, "observer of \(observer.id), seed \(seed)")
        }
      }
      for observer in observers where observer.expected.last! != reference.current[observer.id] {
        observer.expected.append(reference.current[observer.id])
      }
      #expect(Dictionary(uniqueKeysWithValues: store.currentState.users.map { ($0.id, $0) }) == reference.current)
    }
    for observer in observers {
      #expect(observer.heard == observer.expected, "observer of \(observer.id), seed \(seed)")
    }
  }
}
