// swift-tools-version: 6.1
import PackageDescription

// Settings every target shares, named once. Upcoming features are listed with their proposals.
let upcomingFeatures: [String] = [
  "ExistentialAny",  // SE-0335: `any` is spelled out for existential types
  "MemberImportVisibility",  // SE-0444: members are visible only from modules imported in the file
  "InternalImportsByDefault",  // SE-0409: imports are internal unless marked public
]
let swiftSettings: [SwiftSetting] = upcomingFeatures.map { .enableUpcomingFeature($0) }

// The library has no package dependencies, ever (Benchmarks/ is its own package).
let package = Package(
  name: "Rill",
  // Apple platforms: the floor of Swift concurrency (and Combine). The APIs built on something newer (`Clock`,
  // typed `AsyncSequence`, `Synchronization`) carry their own `@available`: see Availability.md in Rill.docc,
  // checked by Scripts/check-availability.sh. Linux needs Swift 6.1 or later.
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  products: [
    .library(name: "Rill", targets: ["Rill"]),
    .library(name: "RillStore", targets: ["RillStore"]),
    .library(name: "RillTesting", targets: ["RillTesting"]),
    .library(name: "RillDemos", targets: ["RillDemos"]),
    .executable(name: "rill", targets: ["rill"]),
  ],
  targets: [
    // The signal core and its operators.
    .target(name: "Rill", swiftSettings: swiftSettings),
    // Store, Reducer, Middleware, action creators, History, Router.
    .target(name: "RillStore", dependencies: ["Rill"], swiftSettings: swiftSettings),
    // TestStore: exhaustive store tests for Swift Testing (imports the toolchain's `Testing`).
    .target(name: "RillTesting", dependencies: ["RillStore"], swiftSettings: swiftSettings),
    // The demo apps as testable library code: state, reducers, view pipelines, terminal rendering.
    .target(name: "RillDemos", dependencies: ["RillStore"], swiftSettings: swiftSettings),
    // The `rill` command: argument parsing and wiring only.
    .executableTarget(name: "rill", dependencies: ["RillDemos"], swiftSettings: swiftSettings),

    // Counts heap allocations per thread, for the tests that pin "send allocates nothing".
    .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
    // What the test targets share: `allocations(during:)` and the `.allocationsCounted` trait over the counter, and
    // `StressSize` (the long tests' sizes, larger under RILL_STRESS=1).
    .target(
      name: "TestSupport", dependencies: ["AllocationCounter"], path: "Tests/TestSupport",
      swiftSettings: swiftSettings),
    .testTarget(name: "RillTests", dependencies: ["Rill", "TestSupport"], swiftSettings: swiftSettings),
    .testTarget(
      name: "RillStoreTests", dependencies: ["RillStore", "RillTesting", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(name: "RillTestingTests", dependencies: ["RillTesting"], swiftSettings: swiftSettings),
    .testTarget(
      name: "RillDemosTests", dependencies: ["RillDemos", "RillTesting", "rill"], swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
