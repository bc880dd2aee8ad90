import Testing

/// The suites of the isolation and time features (issue 7), grouped so that
/// `swift test --filter Concurrency` runs exactly them.
@Suite(.freesEverything) enum ConcurrencyTests {}
