//: # Time travel
//: The store records its actions. Reducers are pure, so undo, redo and jump recompute the state from
//: the recorded actions, and a session saved as JSON replays to the same state. A store whose sessions
//: are saved records every action (`recording: .unbounded`): the default keeps the last 100 at least, and
//: cannot export once it has folded older ones.
import Foundation
import RillStore

struct Editor: Equatable {
  var text = ""
}

enum EditorAction: Codable, Equatable {
  case type(String)
  case erase
}

let reducer = Reducer<Editor, EditorAction> { state, action in
  switch action {
  case .type(let characters): state.text += characters
  case .erase: state.text = String(state.text.dropLast())
  }
}

section("Undo and redo")
let store = Store(initialState: Editor(), reducer: reducer, recording: .unbounded)
let text = Timeline("text", store.select(\.text))
store.dispatch(.type("Rill"))
store.dispatch(.type("!"))
store.dispatch(.erase)
store.undo()  // "text: Rill!"
store.undo()  // "text: Rill"
store.redo()  // "text: Rill!"
print("canUndo:", store.canUndo, "canRedo:", store.canRedo)
store.jump(to: 0)  // back to the initial state: "text: "
store.jump(to: store.history.entries.count)  // and forward to the latest: "text: Rill"

section("Save the session as JSON and replay it")
do {
  let json = try store.exportHistory()
  print("saved \(store.history.entries.count) actions as \(json.count) bytes of JSON")
  let replay = Store(initialState: Editor(), reducer: reducer)
  try replay.importHistory(json)
  print("replayed:", replay.currentState.text, "same state:", replay.currentState == store.currentState)
} catch {
  print("time travel failed:", error)
}

section("A corrupt file leaves the store untouched")
do {
  try store.importHistory(Data("{ not json".utf8))
} catch {
  print("rejected:", error)
  print("still:", store.currentState.text)
}
_ = text
