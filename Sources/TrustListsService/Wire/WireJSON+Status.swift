import Foundation
import TrustLists

extension WireJSON {
    /// `trustctl status --json` and `GET /v1/status`: the monitoring word, the lists with their states, versions,
    /// sources (`source`: where the version came from; `url`: where it is fetched) and last errors, and the snapshot
    /// generation in memory (docs/cli.md).
    /// - Parameters:
    ///   - report: the states.
    ///   - snapshot: the generation in memory, or nil.
    ///   - configuration: the configuration the report is of, for each list's `url`.
    public static func status(_ report: StatusReport, snapshot: Snapshot?, configuration: Configuration) -> Object {
        [
            "time": report.time, "status": report.monitoringStatus.word, "headline": report.headline,
            "events": report.events,
            "persistError": report.persistFailure.map(failure),
            "snapshot": snapshot.map(snapshotSummary),
            "lists": report.lists.map { list -> Object in
                [
                    "id": list.id.description, "state": list.state.rawValue, "stateReason": list.stateReason,
                    "provider": list.current?.provider, "issueID": list.current?.issueID, "date": list.current?.date,
                    "nextUpdate": list.current?.nextUpdate, "notAfter": list.current?.notAfter,
                    "entries": list.current?.entries, "sha256": list.current?.sha256,
                    "signerNotAfter": list.current?.signerNotAfter, "source": list.origin?.rawValue,
                    "url": configuration.list(list.id)?.source.url,
                    "lastAttempt": list.lastAttempt, "lastSuccess": list.lastSuccess,
                    "lastError": list.lastError.map(failure),
                ]
            },
        ]
    }

    /// A run of failures: `reason`, `message`, `first`, `last`, `count`.
    static func failure(_ failure: RecordedFailure) -> Object {
        [
            "reason": failure.reason.rawValue, "message": failure.message, "first": failure.first,
            "last": failure.last, "count": failure.count,
        ]
    }

    /// The snapshot part of status: `generation`, `builtAt`, `issuers`, `verifiers`.
    public static func snapshotSummary(_ snapshot: Snapshot) -> Object {
        [
            "generation": snapshot.generation, "builtAt": snapshot.builtAt, "issuers": snapshot.issuers.count,
            "verifiers": snapshot.verifiers.count,
        ]
    }
}
