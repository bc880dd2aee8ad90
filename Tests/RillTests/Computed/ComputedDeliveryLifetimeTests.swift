import Rill
import TestSupport
import Testing

/// A computed's signal freed by its own observer while it delivers: the delivery finishes on a live object.
@Suite(.freesEverything) struct ComputedDeliveryLifetimeTests {
  @Test func anObserverThatDropsTheLastReferenceToItsComputedWhileHearingIt() {
    let source = CurrentValueSubject(0)
    var computed: Computed<Int>? = Computed { source.value &* 2 }
    weak var weakComputed = computed
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
    let second = weakComputed?.subscribe { later.append($0) }  // an observer after the one that drops it
    source.value = 1
    #expect(heard == [0, 2])
    #expect(later == [0, 2])
    withExtendedLifetime(second) {}
    source.value = 2
    #expect(heard == [0, 2])
    withExtendedLifetime((subscription, computed)) {}
  }

  @Test func itsOnlyObserverDropsTheLastReferenceToItsComputedWhileHearingIt() {
    let source = CurrentValueSubject(0)
    var computed: Computed<Int>? = Computed { source.value &* 2 }
    weak var weakComputed = computed
    var heard: [Int] = []
    var subscription: Subscription?
    subscription = computed?.subscribe { value in
      heard.append(value)
      if value == 2 {
        subscription = nil
        computed = nil
      }
    }
    source.value = 1
    #expect(heard == [0, 2])
    #expect(weakComputed == nil)
    source.value = 2
    #expect(heard == [0, 2])
    withExtendedLifetime((subscription, computed)) {}
  }
}
