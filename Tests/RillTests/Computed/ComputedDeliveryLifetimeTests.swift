import Rill
import TestSupport
import Testing

/// A computed's signal freed by its own observer while it delivers: the delivery finishes on a live object.
@Suite(.freesEverything) struct ComputedDeliveryLifetimeTests {
  /// The observer that hears 2 cancels its subscription and lets go of the last reference to the computed. With a
  /// second observer after it, that one's subscription keeps the computed, which goes on delivering; alone, the
  /// computed is freed once its delivery is over.
  @Test(arguments: [false, true])
  func anObserverDropsTheLastReferenceToItsComputedWhileHearingIt(withAnotherObserver: Bool) {
    let source = CurrentValueSubject(0)
    var computed: Computed<Int>? = Computed { source.value &* 2 }
    weak let weakComputed = computed
    var heard: [Int] = []
    var subscription: Subscription?
    subscription = computed?.subscribe { value in
      heard.append(value)
      if value == 2 {
        subscription = nil
        computed = nil
      }
    }
    var later: [Int] = []
    var second = withAnotherObserver ? weakComputed?.subscribe { later.append($0) } : nil
    source.value = 1
    #expect(heard == [0, 2])
    #expect(later == (withAnotherObserver ? [0, 2] : []))
    #expect((weakComputed == nil) == !withAnotherObserver)
    source.value = 2
    #expect(heard == [0, 2])
    second = nil
    #expect(weakComputed == nil)
    withExtendedLifetime((subscription, computed, second)) {}
  }
}
