import Foundation
import TestSupport
import Testing

@testable import TrustLists
@testable import TrustListsService

/// What a daemon refreshes right after it loaded its cache (docs/architecture.md, The live service): only what its
/// schedule says is due, so a restart on a cache that is fresh and not due fetches nothing. Each test fills the cache
/// with one process (a `trustctl refresh`), then starts another on it, as `trustlistd` does: ``TrustService/load``,
/// then ``TrustService/sourcesDueAtStart(at:)``, then a refresh of those sources; the ``MemorySource`` records every
/// fetch. Times are parameters: the refresh interval is 6 hours (the default) and the lists' `nextUpdate` a day after
/// their date.
@Suite("Refresh at start")
struct StartRefreshTests {
    let t0 = TestPKI.referenceTime + 3600

    /// Starts a new service on the harness's cache at `time`: load, the sources due, their refresh when any.
    /// - Returns: the sources due and the requests the start made.
    func start(_ harness: RefreshHarness, at time: Date) throws -> (due: Set<SourceID>, requests: [FetchRequest]) {
        let before = harness.source.requests.count
        let service = harness.service()
        try service.load(at: time, lockTimeout: 5)
        let due = service.sourcesDueAtStart(at: time)
        if !due.isEmpty {
            _ = try service.refresh(sources: due, at: time, lockTimeout: 5, trigger: .start)
        }
        return (due, Array(harness.source.requests.dropFirst(before)))
    }

    @Test("a start while every list is fresh and not due fetches nothing")
    func freshAndNotDue() throws {
        let harness = try RefreshHarness()
        let filled = try harness.refresh(at: t0)
        #expect(filled.results.allSatisfy { $0.outcome == .updated })
        #expect(!harness.source.requests.isEmpty)

        let started = try start(harness, at: t0 + 60)
        #expect(started.due.isEmpty)
        #expect(started.requests.isEmpty, "\(started.requests.map(\.url))")
    }

    @Test("a start after the refresh interval has passed refreshes the lists due")
    func dueListsRefreshed() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)

        // 7 hours later: past 6 hours + 10% jitter, before the lists' nextUpdate (a day after their date).
        let started = try start(harness, at: t0 + 7 * 3600)
        #expect(started.due == [.list(harness.vicalID), .list(harness.ricalID)])
        let urls = Set(started.requests.map(\.url))
        #expect(urls.contains(harness.vicalURL))
        #expect(urls.contains(harness.ricalURL))
    }

    @Test("a list missing from the cache is refreshed at start, a fresh one is not")
    func missingListRefreshed() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0, only: [harness.vicalID])
        #expect(!harness.source.requests.contains { $0.url == harness.ricalURL })

        let started = try start(harness, at: t0 + 60)
        #expect(started.due == [.list(harness.ricalID)])
        let urls = started.requests.map(\.url)
        #expect(urls.contains(harness.ricalURL))
        #expect(!urls.contains(harness.vicalURL))
        let status = try harness.status(at: t0 + 60)
        #expect(status.lists.allSatisfy { $0.state == .fresh }, "\(status.lists.map(\.state))")
    }
}
