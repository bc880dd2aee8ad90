//: # Observation and SwiftUI
//: Follow `@Observable` properties with a signal or a `Computed`, let SwiftUI read a `Computed` directly, and give it an
//: `@Observable` view of a signal or a store, tracked field by field. (Observation: iOS 17, macOS 14.)
import Observation
import RillStore

@Observable @MainActor final class Profile {
  var name = "Ada"
  var isPublic = false
}

section("From a model to a signal: Signal.observing")
let profile = Profile()
let shown = Timeline("shown", Signal.observing { profile.isPublic ? profile.name : "(hidden)" })  // "(hidden)"
profile.name = "Grace"  // not read while hidden: nothing
await Task.yield()
profile.isPublic = true  // "shown: Grace", once this code lets the main actor go
playgroundShouldContinueIndefinitely()
try await Task.sleep(for: .milliseconds(10))
print(shown.values)  // ["(hidden)", "Grace"]

section("From a model to a computation: Computed reads @Observable properties")
@Observable @MainActor final class Bonus {
  var points = 0
}

let bonus = Bonus()
let base = CurrentValueSubject(50)
let total = Computed { base.value + bonus.points }
let totals = Timeline("total", total)  // "total: 50"
bonus.points = 5
print(total.value)  // 55: new as soon as the write returns
try await Task.sleep(for: .milliseconds(10))
print(totals.values)  // [50, 55]: its subscriber heard it on the main queue's next turn

section("Subscriptions in a @MainActor view model: a Set freed with it")
@MainActor final class GreetingModel {
  private(set) var greeting = ""
  private var subscriptions = Set<Subscription>()

  init(name: Signal<String>) {
    name.map { "Hello, \($0)" }
      .subscribe { [weak self] in
        print("shows:", $0)
        self?.greeting = $0
      }
      .store(in: &subscriptions)
  }
  // No `deinit { subscriptions.removeAll() }`: the deinit of a @MainActor class is nonisolated, and Swift 6
  // rejects it ("cannot access property 'subscriptions' with a non-Sendable type … from nonisolated deinit").
  // Nor is one needed: freed with the model, the set cancels every subscription, on any thread.
  // (`isolated deinit` compiles too, but needs macOS 15.4 / iOS 18.4 at run time.)
}

let name = CurrentValueSubject("Ada")
var greeting: GreetingModel? = GreetingModel(name: name)  // "shows: Hello, Ada"
name.value = "Grace"  // "shows: Hello, Grace"
print(greeting?.greeting ?? "")  // "Hello, Grace"
greeting = nil  // the model, its set and its subscriptions go
name.value = "Kay"  // nothing

section("A Computed in a view: reportingToObservation()")
let credit = CurrentValueSubject(0)
let grade = Computed { credit.value < 70 ? "fail" : "pass" }.reportingToObservation()
// What SwiftUI does when a view's body reads `grade.value`:
withObservationTracking {
  print("the view reads the grade:", grade.value)  // "fail"
} onChange: {
  print("grade changed: the view renders again")
}
credit.value = 5  // still "fail": nothing
credit.value = 75  // "grade changed: the view renders again"

section("From a store to SwiftUI: store.observable()")
struct Counter: Equatable {
  var count = 0
  var title = ""
}

enum CounterAction: Equatable {
  case increase
  case rename(String)
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increase: state.count += 1
  case .rename(let title): state.title = title
  }
}

let store = Store(initialState: Counter(), reducer: counterReducer)
let counter = store.observable()
// What SwiftUI does when a view's body reads `counter.count`:
withObservationTracking {
  print("the view reads count:", counter.count)
} onChange: {
  print("count changed: the view renders again")
}
store.dispatch(.rename("clicks"))  // another field: nothing
store.dispatch(.increase)  // "count changed: the view renders again"

let title = counter.binding(\.title) { .rename($0) }  // for Binding(get:set:)
title.set("taps")  // dispatches .rename("taps")
print("title:", title.get())  // "taps"

#if canImport(SwiftUI)
  import SwiftUI

  struct CounterView: View {
    let counter: ObservableStore<Counter, CounterAction>

    var body: some View {
      let title = counter.binding(\.title) { .rename($0) }
      VStack {
        Text("\(counter.count)")  // re-renders only when count changes
        TextField("Title", text: Binding(get: { @MainActor in title.get() }, set: { @MainActor in title.set($0) }))
        Button("Add one") { counter.dispatch(.increase) }
      }
    }
  }
#endif
finishPlaygroundPage()
