import Foundation
import RillStore
import Testing

/// A user as the app keeps it: the superset of every field the server sent.
struct User: Identifiable, Equatable, Codable {
  let id: Int
  var name: String
  var email = ""
  var isOnline = false
}

/// What the server sends about a user: only the fields that changed.
struct UserPatch: EntityPatch, Codable, Equatable {
  let id: Int
  var name: String?
  var email: String?
  var isOnline: Bool?

  func merge(into user: inout User) {
    if let name { user.name = name }
    if let email { user.email = email }
    if let isOnline { user.isOnline = isOnline }
  }
}

/// The value type: models by id, in order, partial updates merged, changed ids known.
@Suite struct EntityTableTests {
  let ada = User(id: 1, name: "Ada", email: "ada@example.com")
  let alan = User(id: 2, name: "Alan", email: "alan@example.com")
  let grace = User(id: 3, name: "Grace")

  @Test func keepsModelsByIDInInsertionOrder() {
    var users = EntityTable([ada, alan])
    users.upsert(grace)
    #expect(Array(users) == [ada, alan, grace])
    #expect(Array(users.ids) == [1, 2, 3])
    #expect(users[id: 2] == alan)
    #expect(users[id: 9] == nil)
    #expect(users.contains(id: 3))
    #expect(users.count == 3)
  }

  @Test func upsertOfAKnownIDReplacesTheModelInItsPlace() {
    var users = EntityTable([ada, alan])
    let renamed = User(id: 1, name: "Ada Lovelace")
    let replaced = users.upsert(renamed)
    #expect(replaced == ada)
    #expect(Array(users) == [renamed, alan])
  }

  @Test func aRepeatedIDInTheInitialModelsKeepsTheFirstPlaceAndTheLastModel() {
    let renamed = User(id: 1, name: "Ada Lovelace")
    #expect(Array(EntityTable([ada, alan, renamed])) == [renamed, alan])
  }

  @Test func mergeWritesOnlyTheFieldsThePatchCarries() {
    var users = EntityTable([ada, alan])
    #expect(users.merge(UserPatch(id: 1, isOnline: true)) as Bool)
    #expect(users[id: 1] == User(id: 1, name: "Ada", email: "ada@example.com", isOnline: true))
    #expect(users.merge(UserPatch(id: 1, email: "ada@lovelace.org")) as Bool)
    #expect(users[id: 1] == User(id: 1, name: "Ada", email: "ada@lovelace.org", isOnline: true))
    #expect(users[id: 2] == alan)
  }

  @Test func aPatchDecodedFromAServerSubsetMerges() throws {
    var users = EntityTable([ada])
    let patch = try JSONDecoder().decode(UserPatch.self, from: Data(#"{"id": 1, "isOnline": true}"#.utf8))
    users.merge(patch)
    #expect(users[id: 1] == User(id: 1, name: "Ada", email: "ada@example.com", isOnline: true))
  }

  @Test func aPatchForAnUnknownIDChangesNothing() {
    var users = EntityTable([ada])
    let seen = users.revision
    #expect(!(users.merge(UserPatch(id: 9, name: "Nobody")) as Bool))
    let updated = users.update(9) { $0.name = "Nobody" }
    #expect(!updated)
    #expect(Array(users) == [ada])
    #expect(users.revision == seen)
    #expect(users.changedIDs(since: seen) == [])
  }

  @Test func updateChangesOneModelInPlace() {
    var users = EntityTable([ada, alan])
    let updated = users.update(2) { $0.isOnline = true }
    #expect(updated)
    #expect(users[id: 2]?.isOnline == true)
    #expect(Array(users.ids) == [1, 2])
  }

  /// Issue 20.6: `update` is atomic: a body that edits the model and then throws leaves it as it was and
  /// records no change.
  @Test func anUpdateWhoseBodyThrowsAfterEditingChangesNothing() {
    var users = EntityTable([ada, alan])
    let seen = users.revision
    #expect(throws: RenameRejected.self) {
      try users.update(1) { user in
        user.name = "Ada Lovelace"
        throw RenameRejected()
      }
    }
    #expect(Array(users) == [ada, alan])
    #expect(users.revision == seen)
    #expect(users.changedIDs(since: seen) == [])
  }

  @Test func aThrowingBodyThatDoesNotThrowUpdatesAsUsual() throws {
    var users = EntityTable([ada])
    let seen = users.revision
    let updated = try users.update(1) { user in
      user.name = "Ada Lovelace"
      if user.name.isEmpty { throw RenameRejected() }
    }
    #expect(updated)
    #expect(users[id: 1]?.name == "Ada Lovelace")
    #expect(users.changedIDs(since: seen) == [1])
  }

  /// Issue 20.6: `sort(by:)` is atomic too: a comparator that throws part way leaves the order as it was.
  @Test(arguments: 1...6)
  func aSortWhoseComparatorThrowsKeepsTheOrder(throwingAtComparison: Int) {
    let users = (1...5).map { User(id: $0, name: "\($0)") }
    var table = EntityTable(users)
    var comparisons = 0
    #expect(throws: RenameRejected.self) {
      try table.sort { first, second in
        comparisons += 1
        if comparisons == throwingAtComparison { throw RenameRejected() }
        return first.id > second.id
      }
    }
    #expect(Array(table.ids) == [1, 2, 3, 4, 5])
  }

