// Importing RillStore gives the signal core too: a store's state is a `Signal`.
@_exported public import Rill
