//: # Computed values
//: A `Computed` is a value derived from what its closure reads: it tracks the reads itself, re-runs only when
//: one of them changed, and tells its observers only when its result changed. An `effect` runs a side effect
//: now and again after each change of what it read.
import Rill

section("The student credit, as computeds")
let credit = CurrentValueSubject(0)
let color = Computed { credit.value < 30 ? "gray" : credit.value < 70 ? "purple" : "red" }
let status = Computed { credit.value == 0 ? "not set" : credit.value < 70 ? "fail" : "pass" }
let printing = effect { print("credit \(credit.value): \(color.value), \(status.value)") }
credit.value += 35  // "credit 35: purple, fail"
credit.value += 35  // "credit 70: red, pass"

section("Lazy: nothing runs until someone reads")
var evaluations = 0
let expensive = Computed {
  evaluations += 1
  return credit.value * 1_000
}
print("evaluations before any read:", evaluations)  // 0
print(expensive.value, expensive.value, "evaluations:", evaluations)  // 70000 70000 evaluations: 1

section("Dynamic dependencies")
//: The label reads `details` or `summary`, whichever the flag picks: the other one triggers nothing.
let showDetails = CurrentValueSubject(false)
let details = CurrentValueSubject("3 items, 12 €")
let summary = CurrentValueSubject("3 items")
let label = Timeline("label", Computed { showDetails.value ? details.value : summary.value })
details.value = "4 items, 15 €"  // not read now: nothing
showDetails.value = true  // "label: 4 items, 15 €"

section("Cut off by equality")
//: `passed` changes only when the grade crosses 70: the effect does not run for 75 → 80.
let passed = Computed { credit.value >= 70 }
let announcing = effect { print("passed:", passed.value) }
credit.value = 75
credit.value = 80  // nothing
credit.value = 10  // "passed: false"

section("A batch is one change")
let width = CurrentValueSubject(2)
let height = CurrentValueSubject(3)
let area = Computed { width.value * height.value }
let logging = effect { print("area", area.value) }
batch {
  width.value = 4
  height.value = 5
}  // "area 20", once

section("A computed is a signal")
let shouting = Timeline("shouting", status.map { $0.uppercased() })
credit.value = 90  // "shouting: PASS"

printing.cancel()
announcing.cancel()
logging.cancel()
