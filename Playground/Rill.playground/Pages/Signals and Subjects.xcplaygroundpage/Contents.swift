//: # Signals and subjects
//: A `Subject` is a signal you send values into; a `CurrentValueSubject` also has a `value` and
//: replays it to each new subscriber. `subscribe` returns a `Subscription`: keep it to keep listening.
import Rill

section("Subject: remembers nothing")
let clicks = Subject<String>()
clicks.send("lost")  // nobody listens yet: this value is gone
let first = clicks.subscribe { print("first heard \($0)") }
let second = clicks.subscribe { print("second heard \($0)") }
clicks.send("a")  // first, then second: subscribers hear values in subscription order

section("CurrentValueSubject: replays its value")
let credit = CurrentValueSubject(10)
let creditLog = Timeline("credit", credit)  // prints "credit: 10" at once, inside subscribe
credit.value += 5  // setting the value sends it: "credit: 15"
credit.send(20)  // the same as setting it
print("value is", credit.value)

section("Cancel means never again")
first.cancel()
clicks.send("b")  // only "second heard b"
second.cancel()

section("Run to completion")
//: A send made from inside an observer waits until the current delivery has reached everyone.
let echo = Subject<Int>()
let order = Timeline("order", echo)
let bouncer = echo.subscribe { value in
  if value < 3 { echo.send(value + 1) }  // queued, not nested
}
echo.send(1)
print(order.values)  // [1, 2, 3]: every observer sees one order

section("Keeping many subscriptions")
var subscriptions = Set<Subscription>()
credit.subscribe { print("label shows \($0)") }.store(in: &subscriptions)
credit.value = 25
subscriptions.removeAll()  // freeing a subscription cancels it
credit.value = 30  // nobody but the timeline hears this
print(creditLog.values)
bouncer.cancel()
