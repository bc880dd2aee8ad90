// swift-tools-version: 6.1
import PackageDescription

// The CPU time per value of `subscribe(on:)` against a plain `subscribe`, both fed by one actor's send loop.
// A package of its own, with Rill by path only, so it builds without the benchmark package's dependencies:
//
//   cd Benchmarks/Tools/SubscribeOnCost && swift build -c release && .build/release/SubscribeOnCost
//
// Process CPU time (every thread), not wall-clock time: the receiving task runs on another thread, and on a
// loaded machine its waits for a core would count in wall-clock time.
let package = Package(
  name: "SubscribeOnCost",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Rill", path: "../../..")],
  targets: [
    .executableTarget(name: "SubscribeOnCost", dependencies: [.product(name: "Rill", package: "Rill")])
  ],
  swiftLanguageModes: [.v6]
)
