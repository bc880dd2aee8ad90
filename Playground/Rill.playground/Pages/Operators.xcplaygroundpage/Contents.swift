//: # Operators
//: Operators are methods on `Signal` (`map`, `filter`, `scan`, …) or free functions that join signals
//: (`combine`, `merge`). Each returns a new signal that connects upstream when someone subscribes.
import Rill

section("map and filter")
let numbers = Subject<Int>()
let evenSquares = Timeline("even squares", numbers.filter { $0.isMultiple(of: 2) }.map { $0 * $0 })
for number in 1...6 { numbers.send(number) }
print(evenSquares.values)  // [4, 16, 36]

section("scan, removeDuplicates, pairwise")
let steps = Subject<Int>()
let total = Timeline("total", steps.scan(0, +))
let levels = Timeline("level", steps.scan(0, +).map { $0 / 10 }.removeDuplicates())
let moves = Timeline("move", steps.scan(0, +).pairwise().map { "\($0) → \($1)" })
for step in [4, 4, 4, 4, 4] { steps.send(step) }

section("combine")
let firstName = CurrentValueSubject("Ada")
let lastName = CurrentValueSubject("Lovelace")
let fullName = Timeline("full name", combine(firstName, lastName).map { "\($0) \($1)" })
lastName.value = "Byron"  // "full name: Ada Byron"

section("A diamond stays consistent")
//: `a` and `b` both derive from `source`; `combine(a, b)` emits once per send, never a mixed pair.
let source = CurrentValueSubject(1)
let doubled = source.map { $0 * 2 }
let negated = source.map { -$0 }
let pairs = Timeline("pair", combine(doubled, negated))
source.value = 2
source.value = 3
print(pairs.values.map { "(\($0), \($1))" })  // ["(2, -1)", "(4, -2)", "(6, -3)"]: no (4, -1)

section("merge, take, skip, prepend")
let left = Subject<String>()
let right = Subject<String>()
let merged = Timeline("merged", merge(left, right).prepend("start").skip(1).take(3))
left.send("l1")
right.send("r1")
left.send("l2")
right.send("r2")  // take(3) has ended: nothing more
print(merged.values)  // ["l1", "r1", "l2"]

section("withLatestFrom and flatMapLatest")
let saves = Subject<Void>()
let draft = CurrentValueSubject("hello")
let saved = Timeline("saved", saves.withLatestFrom(draft) { _, text in text })
draft.value = "hello, world"
saves.send()  // "saved: hello, world"
let useCelsius = CurrentValueSubject(true)
let celsius = CurrentValueSubject(21.0)
let fahrenheit = celsius.map { $0 * 9 / 5 + 32 }
let shown = Timeline("shown", useCelsius.flatMapLatest { $0 ? celsius : fahrenheit })
useCelsius.value = false  // switches to the Fahrenheit signal: "shown: 69.8"
celsius.value = 25  // "shown: 77.0"

section("take(until:) and skip(until:)")
//: Both listen to `other` until its first value. The whole propagation of that value counts as "after":
//: here `stop` derives from `ticks` itself, and tick 3 goes to `after`, never to `before`, whichever of
//: the two hears it first.
let ticks = Subject<Int>()
let stop = ticks.filter { $0 == 3 }
let before = Timeline("before", ticks.take(until: stop))
let after = Timeline("after", ticks.skip(until: stop))
for tick in 1...5 { ticks.send(tick) }
print(before.values, after.values)  // [1, 2] [3, 4, 5]
//: A `CurrentValueSubject` as `other` replays, which counts: `take(until: loggedOut)` would end at once.
//: `skip(1)` waits for its next value.
let loggedOut = CurrentValueSubject(false)
let sessionTicks = Timeline("session", ticks.take(until: loggedOut.skip(1)))
ticks.send(6)
loggedOut.value = true
ticks.send(7)  // the session has ended: nothing more
print(sessionTicks.values)  // [6]

section("flatMap, first(where:) and Result values")
//: `flatMap` keeps every inner signal: joining a second room does not leave the first.
let joinedRooms = Subject<String>()
let rooms = ["lobby": Subject<String>(), "garden": Subject<String>()]
let heard = Timeline("heard", joinedRooms.flatMap { rooms[$0]! })
joinedRooms.send("lobby")
joinedRooms.send("garden")
rooms["lobby"]!.send("hi")
rooms["garden"]!.send("yo")  // both rooms: "heard: hi", "heard: yo"
//: Signals carry no errors: work that can fail sends a `Result`, split with `successes()` and `failures()`.
enum LoadError: Error { case offline }
let responses = Subject<Result<Int, LoadError>>()
let loaded = Timeline("loaded", responses.successes())
let errors = Timeline("error", responses.failures())
let firstBig = Timeline("first big", responses.successes().first { $0 > 100 })
for response: Result<Int, LoadError> in [.success(7), .failure(.offline), .success(120), .success(200)] {
  responses.send(response)
}
print(loaded.values, errors.values.map { "\($0)" }, firstBig.values)  // [7, 120, 200] ["offline"] [120]
_ = (total, levels, moves, fullName, saved, shown, heard)
