//: # Seeing inside
//: When a pipeline misbehaves: watch its values, draw its graph, and ask why a node ran.
import Rill

section("Watch the values")
//: `print` writes a line per value, and when the pipeline connects and disconnects.
let clicks = Subject<Void>()
let watched = clicks.scan(0) { total, _ in total + 5 }.print("credit")
let watching = watched.subscribe { _ in }  // "credit: subscribe"
clicks.send()  // "credit: value 5"
watching.cancel()  // "credit: last observer left"

section("Draw the graph")
//: `liveGraph()` describes what is connected around a signal, without touching it. Name the nodes you care
//: about; print the graph as a tree, or take `.dot` (Graphviz) or `.mermaid` (GitHub's Markdown).
let credit = CurrentValueSubject(0).named("credit")
let color = credit.map { $0 < 30 ? "gray" : $0 < 70 ? "purple" : "red" }.named("color")
let status = credit.map { $0 == 0 ? "not set" : $0 < 70 ? "fail" : "pass" }.named("status")
let isPassing = Computed { credit.value >= 70 }.named("isPassing")
let view = combine(color, status)
let shown = view.subscribe { _ in }
let logging = effect(named: "log") { _ = isPassing.value }
print(view.liveGraph())
print(view.liveGraph().mermaid)

section("Ask why it ran (debug builds of Rill)")
//: `traced()` prints why a node ran, each time it runs; `lastRunReason` answers after the fact.
let traced = combine(color, status).named("view").traced()
let tracing = traced.subscribe { _ in }  // the first emission: both inputs replayed, so both "changed"
credit.value = 75  // combine "view" emitted: map "color" changed, map "status" changed
print(isPassing.lastRunReason.map(String.init(describing:)) ?? "(a release build keeps no reasons)")

section("After the last cancel, each node is alone again")
shown.cancel()
tracing.cancel()
logging.cancel()
print(credit.liveGraph())
