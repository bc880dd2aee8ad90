//: # Time
//: `debounce`, `throttle`, `delay` and `timeout` shape values in time on any `Clock`, and `map(.latest)`
//: runs async work per value. Their timers and tasks run on the caller's actor (here the main actor,
//: like the rest of the page), so values stay in one domain.
import Rill

section("debounce: the last value of each burst")
let query = Subject<String>()
let searches = Timeline("search", query.debounce(for: .milliseconds(200), clock: ContinuousClock()))
query.send("r")
query.send("ri")
query.send("rill")  // 200 ms after the last keystroke: "search: rill"

section("throttle and delay")
let ticks = Subject<Int>()
let throttled = Timeline("throttled", ticks.throttle(for: .milliseconds(100), clock: ContinuousClock(), latest: true))
let delayed = Timeline("delayed", ticks.delay(for: .milliseconds(50), clock: ContinuousClock()))
for tick in 1...5 { ticks.send(tick) }

section("async work: the latest query's results, never a stale one")
//: `map(.latest)` runs async work per value on the caller's actor and cancels the work of the value
//: before. "r" would be searched faster than "rill", but its search is cancelled: only "rill" answers.
func search(_ text: String) async -> String {
  try? await Task.sleep(for: .milliseconds(20 * text.count))
  return "\(text.count > 1 ? "1 hit" : "99 hits") for \(text)"
}
let typed = Subject<String>()
let results = Timeline("results", typed.map(.latest) { await search($0) })
typed.send("r")
typed.send("rill")

section("timeout: a fallback when nothing arrives in time")
let heartbeat = Subject<String>()
let status = Timeline("status", heartbeat.timeout(.milliseconds(150), clock: ContinuousClock(), fallback: "offline"))
heartbeat.send("online")  // then silence: "offline" 150 ms later, once

playgroundShouldContinueIndefinitely()
try await Task.sleep(for: .milliseconds(500))
print("searches:", searches.values)  // ["rill"]
print("throttled:", throttled.values)  // the first tick at once, then the latest one after 100 ms
print("delayed:", delayed.values)  // [1, 2, 3, 4, 5], 50 ms late
print("results:", results.values)  // ["1 hit for rill"]: the search for "r" was cancelled
print("status:", status.values)  // ["online", "offline"]
finishPlaygroundPage()
