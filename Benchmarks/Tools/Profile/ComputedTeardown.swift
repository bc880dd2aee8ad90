import Rill

/// `chain_teardown` with computeds (the Rill Computed side; false for any other workload): one operation is one
/// computed of a chain as deep as there are operations, each reading the one above (the first reads a subject), read
/// level by level as it is built, observed by an effect at its end and brought up to date by one write, all
/// unmeasured; callgrind.sh counts only `measuredTeardown`: the effect's cancel, which unobserves the chain, and the
/// release of the last computed, which frees the chain from the top.
func runComputedTeardown(_ workload: String, operations: Int) -> Bool {
  guard workload == "chain_teardown" else { return false }
  var sink = 0
  isolated {
    let subject = CurrentValueSubject(0)
    var end: Computed<Int>? = Computed { subject.value }
    sink &+= end.unsafelyUnwrapped.value
    for _ in 1..<max(operations, 1) {
      let above = end.unsafelyUnwrapped
      end = Computed { above.value &+ 1 }
      sink &+= end.unsafelyUnwrapped.value
    }
    var subscription: Subscription? = {
      let last = end.unsafelyUnwrapped
      return effect { sink &+= last.value }
    }()
    subject.value = 1
    measuredTeardown {
      // Not the order of the map chain's teardown, whose code the optimizer would then merge with this (one
      // function for both, which callgrind's toggle does not follow).
      subscription?.cancel()
      end = nil
      subscription = nil
    }
  }
  blackHole(sink)
  return true
}
