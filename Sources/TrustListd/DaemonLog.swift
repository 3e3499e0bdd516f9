import Foundation
import TrustLists
import TrustListsService

/// The daemon's log lines about lists: refresh results, membership changes, notes, cache events, state changes.
/// Short constant messages, data as `key=value` with dotted keys, reason codes from the one vocabulary.
extension Daemon {
    func log(_ result: ListRefreshResult, status: ListStatus?) {
        let id = ("list.id", result.id.description)
        switch result.outcome {
        case .updated:
            logger.log(
                .info, "list updated",
                [
                    id, ("issue.id", result.current?.issueID.map(String.init)),
                    ("issue.previous", result.previous?.issueID.map(String.init)),
                    ("date", result.current.map { Timestamp.text($0.date) }),
                    ("entries", result.current.map { String($0.entries) }),
                    ("added", String(result.diff?.added.count ?? 0)),
                    ("removed", String(result.diff?.removed.count ?? 0)), ("state", result.state.rawValue),
                    ("sha256", result.current?.sha256),
                ])
        case .unchanged(let why):
            logger.log(
                .info, "list unchanged",
                [
                    id, ("issue.id", result.current?.issueID.map(String.init)), ("state", result.state.rawValue),
                    ("detail", why),
                ])
        case .keptLastGood(let error), .failed(let error):
            let plan = service.schedule.plan(of: result.id)
            logger.log(
                result.state.isTrusted ? .warning : .error, "list refresh failed",
                [
                    id, ("outcome", result.outcome.name), ("reason", error.code.rawValue),
                    ("failures", status?.lastError.map { String($0.count) }), ("state", result.state.rawValue),
                    ("kept.issue.id", result.current?.issueID.map(String.init)),
                    ("retry.at", plan.map { Timestamp.text($0.due) }),
                    ("retry.in.seconds", plan.map { Self.number(max(0, $0.due.timeIntervalSinceNow)) }),
                    ("message", error.reason),
                ])
        case .offline:
            break
        case .cancelled:
            logger.log(.info, "list refresh cancelled", [id])
        }
        if let diff = result.diff {
            let member = result.id.kind.definition.memberName
            let shown = diff.summary()
            for subject in shown.added {
                logger.log(.info, "list member added", [id, ("member", member), ("subject", subject)])
            }
            for subject in shown.removed {
                logger.log(.info, "list member removed", [id, ("member", member), ("subject", subject)])
            }
            if shown.moreAdded + shown.moreRemoved > 0 {
                // A first refresh of a large list adds thousands: one line counts what the lines above do not name.
                logger.log(
                    .info, "list members not logged",
                    [
                        id, ("member", member), ("added.more", String(shown.moreAdded)),
                        ("removed.more", String(shown.moreRemoved)),
                    ])
            }
        }
        for note in result.notes {
            if note.hasPrefix("warning: ") {
                logger.log(
                    .warning, "list warning", [id, ("reason", "list_warning"), ("message", String(note.dropFirst(9)))])
            } else {
                logger.log(.info, "list note", [id, ("message", note)])
            }
        }
    }

    /// What loading the cache noticed: quarantines, a rebuilt state, leftovers removed, a snapshot file rewritten.
    func logStoreEvents(_ events: [String]) {
        for event in events {
            logger.log(.warning, "cache notice", [("reason", "cache_notice"), ("message", event)])
        }
    }

    func logStateChanges(_ status: StatusReport) {
        for list in status.lists {
            let before = knownStates[list.id]
            knownStates[list.id] = list.state
            guard let before, before != list.state else { continue }
            logger.log(
                Self.priority(of: list.state), "list state changed",
                [
                    ("list.id", list.id.description), ("state", list.state.rawValue), ("previous", before.rawValue),
                    ("reason", list.state.reasonCode?.rawValue), ("detail", list.stateReason),
                ])
        }
    }

    static func priority(of state: ListState) -> LogPriority {
        switch state {
        case .fresh, .none: .info
        case .overdue, .stale: .warning
        case .expired, .noTrust, .missing: .error
        }
    }
}
