import Foundation
import TrustLists

/// `trustctl status [--config FILE] [--at TIME] [--json]`.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        overview: "Show each list's state (fresh, overdue, expired, no_trust), version, source and last error.",
        usage: "[--config <file>] [--at <time>] [--json]",
        options: [
            ConfigOption.option,
            .value("at", "time", "Evaluate states at this RFC 3339 time instead of now."),
            .flag("json", "Print JSON (keys documented in docs/cli.md)."),
        ],
        discussion: """
            Reads the cache directory written by the last refresh; fetches nothing.

            EXIT STATUS (monitoring-plugin convention): 0 OK, 1 WARNING (a list is overdue, or its last refresh
            failed while its last good version is still trusted), 2 CRITICAL (a list is expired or has no trust),
            3 UNKNOWN (configuration or usage error).
            """)

    static var usageExitCode: Int32 { 3 }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        guard let configuration = try MonitoringCommand.configuration(arguments, context: context) else { return 3 }
        let report = StatusReport(configuration: configuration, at: time)
        let snapshot = SnapshotSummary.read(configuration)
        if arguments.flag("json") {
            context.standardOutput(JSONText.render(json(report, snapshot: snapshot)))
        } else {
            context.print(text(report) + "\n" + SnapshotSummary.text(snapshot))
        }
        return report.exitStatus
    }

    static func json(_ report: StatusReport, snapshot: Result<Snapshot, SnapshotError>) -> JSONText.Object {
        [
            "time": report.time, "status": MonitoringStatus.word(report.exitStatus), "events": report.events,
            "snapshot": SnapshotSummary.json(snapshot),
            "lists": report.lists.map { list -> JSONText.Object in
                [
                    "id": list.id.description, "state": list.state.rawValue, "stateReason": list.stateReason,
                    "provider": list.current?.provider, "issueID": list.current?.issueID, "date": list.current?.date,
                    "nextUpdate": list.current?.nextUpdate, "notAfter": list.current?.notAfter,
                    "entries": list.current?.entries, "sha256": list.current?.sha256,
                    "signerNotAfter": list.current?.signerNotAfter, "source": list.origin?.rawValue,
                    "lastAttempt": list.lastAttempt, "lastSuccess": list.lastSuccess,
                    "lastError": list.lastError.map { error -> JSONText.Object in
                        [
                            "reason": error.reason.rawValue, "message": error.message, "first": error.first,
                            "last": error.last, "count": error.count,
                        ]
                    },
                ]
            },
        ]
    }

    static func text(_ report: StatusReport) -> String {
        let counts = ListState.allCases.compactMap { state -> String? in
            let n = report.lists.filter { $0.state == state }.count
            return n == 0 ? nil : "\(n) \(state.rawValue)"
        }
        var lines = [
            "\(MonitoringStatus.word(report.exitStatus)): \(counts.joined(separator: ", ")) at \(Timestamp.text(report.time))",
            "",
        ]
        var rows = [
            [
                "LIST", "STATE", "PROVIDER", "ISSUE", "DATE", "NEXT UPDATE", "ENTRIES", "SOURCE", "LAST SUCCESS",
                "LAST ERROR",
            ]
        ]
        for list in report.lists {
            let current = list.current
            rows.append([
                list.id.description, list.state.rawValue, current?.provider ?? "-",
                current?.issueID.map(String.init) ?? "-", current.map { Timestamp.text($0.date) } ?? "-",
                current?.nextUpdate.map(Timestamp.text) ?? "-", current.map { String($0.entries) } ?? "-",
                list.origin?.rawValue ?? "-", list.lastSuccess.map(Timestamp.text) ?? "never",
                list.lastError.map {
                    "\($0.reason) (\($0.count) failure\($0.count == 1 ? "" : "s") since \(Timestamp.text($0.first)))"
                } ?? "-",
            ])
        }
        lines.append(TextTable.columns(rows))
        for list in report.lists {
            if let reason = list.stateReason { lines.append("\(list.id): \(list.state.rawValue): \(reason)") }
            if let error = list.lastError {
                lines.append(
                    "\(list.id): last error \(error.reason): \(error.message) (\(error.count) failure\(error.count == 1 ? "" : "s") in a row, any reason, since \(Timestamp.text(error.first)))"
                )
            }
        }
        lines += report.events.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// The snapshot part of status: generation and counts, or nil when there is no readable snapshot yet.
enum SnapshotSummary {
    static func read(_ configuration: Configuration) -> Result<Snapshot, SnapshotError> {
        Result { () throws(SnapshotError) in try SnapshotFile.read(inCacheDirectory: configuration.cacheDirectory) }
    }

    static func json(_ snapshot: Result<Snapshot, SnapshotError>) -> JSONText.Object? {
        (try? snapshot.get()).map { snapshot -> JSONText.Object in
            [
                "generation": snapshot.generation, "builtAt": snapshot.builtAt, "issuers": snapshot.issuers.count,
                "verifiers": snapshot.verifiers.count,
            ]
        }
    }

    static func text(_ result: Result<Snapshot, SnapshotError>) -> String {
        let snapshot: Snapshot
        switch result {
        case .success(let read): snapshot = read
        case .failure(let error) where error.code == .missing: return "snapshot: none yet (run trustctl refresh)"
        case .failure(let error): return "snapshot: unusable (\(error)); the next refresh rebuilds it"
        }
        return "snapshot: generation \(snapshot.generation) built \(Timestamp.text(snapshot.builtAt)): "
            + "\(snapshot.issuers.count) issuers, \(snapshot.verifiers.count) verifiers"
    }
}
