import RillStore
import RillTesting
import Testing

/// The seeds' "Action Creators": loading a list of properties from a service.
struct Property: Equatable, Sendable {
  var name: String
}

struct Listing: Equatable {
  var isLoading = false
  var properties: [Property] = []
  var errorMessage: String?
}

enum ListingAction: Equatable {
  case startLoading
  case updateProperties([Property])
  case endLoading
  case saveErrorMessage(String)
}

func listingReducer() -> Reducer<Listing, ListingAction> {
  Reducer { state, action in
    switch action {
    case .startLoading: state.isLoading = true
    case .updateProperties(let properties): state.properties = properties
    case .endLoading: state.isLoading = false
    case .saveErrorMessage(let message): state.errorMessage = message
    }
  }
}

protocol PropertyService: Sendable {
  func fetchProperties() async throws -> [Property]
}

struct ServiceDown: Error, CustomStringConvertible {
  var description: String { "service down" }
}

/// A fake service that answers `result`, or waits until its task is cancelled when `result` is `nil`.
struct FakeService: PropertyService {
  var result: Result<[Property], ServiceDown>?

  func fetchProperties() async throws -> [Property] {
    guard let result else {
      try await Task.sleep(for: .seconds(3_600))
      return []
    }
    await Task.yield()
    return try result.get()
  }
}

/// The action creator under test: start loading, then either the properties or an error message,
/// then end loading; a cancelled load only ends loading.
nonisolated(nonsending) func loadProperties(
  _ dispatch: Dispatcher<Listing, ListingAction>,
  from service: any PropertyService
) async {
  dispatch(.startLoading)
  defer { dispatch(.endLoading) }
  do {
    dispatch(.updateProperties(try await service.fetchProperties()))
  } catch is CancellationError {
    return
  } catch {
    dispatch(.saveErrorMessage("\(error)"))
  }
}

@MainActor @Suite struct ActionCreatorTests {
  let houses = [Property(name: "house"), Property(name: "flat")]

  @Test func successDispatchesStartUpdateEnd() async {
    let store = TestStore(initialState: Listing(), reducer: listingReducer())
    let service = FakeService(result: .success(houses))
    store.run { dispatch in await loadProperties(dispatch, from: service) }
    await store.receive(.startLoading) { $0.isLoading = true }
    await store.receive(.updateProperties(houses)) { $0.properties = houses }
    await store.receive(.endLoading) { $0.isLoading = false }
    await store.finish()
  }

  @Test func subscribersSeeEveryStepInOrder() async throws {
    let store = Store(initialState: Listing(), reducer: listingReducer())
    var loading: [Bool] = []
    let subscription = store.select(\.isLoading).subscribe { loading.append($0) }
    let service = FakeService(result: .success(houses))
    try await store.run { dispatch in await loadProperties(dispatch, from: service) }.value
    #expect(loading == [false, true, false])
    withExtendedLifetime(subscription) {}
  }

  @Test func failureSavesTheErrorMessage() async {
    let store = TestStore(initialState: Listing(), reducer: listingReducer())
    let service = FakeService(result: .failure(ServiceDown()))
    store.run { dispatch in await loadProperties(dispatch, from: service) }
    await store.receive(.startLoading) { $0.isLoading = true }
    await store.receive(.saveErrorMessage("service down")) { $0.errorMessage = "service down" }
    await store.receive(.endLoading) { $0.isLoading = false }
    await store.finish()
  }

  @Test func cancelStopsTheWorkWhichThenOnlyEndsLoading() async {
    let store = TestStore(initialState: Listing(), reducer: listingReducer())
    let service = FakeService(result: nil)
    store.run { dispatch in await loadProperties(dispatch, from: service) }.cancel()
    await store.receive(.startLoading) { $0.isLoading = true }
    await store.receive(.endLoading) { $0.isLoading = false }
    await store.finish()
  }

  @Test func anErrorTheWorkThrowsReachesTheAwaiter() async {
    let store = Store(initialState: Listing(), reducer: listingReducer())
    let task = store.run { dispatch in
      dispatch(.startLoading)
      throw ServiceDown()
    }
    await #expect(throws: ServiceDown.self) { try await task.value }
    #expect(store.currentState == Listing(isLoading: true))
  }

  @Test func runsOnTheCallersActor() async throws {
    let store = Store(initialState: Listing(), reducer: listingReducer())
    try await store.run { dispatch in
      MainActor.assertIsolated()
      await Task.yield()
      MainActor.assertIsolated()
      dispatch(.endLoading)
    }.value
    #expect(store.history.entries.count == 1)
  }

  @Test func runsInAnActorThatOwnsTheStore() async throws {
    actor Session {
      let store = Store(initialState: Listing(), reducer: listingReducer())

      func load(from service: any PropertyService) -> Task<Void, any Error> {
        store.run { dispatch in await loadProperties(dispatch, from: service) }
      }

      var properties: [Property] { store.currentState.properties }
    }
    let session = Session()
    try await session.load(from: FakeService(result: .success(houses))).value
    #expect(await session.properties == houses)
  }
}
