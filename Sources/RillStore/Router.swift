/// Something that shows a route: it is told which segments to push, pop or change, in order.
///
/// A route is a path of segments (`["settings", "profile"]`), like a URL path. A ``Router`` calls
/// its handler as the route in the state changes: segments deepest first on the way out, then the
/// changed segment, then the new segments on the way in.
public protocol Routable: AnyObject {
  /// Show `segment` on top of the route.
  func push(_ segment: String)
  /// Remove `segment`, the deepest segment shown.
  func pop(_ segment: String)
  /// Replace the deepest segment shown, `old`, with `new`.
  func change(from old: String, to new: String)
}

/// One step of turning a route into another.
public enum RouteChange: Equatable, Sendable {
  /// Add the segment at the end of the route.
  case push(String)
  /// Remove the segment at the end of the route.
  case pop(String)
  /// Replace the segment at the end of the route.
  case change(from: String, to: String)
}

/// The changes that turn route `old` into route `new`, in the order to apply them.
///
/// The common prefix stays. The rest of `old` is popped deepest first, except the segment at the
/// first differing depth when both routes have one there: that one is changed. The rest of `new` is
/// pushed.
///
/// ```swift
/// routeChanges(from: [], to: ["a", "b"])        // [.push("a"), .push("b")]
/// routeChanges(from: ["a", "b"], to: ["a", "c"])   // [.change(from: "b", to: "c")]
/// routeChanges(from: ["a", "b", "c"], to: ["a"])   // [.pop("c"), .pop("b")]
/// routeChanges(from: ["a"], to: ["b", "c"])        // [.change(from: "a", to: "b"), .push("c")]
/// ```
///
/// - Complexity: O(`old.count + new.count`).
public func routeChanges(from old: [String], to new: [String]) -> [RouteChange] {
  var common = 0
  while common < old.count, common < new.count, old[common] == new[common] { common += 1 }
  var changes: [RouteChange] = []
  let changesAtFork = common < old.count && common < new.count
  let lastPopped = changesAtFork ? common + 1 : common
  for index in stride(from: old.count - 1, through: lastPopped, by: -1) {
    changes.append(.pop(old[index]))
  }
  var firstPushed = common
  if changesAtFork {
    changes.append(.change(from: old[common], to: new[common]))
    firstPushed += 1
  }
  for index in firstPushed..<max(firstPushed, new.count) {
    changes.append(.push(new[index]))
  }
  return changes
}

/// Follows the route in a store's state and tells a ``Routable`` handler each change, in order.
///
/// The route is state: a `[String]` at a key path, changed by an action like any other. The router
/// subscribes to `store.select(route)`; at once it pushes the initial route's segments, then, for
/// each new route, it applies ``routeChanges(from:to:)`` to the handler.
///
/// ```swift
/// let router = Router(store: store, route: \.route, handler: navigator)   // push "home"
/// store.dispatch(.navigate(["home", "settings"]))                        // push "settings"
/// ```
///
/// The router keeps `handler` and follows the store until the router is freed.
public final class Router<State, Action> {
  /// The route the handler shows.
  public private(set) var route: [String] = []
  private var subscription: Subscription?

  /// Starts following `route` in `store`, telling `handler` what to show.
  public init(store: Store<State, Action>, route: KeyPath<State, [String]>, handler: any Routable) {
    subscription = store.select(route).subscribe { [unowned self] newRoute in
      let changes = routeChanges(from: self.route, to: newRoute)
      self.route = newRoute
      for change in changes {
        switch change {
        case .push(let segment): handler.push(segment)
        case .pop(let segment): handler.pop(segment)
        case .change(let old, let new): handler.change(from: old, to: new)
        }
      }
    }
  }
}
