import Foundation
import TrustLists

extension WireJSON {
    /// `trustctl refresh --json`: the monitoring word, per list the outcome (``RefreshOutcome/name``), reason,
    /// message, state and version, and the run's events (docs/cli.md).
    public static func refresh(_ report: RefreshReport) -> Object {
        [
            "time": report.time, "status": report.monitoringStatus.word, "headline": report.headline,
            "events": report.events,
            "snapshotGeneration": report.snapshotGeneration,
            "persistError": report.persistError.map { ["reason": $0.code.rawValue, "message": $0.reason] as Object },
            "lists": report.results.map { result -> Object in
                [
                    "id": result.id.description, "outcome": result.outcome.name,
                    "reason": result.outcome.error?.code.rawValue, "message": result.outcome.message,
                    "state": result.state.rawValue, "stateReason": result.stateReason,
                    "issueID": result.current?.issueID, "previousIssueID": result.previous?.issueID,
                    "date": result.current?.date, "entries": result.current?.entries,
                    "added": result.diff?.added ?? [], "removed": result.diff?.removed ?? [], "notes": result.notes,
                ]
            },
        ]
    }
}
