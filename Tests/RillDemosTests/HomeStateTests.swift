import RillDemos
import Testing

@Suite struct HomeStateTests {
  func reduced(_ actions: [HomeAction], from state: HomeState = HomeState()) -> HomeState {
    var state = state
    for action in actions { HomeMenu.reducer.reduce(&state, action) }
    return state
  }

  @Test func openSetsTheRouteToAMenuEntry() {
    #expect(reduced([.open("counter")]) == HomeState(route: ["counter"]))
    #expect(reduced([.open("credit"), .open("counter")]) == HomeState(route: ["counter"]))
  }

  @Test func openIgnoresAnUnknownScreen() {
    #expect(reduced([.open("chess")]) == HomeState())
  }

  @Test func backPopsTheRouteAndDoesNothingAtHome() {
    #expect(reduced([.open("credit"), .back]) == HomeState())
    #expect(reduced([.back]) == HomeState())
  }

  @Test func theSelectionStaysWithinTheMenu() {
    #expect(reduced([.moveSelection(1)]).selection == 1)
    #expect(reduced([.moveSelection(5)]).selection == 1)
    #expect(reduced([.moveSelection(1), .moveSelection(-3)]).selection == 0)
  }

  @Test func theMenuMarksTheSelectedEntry() {
    let lines = HomeMenu.screen(selection: 1, palette: .plain)
    #expect(lines.filter { $0.hasPrefix("> ") } == ["> 2. Counter: + and -"])
    #expect(
      HomeMenu.screen(selection: 0, palette: .ansi)[2] == "> \u{1B}[7m1. Student credit: each click adds 5\u{1B}[0m")
  }
}
