import Testing

@testable import Rill

/// The nodes that keep a value of their upstreams' types as state (`removeDuplicates`' last value, `pairwise`'s
/// previous one, `withLatestFrom`'s latest other, a two-source `combine`'s latest pair) keep it in a field typed by a
/// generic argument of their class (see `OptionalState`): what it holds is forgotten at the disconnect, and freed
/// with the node.
@Suite(.freesEverything) struct NodeStateTests {
  final class Token: Equatable {
    let number: Int
    init(_ number: Int) { self.number = number }
    static func == (left: Token, right: Token) -> Bool { left.number == right.number }
  }

  enum Operator: CaseIterable {
    case removeDuplicates, pairwise, withLatestFrom, combineOfTwo
  }

  /// The signal the operator makes of `source` (and `other`), emitting the number of the token it last took from
  /// `source`.
  static func signal(_ kind: Operator, _ source: Signal<Token>, _ other: Signal<Token>) -> Signal<Int> {
    switch kind {
    case .removeDuplicates: source.removeDuplicates().map(\.number)
    case .pairwise: source.pairwise().map { $0.1.number }
    case .withLatestFrom: source.withLatestFrom(other) { first, _ in first.number }
    case .combineOfTwo: combine(source, other).map { $0.0.number }
    }
  }

  @Test(arguments: Operator.allCases)
  func whatTheNodeHoldsIsFreedWithItAndForgottenAtTheDisconnect(kind: Operator) {
    weak var weakLast: Token?
    weak var weakOther: Token?
    weak var weakNode: Signal<Int>?
    let source = Subject<Token>()
    let other = Subject<Token>()
    var heard: [Int] = []
    /// Sends a token of `number` from `source`, made here so that only the graph holds it.
    func send(_ number: Int) {
      let token = Token(number)
      weakLast = token
      source.send(token)
    }
    func sendOther() {
      let token = Token(0)
      weakOther = token
      other.send(token)
    }
    do {
      let node = Self.signal(kind, source, other)
      weakNode = node
      let subscription = node.subscribe { heard.append($0) }
      sendOther()
      send(1)
      send(2)
      // The node keeps it: the last value, the previous one, the latest pair (`withLatestFrom` keeps only other's).
      #expect(weakLast != nil || kind == .withLatestFrom)
      #expect(weakOther != nil || kind == .removeDuplicates || kind == .pairwise)
      subscription.cancel()
      // Disconnected: what the node kept is forgotten, though the node lives.
      #expect(weakNode != nil)
      #expect(weakLast == nil)
      #expect(weakOther == nil)
      // Connected afresh, it starts with nothing kept.
      let again = node.subscribe { heard.append($0) }
      sendOther()
      send(3)
      send(4)
      again.cancel()
    }
    #expect(weakNode == nil)
    #expect(weakLast == nil)
    switch kind {
    case .removeDuplicates, .withLatestFrom, .combineOfTwo: #expect(heard == [1, 2, 3, 4])
    case .pairwise: #expect(heard == [2, 4])
    }
  }

  /// Freed while connected (its subscription dropped), a node frees what it keeps with it.
  @Test(arguments: Operator.allCases)
  func aConnectedNodeFreesWhatItKeepsWithIt(kind: Operator) {
    weak var weakKept: Token?
    let source = Subject<Token>()
    let other = Subject<Token>()
    do {
      var subscription: Subscription? = Self.signal(kind, source, other).subscribe { _ in }
      let otherToken = Token(0)
      other.send(otherToken)
      if kind == .withLatestFrom { weakKept = otherToken }
      for number in 1...2 {
        let token = Token(number)
        if kind != .withLatestFrom { weakKept = token }
        source.send(token)
      }
      #expect(weakKept != nil)
      subscription = nil
      _ = subscription
    }
    #expect(weakKept == nil)
  }
}
