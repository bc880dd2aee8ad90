// swift-tools-version: 6.1
import PackageDescription

// Settings every target shares, named once. Upcoming features are listed with their proposals.
let upcomingFeatures: [String] = [
  "ExistentialAny",  // SE-0335: `any` is spelled out for existential types
  "MemberImportVisibility",  // SE-0444: members are visible only from modules imported in the file
  "InternalImportsByDefault",  // SE-0409: imports are internal unless marked public
]
let swiftSettings: [SwiftSetting] = upcomingFeatures.map { .enableUpcomingFeature($0) }

let package = Package(
  name: "Rill",
  products: [
    .library(name: "Rill", targets: ["Rill"])
  ],
  targets: [
    .target(name: "Rill", swiftSettings: swiftSettings),
    .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
    .testTarget(name: "RillTests", dependencies: ["Rill", "AllocationCounter"], swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
