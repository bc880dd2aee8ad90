import Testing

@testable import RillDemos

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signal handler of ``Interruption`` runs on the thread the signal interrupts, possibly in the middle of that
/// thread's own access to the state it writes.
@Suite struct InterruptionTests {
  /// A loop polling `isRequested` reads the number the handler writes. A signal handled while such an access is
  /// open must be no access conflict: a debug build checks exclusivity at run time, and aborted (status 134 instead
  /// of the signal's, about once in 400 interrupted `rill counter` sessions). Here the access is held open on
  /// purpose while the signal is raised on this thread.
  @Test func aSignalHandledDuringAnAccessToItsStateIsNoConflict() async {
    await #expect(processExitsWith: .success) {
      Interruption.install()
      withUnsafeMutablePointer(to: &InterruptionState.caught) { _ in _ = raise(SIGTERM) }
      guard Interruption.signal == SIGTERM else { fatalError("the signal was not noted") }
    }
  }
}