  @Test func removeTakesTheModelOutOfTheOrder() {
    var users = EntityTable([ada, alan, grace])
    let removed = users.remove(2)
    #expect(removed == alan)
    let again = users.remove(2)
    #expect(again == nil)
    #expect(Array(users) == [ada, grace])
    users.upsert(alan)
    #expect(Array(users) == [ada, grace, alan])
    users.removeAll()
    #expect(users.isEmpty)
  }

  @Test func insertMoveAndSortOrderTheModels() {
    var users = EntityTable([ada, alan])
    users.insert(grace, at: 0)
    #expect(Array(users.ids) == [3, 1, 2])
    users.insert(User(id: 2, name: "Alan Turing"), at: 0)
    #expect(Array(users.ids) == [2, 3, 1])
    #expect(users[id: 2]?.name == "Alan Turing")
    users.move(1, to: 0)
    #expect(Array(users.ids) == [1, 2, 3])
    users.sort { $0.name > $1.name }
    #expect(Array(users.ids) == [3, 2, 1])
  }

  @Test func changedIDsSinceARevisionNameEveryChangeInOrder() {
    var users = EntityTable([ada, alan])
    let seen = users.revision
    users.update(2) { $0.isOnline = true }
    users.remove(1)
    users.upsert(grace)
    users.update(2) { $0.isOnline = false }
    #expect(users.changedIDs(since: seen) == [2, 1, 3, 2])
    #expect(users.changedIDs(since: users.revision) == [])
  }

  @Test func orderChangesKeepTheRevision() {
    var users = EntityTable([ada, alan])
    let seen = users.revision
    users.move(2, to: 0)
    users.sort { $0.id < $1.id }
    #expect(users.revision == seen)
  }

  @Test func aCopyChangedSeparatelyDoesNotDescendFromTheOther() {
    var first = EntityTable([ada, alan])
    var second = first
    first.update(1) { $0.isOnline = true }
    second.update(2) { $0.isOnline = true }
    #expect(first.revision != second.revision)
    #expect(second.changedIDs(since: first.revision) == nil)
    #expect(first.changedIDs(since: second.revision) == nil)
  }

  @Test func anEqualTableBuiltAgainHasUnknownChanges() {
    let first = EntityTable([ada, alan])
    let second = EntityTable([ada, alan])
    #expect(first == second)
    #expect(second.changedIDs(since: first.revision) == nil)
  }

  @Test func anEmptyTableDescendsFromAnyEmptyTable() {
    var users = EntityTable<User>()
    let seen = EntityTable<User>().revision
    users.upsert(ada)
    #expect(users.changedIDs(since: seen) == [1])
  }

  @Test func theChangeRecordStaysBoundedAndForgetsOldRevisions() {
    var users = EntityTable([ada])
    let old = users.revision
    for step in 0..<10_000 { users.update(1) { $0.name = "Ada \(step)" } }
    #expect(users.changedIDs(since: old) == nil)
    let recent = users.revision
    users.upsert(alan)
    #expect(users.changedIDs(since: recent) == [2])
  }

  @Test func equalityComparesModelsAndOrderNotTheChangeRecord() {
    var first = EntityTable([ada, alan])
    first.update(1) { $0.name = "x" }
    first.update(1) { $0.name = "Ada" }
    #expect(first == EntityTable([ada, alan]))
    #expect(first != EntityTable([alan, ada]))
    #expect(first != EntityTable([ada]))
  }

  @Test func encodesTheModelsInOrderAsAnArray() throws {
    var users = EntityTable([alan, ada])
    users.update(1) { $0.isOnline = true }
    let data = try JSONEncoder().encode(users)
    let array = try JSONDecoder().decode([User].self, from: data)
    #expect(array == Array(users))
    #expect(try JSONDecoder().decode(EntityTable<User>.self, from: data) == users)
  }

  @Test func decodingTwoModelsWithOneIDThrows() throws {
    let data = try JSONEncoder().encode([ada, ada])
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(EntityTable<User>.self, from: data) }
  }

  @Test func updateThatChangesTheIDStops() async {
    await #expect(processExitsWith: .failure) {
      var users = EntityTable([User(id: 1, name: "Ada")])
      users.update(1) { $0 = User(id: 2, name: "Alan") }
    }
  }
}
