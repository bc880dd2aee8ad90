// Importing RillTesting gives the store too: a test store runs a `Store`.
@_exported public import RillStore
