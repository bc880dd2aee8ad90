// A stand-in for SwiftUI, which Linux does not have, for Scripts/check-doc-snippets.sh: the few SwiftUI names the
// DocC articles' views use, each declared with SwiftUI's own signature (from its interface in the iOS 18 / macOS 15
// SDKs), parameters the articles never pass left out. Enough to type-check what a view asks of Rill — the model it
// holds, what its body reads, the closures it hands to `Binding(get:set:)` and `Button` in Swift 6 — and no more:
// it draws nothing and checks nothing about SwiftUI itself. An article that uses another SwiftUI name needs its
// declaration here, copied from SwiftUI's interface.

// SwiftUI re-exports Observation: `import SwiftUI` alone gives `@Observable`.
@_exported public import Observation

@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> {
    TupleView((repeat each content))
  }
}

public struct EmptyView: View {
  public typealias Body = Never
  nonisolated public init() {}
  public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
  public typealias Body = Never
  nonisolated public init(_ value: T) {}
  public var body: Never { fatalError() }
}

// SwiftUI's primitive views have nonisolated initializers and no body of their own.

/// SwiftUI's localized string key: a string literal, interpolations included (SwiftUI's own interpolation accepts
/// fewer types than this one: formattable values, strings, `Text`, images).
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable {
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: DefaultStringInterpolation) {}
}

public struct Text: View {
  public typealias Body = Never
  nonisolated public init(_ key: LocalizedStringKey) {}
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ content: S) {}
  public var body: Never { fatalError() }
}

public struct VStack<Content: View>: View {
  public typealias Body = Never
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

public struct Button<Label: View>: View {
  public typealias Body = Never
  @preconcurrency nonisolated public init(
    _ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void
  ) where Label == Text {}
  public var body: Never { fatalError() }
}

public struct TextField<Label: View>: View {
  public typealias Body = Never
  nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) where Label == Text {}
  public var body: Never { fatalError() }
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    fatalError()
  }
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { self }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}
