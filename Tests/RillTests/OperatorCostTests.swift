import Rill
import TestSupport
import Testing

/// Rule 9 for every operator: once a pipeline is connected and warm, a `send` through it allocates nothing.
@Suite(.freesEverything) struct OperatorCostTests {
  @Test(.allocationsCounted, arguments: OperatorPipeline.allCases)
  func steadyStateSendAllocatesNothing(pipeline: OperatorPipeline) {
    let source = Subject<Int>()
    var total = 0
    let subscription = pipeline.make(source).subscribe { total &+= $0 }
    for value in 0..<100 { source.send(value) }
    let count = allocations {
      for value in 0..<1_000 { source.send(value) }
    }
    #expect(count == 0)
    #expect(total != 0)
    withExtendedLifetime(subscription) {}
  }
}
