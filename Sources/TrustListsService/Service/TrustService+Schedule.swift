import Foundation
import Synchronization
import TrustLists

/// The refresh schedule of a service (docs/architecture.md, The live service): planned from the histories in memory,
/// and what a daemon refreshes right after it loaded its cache.
extension TrustService {
    /// Plans the next refresh of every list from its history in memory (``RefreshSchedule``): interval with jitter,
    /// the `nextUpdate` window, backoff after failures, and a LoTE service's withdrawal still ahead.
    /// - Parameter now: the time, UTC.
    public func replan(at now: Date) {
        let status = status(at: now)
        // A LoTE service whose status ends it from a later StatusStartingTime (ETSI TS 119 602) is used until then:
        // its list is due then, so that the run's rebuild drops it.
        var statusChanges: [ListID: Date] = [:]
        for service in queries.snapshot.services where LoTEServiceRole.isEnding(status: service.status) {
            guard let start = service.statusStartingTime, start > now else { continue }
            statusChanges[service.source] = min(start, statusChanges[service.source] ?? start)
        }
        engine.withLock { engine in
            var histories: [SourceID: RefreshHistory] = [:]
            for list in configuration.lists {
                guard let listStatus = status.lists.first(where: { $0.id == list.id }) else { continue }
                var history = RefreshHistory(listStatus, list: list)
                history.statusChange = statusChanges[list.id]
                histories[.list(list.id)] = history
            }
            // Each CRL on its own plan: due no later than its nextUpdate, with the same jitter and backoff.
            for crl in status.crls { histories[.crl(crl.slot)] = RefreshHistory(crl) }
            engine.schedule.update(histories, now: now, using: &engine.generator)
            let schedule = engine.schedule
            published.withLock { $0.schedule = schedule }
        }
    }

    /// The schedule as last planned.
    public var schedule: RefreshSchedule { published.withLock { $0.schedule } }

    /// The sources a process that has just loaded the cache refreshes at once (the daemon's start): those the schedule
    /// says are due at `time`, from the histories `state.json` keeps (never refreshed or missing from the cache,
    /// failing and past their backoff, past their refresh interval or in their `nextUpdate` window), and none while
    /// every source is fresh and not due, so that a restart does not fetch and verify again what it has just verified.
    /// Plans the schedule first (``replan(at:)``).
    /// - Parameter time: the start time, UTC.
    /// - Returns: the lists and CRLs due; empty when nothing is.
    public func sourcesDueAtStart(at time: Date) -> Set<SourceID> {
        replan(at: time)
        return Set(schedule.due(at: time))
    }
}
