//: # Async derived state
//: `AsyncComputed` is a value that needs async work: search results for a query. It depends on what its
//: closure reads before its first suspension, goes `loading` at once when that changes (keeping its last
//: results), cancels the work that went stale, and keeps a failure beside the last value.
import Rill

guard #available(macOS 26, iOS 26, *) else { fatalError("AsyncComputed starts its work with Task.immediate") }

section("search as you type, with a debounce")
//: The sleep at the start is the debounce: a newer query cancels it, so only the last query of a burst
//: searches. The search itself is pretend: it answers after a little while.
func search(_ text: String) async throws -> [String] {
  try await Task.sleep(for: .milliseconds(30))
  if text == "fail" { throw URLLikeError.offline }
  return ["\(text).swift", "\(text)-tests.swift"]
}
enum URLLikeError: Error { case offline }

let query = CurrentValueSubject("ri")
let results = AsyncComputed {
  let text = query.value  // read before the first suspension: a dependency
  try await Task.sleep(for: .milliseconds(100))
  return try await search(text)
}
var shown: [String] = []
let showing = effect {
  shown.append("\(results.status): \(results.value ?? [])")
}
query.value = "rill"  // within the debounce: the search for "ri" never runs

playgroundShouldContinueIndefinitely()
try await Task.sleep(for: .milliseconds(400))
//: Loading, then the last query's results. The first "loading" has no value yet.
print(shown)  // ["loading: []", "loaded: ["rill.swift", "rill-tests.swift"]"]

section("a failure keeps the last value")
query.value = "fail"
try await Task.sleep(for: .milliseconds(400))
print(results.status, results.value ?? [], results.error.map { "\($0)" } ?? "")  // failed, the rill results, offline

section("reload")
query.value = "rill"
try await Task.sleep(for: .milliseconds(400))
results.reload()  // loading with the results kept, then loaded again
print(results.state)  // loading (was ["rill.swift", "rill-tests.swift"])
let settled = await results.settled()
print(settled)  // loaded ["rill.swift", "rill-tests.swift"]
showing.cancel()
finishPlaygroundPage()
