// Importing RillDemos gives the store and the signal core too.
@_exported public import RillStore
