//: # Time
//: `debounce`, `throttle` and `delay` shape values in time on any `Clock`. Their timers run on the
//: caller's actor (here the main actor, like the rest of the page), so values stay in one domain.
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

playgroundShouldContinueIndefinitely()
try await Task.sleep(for: .milliseconds(500))
print("searches:", searches.values)  // ["rill"]
print("throttled:", throttled.values)  // the first tick at once, then the latest one after 100 ms
print("delayed:", delayed.values)  // [1, 2, 3, 4, 5], 50 ms late
finishPlaygroundPage()
