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
_ = (total, levels, moves, fullName, saved, shown)
