// swift-tools-version: 6.1
import PackageDescription

// Rill's benchmarks, a package of their own so that the library keeps no dependencies. Every workload runs side by
// side as Rill, the tight hand-written baseline (the same design without the library: opaque closures stored once,
// called by index in an order written by hand), straight-line code (the floor) and OpenCombine where it has the
// operation. `./report.sh` runs everything once and prints one table of times and instruction counts; README.md
// says what each column is.

let upcomingFeatures: [String] = [
  "ExistentialAny",  // SE-0335
  "MemberImportVisibility",  // SE-0444
  "InternalImportsByDefault",  // SE-0409
]
let swiftSettings: [SwiftSetting] = upcomingFeatures.map { .enableUpcomingFeature($0) }

let package = Package(
  name: "RillBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // MallocInterposer gives the malloc counts; naming the trait turns off the package's other default trait
    // (RuntimeInterposer, whose package is not needed here).
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    .package(name: "Rill", path: ".."),
  ],
  targets: [
    // What every suite shares: the metrics, the naming scheme compare.sh reads, a seeded shuffle.
    .target(
      name: "BenchmarkSupport",
      dependencies: [.product(name: "Benchmark", package: "benchmark")],
      path: "Support",
      swiftSettings: swiftSettings
    ),
    // A small executable for instruction profiles under valgrind (callgrind.sh). Not in a folder directly under
    // the package folder: the benchmark plugin runs every executable whose folder's parent is named Benchmarks.
    // The async workloads (an `AsyncComputed` beside a hand-written task and state), shared by Profile and Reactivity.
    .target(
      name: "AsyncWorkloads",
      dependencies: [.product(name: "Rill", package: "Rill")],
      path: "Tools/AsyncWorkloads",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "Profile",
      dependencies: [.product(name: "RillStore", package: "Rill"), "AsyncWorkloads"],
      path: "Tools/Profile",
      swiftSettings: swiftSettings
    ),
    // Prints the heap block of each kind of node (`swift run -c release NodeSizes`), for the sizes README.md quotes.
    .executableTarget(
      name: "NodeSizes",
      dependencies: [.product(name: "Rill", package: "Rill")],
      path: "Tools/NodeSizes",
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)

// One executable per suite, in Benchmarks/<Suite>/<Suite>.swift, discovered by the benchmark plugin.
let suites: [(name: String, dependencies: [Target.Dependency])] = [
  ("Signals", [.product(name: "Rill", package: "Rill")]),
  ("Subscriptions", [.product(name: "Rill", package: "Rill")]),
  ("Store", [.product(name: "RillStore", package: "Rill")]),
  ("Reactivity", [.product(name: "Rill", package: "Rill"), "AsyncWorkloads"]),
  ("History", [.product(name: "RillStore", package: "Rill")]),
]
for suite in suites {
  package.targets.append(
    .executableTarget(
      name: suite.name,
      dependencies: suite.dependencies + [
        "BenchmarkSupport",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      path: "Benchmarks/\(suite.name)",
      swiftSettings: swiftSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  )
}
