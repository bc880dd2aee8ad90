//: # Student credit
//: Each click adds 5 to a student's credit. The credit label is gray below 30, purple from 30 to 69
//: and red from 70; the status reads "not set" at 0, "fail" below 70 and "pass" from 70.
import RillStore

func color(for credit: Int) -> String {
  switch credit {
  case ..<30: "gray"
  case ..<70: "purple"
  default: "red"
  }
}

func status(for credit: Int) -> String {
  switch credit {
  case 0: "not set"
  case ..<70: "fail"
  default: "pass"
  }
}

//: ## Two plain subscribers on one subject
section("Two subscribers on one CurrentValueSubject")
let credit = CurrentValueSubject(0)
var label = ""
var statusText = ""
let colorSubscriber = credit.subscribe { label = "\($0) [\(color(for: $0))]" }
let statusSubscriber = credit.subscribe { statusText = status(for: $0) }
print(label, statusText)  // 0 [gray] not set
for _ in 1...14 {
  credit.value += 5  // one click
  print(label, statusText)
}
colorSubscriber.cancel()
statusSubscriber.cancel()

//: ## The same as store pipelines
struct Student: Equatable {
  var name = "Ada"
  var credit = 0
}

enum StudentAction {
  case click
  case reset
}

let reducer = Reducer<Student, StudentAction> { state, action in
  switch action {
  case .click: state.credit += 5
  case .reset: state.credit = 0
  }
}

section("Store pipelines: select, map, combine")
let store = Store(initialState: Student(), reducer: reducer)
let creditSignal = store.select(\.credit)
let colorSignal = creditSignal.map(color(for:)).removeDuplicates()
let statusSignal = creditSignal.map(status(for:)).removeDuplicates()
let colors = Timeline("color", colorSignal)  // prints only when the colour changes
let statuses = Timeline("status", statusSignal)
let screen = Timeline(
  "screen",
  combine(store.select(\.name), creditSignal, colorSignal, statusSignal).map { name, credit, color, status in
    "\(name): \(credit) [\(color)] \(status)"
  })
for _ in 1...14 { store.dispatch(.click) }
store.dispatch(.reset)
print(colors.values)  // ["gray", "purple", "red", "gray"]
print(statuses.values)  // ["not set", "fail", "pass", "not set"]
print(screen.values.count, "screens, one per change, none half-updated")
