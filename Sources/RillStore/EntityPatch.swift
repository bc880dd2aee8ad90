/// A partial update of an entity: the subset of its fields a server sent, to merge into the stored model.
///
/// The stored model is the superset of everything received: ``merge(into:)`` changes only the fields the
/// patch carries. Decode the server's subset into a struct of optionals and merge it with
/// ``EntityTable/merge(_:)``:
///
/// ```swift
/// struct User: Identifiable, Equatable, Codable {
///   let id: Int
///   var name: String
///   var isOnline = false
/// }
/// struct UserPatch: EntityPatch, Decodable {
///   let id: Int
///   var name: String?
///   var isOnline: Bool?
///   func merge(into user: inout User) {
///     if let name { user.name = name }
///     if let isOnline { user.isOnline = isOnline }
///   }
/// }
/// let patch = try JSONDecoder().decode(UserPatch.self, from: Data(#"{"id": 1, "isOnline": true}"#.utf8))
/// users.merge(patch)   // user 1 keeps its name and is now online
/// ```
public protocol EntityPatch<Entity> {
  /// The model this patch updates.
  associatedtype Entity: Identifiable

  /// The id of the model to update.
  var id: Entity.ID { get }

  /// Writes the fields this patch carries into `entity`, leaving the others as they are.
  func merge(into entity: inout Entity)
}
